package dev.pate.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** A study's {@code frontier} section: targets, anchors, and one-line errors with their lines. */
class FrontierReaderTest {

  private static final String STUDY = String.join("\n",
      "sweep:",
      "  aggregator.gamma: [0.05, 0.1]",
      "frontier:",
      "  targets: [1.0, 0.5]",
      "  anchors:",
      "    - label: PATE 2018",
      "      accuracy: 0.985",
      "      epsilon: 1.97",
      "      kind: data-dependent",
      "      source: Papernot et al. 2018, Table 2, delta 1e-5",
      "");

  private static Study load(String yaml) {
    return StudyLoader.parse(Configs.named(yaml, "study"), "study.yaml", List.of());
  }

  private static List<String> problems(String yaml) {
    return assertThrows(ConfigException.class, () -> load(yaml)).problems().stream()
        .map(ConfigProblem::toString).toList();
  }

  @Test
  void readsTargetsInAscendingOrderAndAnchors() {
    Frontier frontier = load(STUDY).frontier();
    assertEquals(List.of(0.5, 1.0), frontier.targets());
    assertEquals(List.of(new Anchor("PATE 2018", 0.985, 1.97, AnchorKind.DATA_DEPENDENT,
        "Papernot et al. 2018, Table 2, delta 1e-5")), frontier.anchors());
  }

  @Test
  void aStudyWithoutTheSectionHasNone() {
    assertEquals(Frontier.NONE, load("sweep:\n  aggregator.gamma: [0.05, 0.1]\n").frontier());
  }

  @Test
  void misspeltKeysGetADidYouMeanWithTheirLine() {
    List<String> problems = problems(STUDY.replace("accuracy:", "acuracy:")
        .replace("targets:", "target:"));
    assertTrue(problems.stream().anyMatch(p -> p.contains("line 4")
        && p.contains("frontier.target: unknown key; did you mean frontier.targets?")),
        problems.toString());
    assertTrue(problems.stream().anyMatch(p -> p.contains("line 7") && p.contains(
        "frontier.anchors[0].acuracy: unknown key; did you mean frontier.anchors[0].accuracy?")),
        problems.toString());
    assertTrue(problems.stream().anyMatch(p -> p.contains("frontier.anchors[0]: missing"
        + " accuracy")), problems.toString());
  }

  @Test
  void badValuesAreReportedWithWhatIsAllowed() {
    List<String> problems = problems(STUDY.replace("kind: data-dependent", "kind: dependent")
        .replace("accuracy: 0.985", "accuracy: 98.5"));
    assertTrue(problems.stream().anyMatch(p -> p.contains("line 7")
        && p.contains("frontier.anchors[0].accuracy: 98.5 is not in [0, 1]")),
        problems.toString());
    assertTrue(problems.stream().anyMatch(p -> p.contains("line 9")
        && p.contains("frontier.anchors[0].kind: 'dependent' is not one of guarantee,"
        + " data-dependent, released, with-subsampling")), problems.toString());
  }

  @Test
  void aRunFileWithAFrontierIsToldToRunItAsAStudy() {
    ConfigException e = assertThrows(ConfigException.class, () -> ConfigLoader.parse(
        Configs.named("frontier:\n  targets: [1]\n", "run"), "run.yaml", List.of()));
    assertTrue(e.getMessage().contains("frontier: a frontier section belongs to a study"),
        e.getMessage());
  }
}
