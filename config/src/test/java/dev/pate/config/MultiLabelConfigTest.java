package dev.pate.config;

import static dev.pate.config.Configs.load;
import static dev.pate.config.Configs.onlyProblem;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pate.aggregator.multilabel.MultiLabelMechanism;
import dev.pate.ensemble.nn.TrainingEngine;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Multi-label configs: what they need, what they refuse (one line, naming the key). */
class MultiLabelConfigTest {

  private static final String DATA = "dataset:\n  name: mnist-multidigit\n  query_pool: 500\n";

  @Test
  void aMultiDigitRunWithItsMechanismLoads() {
    RunConfig config = load(DATA + "multi_label:\n  mechanism: tau-voting\n  tau: 1.5\n"
        + "  sigma: 30\n");
    assertTrue(config.multiLabel().enabled());
    assertEquals(new MultiDigitConfig(10000, 3000, 2, 3), config.dataset().multidigit().get());
    MultiLabelMechanism mechanism = config.multiLabel().fixedMechanism(10);
    assertEquals(Map.of("labels", 10.0, "tau", 1.5, "sigma", 30.0, "threshold", 0.5),
        mechanism.parameters());
    assertFalse(load("aggregator: {gamma: 0.1}\n").multiLabel().enabled());
  }

  /** One sigmoid per label: DL4J trains a multi-label run's networks, whatever auto would take. */
  @Test
  void aMultiLabelRunsTeachersAndStudentAreDl4jsUnderAuto() {
    RunConfig multi = load(DATA + "multi_label:\n  mechanism: tau-voting\n  tau: 1.5\n"
        + "  sigma: 30\n");
    assertEquals(TrainingEngine.DL4J, multi.teacherEngine());
    assertEquals(TrainingEngine.DL4J, multi.studentEngine());
    RunConfig single = load("aggregator: {gamma: 0.1}\n");
    assertEquals(TrainingEngine.ONEDNN, single.teacherEngine(), "auto, the built-in cnn");
    assertEquals(TrainingEngine.ONEDNN, single.studentEngine(), "auto, the built-in cnn");
  }

  @Test
  void multiLabelDataNeedsAMultiLabelMechanismAndSingleLabelDataRefusesOne() {
    assertTrue(onlyProblem(DATA).contains("multi_label.mechanism: missing; dataset.name"
        + " mnist-multidigit makes the data multi-label"), onlyProblem(DATA));
    assertTrue(onlyProblem(TABLE).contains("multi_label.mechanism: missing; dataset.csv.labels"
        + " makes the data multi-label"), onlyProblem(TABLE));
    String onMnist = onlyProblem("multi_label: {mechanism: binary-voting, sigma: 10}\n");
    assertTrue(onMnist.contains("exp.yaml line 1: multi_label.mechanism: binary-voting answers"
        + " label sets, but dataset.name mnist has one class"), onMnist);
  }

  /** A multi-label table: three 0/1 label columns. */
  private static final String TABLE = "dataset:\n  name: csv\n  query_pool: 200\n  csv:\n"
      + "    private_file: private.csv\n    public_file: public.csv\n"
      + "    labels: [red, green, blue]\n    numeric: [x]\n";

  private static final String BINARY = "multi_label: {mechanism: binary-voting, sigma: 30}\n"
      + "teachers: {network: {architecture: mlp}}\nstudent: {network: {architecture: mlp}}\n";

  @Test
  void aTableWithLabelColumnsIsMultiLabelAndNamesItsLabels() {
    RunConfig config = load(TABLE + BINARY);
    assertTrue(config.dataset().multiLabel());
    assertEquals(List.of("red", "green", "blue"), config.dataset().labelNames());
    assertEquals(java.util.Optional.empty(), config.dataset().csv().get().label());
    RunConfig images = load("dataset:\n  name: images\n  images:\n    private_dir: p\n"
        + "    private_labels: p.csv\n    public_dir: q\n    public_labels: q.csv\n"
        + "    labels: [cat, dog]\n" + BINARY);
    assertEquals(List.of("cat", "dog"), images.dataset().labelNames());
    assertFalse(load("dataset:\n  name: csv\n  csv:\n    private_file: a.csv\n"
        + "    public_file: b.csv\n    label: y\n    classes: [a, b]\n    numeric: [x]\n")
        .dataset().multiLabel());
  }

  @Test
  void aTableNamesItsLabelColumnsOrItsClassColumnNotBoth() {
    String both = onlyProblem(TABLE + "    label: red\n" + BINARY);
    assertTrue(both.contains("dataset.csv.label: not used with dataset.csv.labels"), both);
    String classes = onlyProblem(TABLE + "    classes: [a, b]\n" + BINARY);
    assertTrue(classes.contains("dataset.csv.classes: not used with dataset.csv.labels"),
        classes);
    String images = onlyProblem("dataset:\n  name: images\n  images:\n    private_dir: p\n"
        + "    public_dir: q\n    labels: [cat, dog]\n    classes: [cat, dog]\n" + BINARY);
    assertTrue(images.contains("dataset.images.classes: not used with dataset.images.labels"),
        images);
  }

  @Test
  void tooManyLabelsAreRefusedNamingTheKey() {
    List<String> seventeen = new java.util.ArrayList<>();
    for (int j = 0; j < 31; j++) {
      seventeen.add("l" + j);
    }
    String powerset = onlyProblem(TABLE.replace("[red, green, blue]",
        seventeen.subList(0, 17).toString()) + BINARY.replace("binary-voting",
        "powerset-voting"));
    assertTrue(powerset.contains("multi_label.mechanism: powerset-voting counts all 2^labels"
        + " subsets; dataset.csv.labels has 17 labels, more than 16"), powerset);
    String thirtyOne = onlyProblem(TABLE.replace("[red, green, blue]", seventeen.toString())
        + BINARY);
    assertTrue(thirtyOne.contains("dataset.csv.labels: "), thirtyOne);
  }

  @Test
  void aTableNeedsMlpNetworks() {
    String cnn = onlyProblem(TABLE + BINARY.replace("teachers: {network: {architecture: mlp}}",
        "teachers: {network: {architecture: cnn}}"));
    assertTrue(cnn.contains("teachers.network.architecture: cnn needs images"), cnn);
  }

  @Test
  void tauVotingWithoutTauIsRefused() {
    String problem = onlyProblem(DATA + "multi_label: {mechanism: tau-voting, sigma: 30}\n");
    assertTrue(problem.contains("multi_label.tau: missing"), problem);
  }

  @Test
  void sigmaIsGivenWithFixedNoiseAndPlannedWithAuto() {
    assertTrue(onlyProblem(DATA + "multi_label: {mechanism: binary-voting}\n")
        .contains("multi_label.sigma: missing"));
    String auto = onlyProblem(DATA + "multi_label: {mechanism: binary-voting, sigma: 3}\n"
        + "aggregator: {noise: auto}\nprivacy: {budget: {epsilon: 2}}\n");
    assertTrue(auto.contains("multi_label.sigma: not allowed when aggregator.noise is auto"), auto);
    assertTrue(load(DATA + "multi_label: {mechanism: powerset-voting}\n"
        + "aggregator: {noise: auto}\nprivacy: {budget: {epsilon: 2}}\n").multiLabel().enabled());
  }

  @Test
  void whatAMultiLabelRunDoesNotDoIsRefusedByKey() {
    String run = DATA + "multi_label: {mechanism: binary-voting, sigma: 30}\n";
    for (List<String> refused : List.of(
        List.of("privacy: {release: smooth-sensitivity, release_teacher_accuracy: 0.9}\n",
            "privacy.release"),
        List.of("aggregator: {mechanism: gnmax, sigma: 40}\n", "aggregator.mechanism"),
        List.of("aggregator: {selection: active}\n", "aggregator.selection"),
        List.of("aggregator: {selection: typical}\n", "aggregator.selection"),
        List.of("student: {method: self-training}\n", "student.method"),
        List.of("teachers: {engine: onednn}\n", "teachers.engine"),
        List.of("student: {engine: onednn}\n", "student.engine"),
        List.of("student: {ensemble: 3}\n", "student.ensemble"),
        List.of("privacy: {groups: {method: upsampling, source: {draw: {a: 0.5, b: 0.5}},"
            + " budgets: {a: {epsilon: 1}, b: {epsilon: 2}}}}\n", "privacy.groups.method"))) {
      String problem = onlyProblem(run + refused.get(0));
      assertTrue(problem.contains(": " + refused.get(1) + ": "), problem);
    }
  }

  /** The non-private ceiling of a multi-label run is its student on the queries' true labels. */
  @Test
  void theNonPrivateCeilingIsAccepted() {
    assertTrue(load(DATA + "multi_label: {mechanism: binary-voting, sigma: 30}\n"
        + "baseline: {non_private: true, epochs: 3}\n").baseline().nonPrivate());
  }

  @Test
  void canvasesMustFitMnistAndLeaveAHeldOutSet() {
    String problem = onlyProblem("dataset:\n  name: mnist-multidigit\n  query_pool: 3000\n"
        + "multi_label: {mechanism: binary-voting, sigma: 30}\n");
    assertTrue(problem.contains("dataset.query_pool: 3000 is not < dataset.multidigit"
        + ".public_canvases (3000)"), problem);
    String tooMany = onlyProblem(DATA + "  multidigit: {private_canvases: 30000}\n"
        + "multi_label: {mechanism: binary-voting, sigma: 30}\n");
    assertTrue(tooMany.contains("dataset.multidigit.private_canvases: 30000 canvases"), tooMany);
  }

  /** The experiment file is a study: each mechanism at each guarantee, three seeds each. */
  @Test
  void theExperimentFileLoadsForEachMechanismAndGuarantee() {
    java.nio.file.Path file = java.nio.file.Path.of(System.getProperty("pate.repo.root", ".."),
        "experiments", "multidigit.yaml");
    Study study = StudyLoader.load(file, List.of());
    assertEquals(List.of("multi_label.mechanism", "privacy.budget.epsilon", "seed"),
        study.sweptKeys());
    java.util.Set<String> settings = new java.util.HashSet<>();
    for (StudyPoint point : study.points()) {
      RunConfig config = point.config();
      assertTrue(config.aggregator().planned());
      settings.add(config.multiLabel().kind().id() + " "
          + config.privacy().budget().epsilon().getAsDouble() + " " + config.seed());
    }
    java.util.Set<String> expected = new java.util.HashSet<>();
    for (MultiLabelMechanism.Kind kind : MultiLabelMechanism.Kind.values()) {
      for (double epsilon : List.of(1.0, 2.0, 4.0)) {
        for (long seed : List.of(1L, 2L, 3L)) {
          expected.add(kind.id() + " " + epsilon + " " + seed);
        }
      }
    }
    assertEquals(expected, settings);
  }

  @Test
  void aWrittenMultiLabelConfigLoadsBackTheSame() {
    RunConfig config = load(DATA + "multi_label: {mechanism: tau-voting, tau: 2, sigma: 5}\n");
    assertEquals(config, load(ConfigWriter.toYaml(config)));
  }
}
