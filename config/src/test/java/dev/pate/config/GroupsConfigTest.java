package dev.pate.config;

import static dev.pate.config.Configs.load;
import static dev.pate.config.Configs.onlyProblem;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pate.datasets.groups.GroupPartitioning;
import dev.pate.datasets.groups.GroupSettings;
import dev.pate.datasets.groups.GroupSource;
import dev.pate.datasets.groups.GroupSpec;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

/** privacy.groups: its keys, the typed settings, and every check against the rest of the run. */
class GroupsConfigTest {

  private static final String CSV = String.join("\n",
      "dataset:",
      "  name: csv",
      "  query_pool: 100",
      "  csv:",
      "    private_file: adult/adult.data",
      "    public_file: adult/adult.test",
      "    label: income",
      "    classes: ['<=50K', '>50K']",
      "    categorical: [workclass]",
      "    numeric: [age]",
      "    ignored: [consent]",
      "aggregator:",
      "  mechanism: gnmax",
      "");

  private static final String GROUPS = String.join("\n",
      "privacy:",
      "  delta: 1.0e-5",
      "  groups:",
      "    method: upsampling",
      "    source: {column: consent}",
      "    budgets:",
      "      strict: {epsilon: 1.0}",
      "      standard: {epsilon: 2.0, delta: 1.0e-6}",
      "      open: {epsilon: 3.0}",
      "");

  private static final String WEIGHTING = String.join("\n",
      "teachers:",
      "  count: 250",
      "privacy:",
      "  groups:",
      "    method: weighting",
      "    source: {file: groups.npy}",
      "    budgets: {strict: {epsilon: 1.0}, standard: {epsilon: 2.0}, open: {epsilon: 3.0}}",
      "    teachers: {strict: 100, standard: 100, open: 50}",
      "");

  @Test
  void withoutGroupsThereAreNoSettings() {
    RunConfig config = load(CSV);
    assertEquals(GroupsConfig.none(), config.privacy().groups());
    assertTrue(config.privacy().groups().settings(1e-5, 250).isEmpty());
  }

  @Test
  void upsamplingGivesTypedSettingsWithEachGroupsDelta() {
    GroupSettings settings =
        load(CSV + GROUPS).privacy().groups().settings(1e-5, 250).orElseThrow();
    assertEquals(GroupPartitioning.UPSAMPLING, settings.method());
    assertEquals(new GroupSource.Column("consent"), settings.source());
    assertEquals(List.of(
        new GroupSpec("strict", 1.0, 1e-5, OptionalInt.empty()),
        new GroupSpec("standard", 2.0, 1e-6, OptionalInt.empty()),
        new GroupSpec("open", 3.0, 1e-5, OptionalInt.empty())), settings.groups());
  }

  @Test
  void weightingGivesEachGroupsTeachers() {
    GroupSettings settings =
        load(CSV + WEIGHTING).privacy().groups().settings(1e-5, 250).orElseThrow();
    assertEquals(GroupPartitioning.WEIGHTING, settings.method());
    assertEquals(new GroupSource.RecordFile(Path.of("groups.npy")), settings.source());
    assertEquals(List.of("strict", "standard", "open"), settings.names());
    assertEquals(List.of(100, 100, 50),
        java.util.Arrays.stream(settings.teachersPerGroup()).boxed().toList());
  }

  @Test
  void theWrittenConfigReadsBackTheSame() {
    RunConfig config = load(CSV + GROUPS);
    String written = ConfigWriter.toYaml(config);
    assertEquals(config, ConfigLoader.parse(written, "written.yaml", List.of()));
  }

  @Test
  void foldersMapClassFoldersOfPrivateImagesToGroups() {
    String yaml = ImagesConfigTest.FOLDERS + String.join("\n",
        "aggregator:",
        "  mechanism: confident-gnmax",
        "privacy:",
        "  groups:",
        "    method: upsampling",
        "    source: {folders: {malignant: strict, benign: open}}",
        "    budgets: {strict: {epsilon: 1.0}, open: {epsilon: 3.0}}",
        "");
    GroupSettings settings = load(yaml).privacy().groups().settings(1e-5, 250).orElseThrow();
    assertEquals(new GroupSource.Folders(Map.of("malignant", "strict", "benign", "open")),
        settings.source());
  }

  @Test
  void everyRefusalIsOneProblemNamingItsKey() {
    assertProblem(CSV.replace("gnmax", "lnmax") + GROUPS, "aggregator.mechanism",
        "lnmax is not supported with privacy groups");
    assertProblem(CSV + GROUPS + "  release: smooth-sensitivity\n"
        + "  release_teacher_accuracy: 0.9\n", "privacy.release",
        "smooth-sensitivity is not supported with privacy groups");
    assertProblem(CSV + GROUPS + "  budget: {epsilon: 2.0}\n", "privacy.budget.epsilon",
        "not allowed with privacy.groups");
    assertProblem(CSV + GROUPS + "    teachers: {strict: 1, standard: 1, open: 1}\n",
        "privacy.groups.teachers", "not allowed when privacy.groups.method is upsampling");
    assertProblem(CSV + WEIGHTING.replace("    teachers: {strict: 100, standard: 100, open: 50}\n",
        ""), "privacy.groups.teachers", "missing; required when privacy.groups.method is"
        + " weighting");
    assertProblem(CSV + WEIGHTING.replace("open: 50", "open: 49"), "privacy.groups.teachers",
        "the groups' teachers sum to 249, not teachers.count (250)");
    assertProblem(CSV + WEIGHTING.replace("open: 50", "opne: 50"), "privacy.groups.teachers",
        "no teacher count for group(s) [open]");
    assertProblem(CSV + GROUPS.replace("      standard: {epsilon: 2.0, delta: 1.0e-6}\n", "")
        .replace("      open: {epsilon: 3.0}\n", ""), "privacy.groups.budgets",
        "1 group; expected at least two");
    assertProblem(CSV + GROUPS.replace("source: {column: consent}",
        "source: {column: consent, file: g.npy}"), "privacy.groups.source",
        "several given; expected exactly one of column, file, folders");
    assertProblem(CSV + GROUPS.replace("    source: {column: consent}\n", ""),
        "privacy.groups.source", "missing; expected exactly one of column, file, folders");
    assertProblem(CSV.replace("ignored: [consent]", "ignored: [id]") + GROUPS,
        "privacy.groups.source.column", "column 'consent' is not in dataset.csv.ignored");
    assertProblem(CSV + GROUPS.replace("source: {column: consent}",
        "source: {folders: {a: strict}}"), "privacy.groups.source.folders",
        "only for private images in class folders");
    assertProblem(ImagesConfigTest.FOLDERS + "aggregator: {mechanism: gnmax}\n"
        + GROUPS, "privacy.groups.source.column", "only for dataset.name csv");
    assertProblem(CSV + "privacy:\n  groups:\n    budgets: {a: {epsilon: 1}, b: {epsilon: 2}}\n",
        "privacy.groups.method", "missing; required when privacy.groups.budgets is given");
  }

  @Test
  void aBudgetIsCheckedWhereItIsWritten() {
    assertProblem(CSV + GROUPS.replace("open: {epsilon: 3.0}", "open: {epsilon: -3.0}"),
        "privacy.groups.budgets.open.epsilon", "");
    assertProblem(CSV + GROUPS.replace("open: {epsilon: 3.0}", "open: {delta: 0.1}"),
        "privacy.groups.budgets.open.epsilon", "missing");
    assertProblem(CSV + GROUPS.replace("open: {epsilon: 3.0}", "open: {epsilon: 3, eps: 1}"),
        "privacy.groups.budgets.open.eps", "unknown key");
    assertProblem(CSV + GROUPS.replace("      open: {epsilon: 3.0}\n",
        "      open: {epsilon: 3.0}\n      open: {epsilon: 4.0}\n"),
        "privacy.groups.budgets.open", "");
  }

  private static final String DRAW = String.join("\n",
      "teachers:",
      "  count: 250",
      "privacy:",
      "  groups:",
      "    method: weighting",
      "    source: {draw: {strict: 0.34, standard: 0.43, open: 0.23}}",
      "    budgets: {strict: {epsilon: 1.0}, standard: {epsilon: 2.0}, open: {epsilon: 3.0}}",
      "");

  @Test
  void drawnGroupsUnderWeightingDealTheTeachersInTheStatedShares() {
    GroupSettings settings = load(CSV + DRAW).privacy().groups().settings(1e-5, 250)
        .orElseThrow();
    assertEquals(new GroupSource.Draw(Map.of("strict", 0.34, "standard", 0.43, "open", 0.23)),
        settings.source());
    // 85 + 107.5 + 57.5: the floors 85, 107, 57, then one more to the largest remainder.
    int[] teachers = settings.teachersPerGroup();
    assertEquals(250, java.util.Arrays.stream(teachers).sum());
    assertEquals(85, teachers[0]);
    assertTrue(teachers[1] == 108 && teachers[2] == 57 || teachers[1] == 107 && teachers[2] == 58,
        java.util.Arrays.toString(teachers));
    // Uniform and upsampling take no teacher counts.
    GroupSettings uniform = load(CSV + DRAW.replace("weighting", "uniform")).privacy().groups()
        .settings(1e-5, 250).orElseThrow();
    assertEquals(GroupPartitioning.UNIFORM, uniform.method());
    assertTrue(uniform.groups().stream().allMatch(g -> g.teachers().isEmpty()));
  }

  @Test
  void autoNoiseTakesTheGroupsBudgetsInPlaceOfTheRunsOne() {
    RunConfig config = load(CSV.replace("mechanism: gnmax", "mechanism: gnmax\n  noise: auto")
        + DRAW);
    assertTrue(config.aggregator().planned());
    assertTrue(config.privacy().budget().epsilon().isEmpty());
    assertProblem(CSV.replace("mechanism: gnmax", "mechanism: gnmax\n  noise: auto"),
        "privacy.budget.epsilon", "missing; required when aggregator.noise is auto");
  }

  @Test
  void weightingNeedsTheLocalExecutorThatWeighsVotes() {
    assertProblem(CSV + DRAW.replace("  count: 250", "  count: 250\n  executor: spark"),
        "teachers.executor", "spark cannot weigh the teachers' votes");
  }

  @Test
  void drawnSharesMustNameEveryGroupAndSumToOne() {
    assertProblem(CSV + DRAW.replace("open: 0.23", "open: 0.2"), "privacy.groups.source.draw",
        "the shares sum to 0.97");
    assertProblem(CSV + DRAW.replace("open: 0.23", "other: 0.23"), "privacy.groups.source.draw",
        "expected one for each group of privacy.groups.budgets");
    assertProblem(CSV + DRAW.replace("weighting", "uniform") + "    teachers: {strict: 100,"
        + " standard: 100, open: 50}\n", "privacy.groups.teachers",
        "not allowed when privacy.groups.method is uniform");
  }

  private static void assertProblem(String yaml, String key, String text) {
    String problem = onlyProblem(yaml);
    assertTrue(problem.contains(key + ": " + text) || problem.contains(key + ":")
        && problem.contains(text), problem);
    assertTrue(problem.contains(key), problem);
    assertFalse(problem.contains("\n"), problem);
  }
}
