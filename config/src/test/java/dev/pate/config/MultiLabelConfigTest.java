package dev.pate.config;

import static dev.pate.config.Configs.load;
import static dev.pate.config.Configs.onlyProblem;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pate.aggregator.multilabel.MultiLabelMechanism;
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

  @Test
  void multiLabelDataNeedsAMultiLabelMechanismAndSingleLabelDataRefusesOne() {
    assertTrue(onlyProblem(DATA).contains("multi_label.mechanism: missing; dataset.name"
        + " mnist-multidigit is multi-label"), onlyProblem(DATA));
    String onMnist = onlyProblem("multi_label: {mechanism: binary-voting, sigma: 10}\n");
    assertTrue(onMnist.contains("exp.yaml line 1: multi_label.mechanism: binary-voting answers"
        + " label sets, but dataset.name mnist has one class"), onMnist);
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
        List.of("student: {method: self-training}\n", "student.method"),
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

  @Test
  void theExperimentFileLoadsForEachMechanismAndGuarantee() {
    java.nio.file.Path file = java.nio.file.Path.of(System.getProperty("pate.repo.root", ".."),
        "experiments", "multidigit.yaml");
    for (MultiLabelMechanism.Kind kind : MultiLabelMechanism.Kind.values()) {
      for (String epsilon : List.of("1", "2", "4")) {
        RunConfig config = ConfigLoader.load(file, List.of("multi_label.mechanism=" + kind.id(),
            "privacy.budget.epsilon=" + epsilon));
        assertEquals(kind, config.multiLabel().kind());
        assertTrue(config.aggregator().planned());
      }
    }
  }

  @Test
  void aWrittenMultiLabelConfigLoadsBackTheSame() {
    RunConfig config = load(DATA + "multi_label: {mechanism: tau-voting, tau: 2, sigma: 5}\n");
    assertEquals(config, load(ConfigWriter.toYaml(config)));
  }
}
