package dev.pate.config;

import static dev.pate.config.Configs.load;
import static dev.pate.config.Configs.onlyProblem;
import static dev.pate.config.Configs.problems;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.OptionalDouble;
import org.junit.jupiter.api.Test;

/** {@code aggregator.noise: auto}: what it needs, what it refuses, and how it is written back. */
class AutoNoiseConfigTest {

  private static final String BUDGET = "privacy:\n  budget: {epsilon: 2.0}\n";

  @Test
  void autoNeedsABudgetEpsilon() {
    assertEquals(
        "exp.yaml line 2: privacy.budget.epsilon: missing; required when aggregator.noise is auto"
            + " (the planner chooses the least noise that meets this budget, or every group's of"
            + " privacy.groups.budgets)",
        onlyProblem("aggregator:\n  noise: auto\n"));
    // Set by an override, the problem points at the override.
    assertEquals(
        "override: privacy.budget.epsilon: missing; required when aggregator.noise is auto (the"
            + " planner chooses the least noise that meets this budget, or every group's of"
            + " privacy.groups.budgets)",
        onlyProblem("", "aggregator.noise=auto"));
    // An explicit null budget is no budget.
    assertTrue(
        onlyProblem("aggregator: {noise: auto}\nprivacy: {budget: {epsilon: null}}\n")
            .contains("privacy.budget.epsilon: missing; required when aggregator.noise is auto"));
  }

  @Test
  void aBadBudgetIsReportedOnceNotAlsoAsMissing() {
    assertEquals(
        "exp.yaml line 2: privacy.budget.epsilon: -1 is not > 0",
        onlyProblem("aggregator: {noise: auto}\nprivacy: {budget: {epsilon: -1}}\n"));
  }

  @Test
  void autoRefusesTheMechanismsOwnNoiseParameters() {
    assertEquals(
        "exp.yaml line 3: aggregator.gamma: not allowed when aggregator.noise is auto: the"
            + " planner chooses it from privacy.budget (remove it, or set aggregator.noise:"
            + " fixed)",
        onlyProblem("aggregator:\n  noise: auto\n  gamma: 0.1\n" + BUDGET));
    List<String> confident =
        problems(
            "aggregator:\n  mechanism: confident-gnmax\n  noise: auto\n  threshold: 200\n"
                + "  sigma1: 150\n  sigma2: 40\n  expected_teacher_accuracy: 0.9\n"
                + BUDGET);
    assertEquals(3, confident.size(), confident.toString());
    for (String name : List.of("threshold", "sigma1", "sigma2")) {
      assertTrue(
          confident.stream().anyMatch(p -> p.contains("aggregator." + name + ": not allowed when")),
          name + " in " + confident);
    }
    // From an override too.
    assertTrue(
        onlyProblem("aggregator: {mechanism: gnmax, noise: auto}\n" + BUDGET, "aggregator.sigma=40")
            .contains("aggregator.sigma: not allowed when aggregator.noise is auto"));
  }

  @Test
  void autoIgnoresParametersOfOtherMechanismsAndExplicitNulls() {
    // As under fixed noise, a sweep over mechanisms may keep the others' parameters.
    AggregatorConfig a =
        load("aggregator:\n  mechanism: gnmax\n  noise: auto\n  gamma: 0.1\n  sigma: ~\n" + BUDGET)
            .aggregator();
    assertEquals(NoiseMode.AUTO, a.noise());
    assertTrue(a.planned());
    assertEquals(OptionalDouble.empty(), a.gamma());
    assertEquals(OptionalDouble.empty(), a.sigma());
  }

  @Test
  void confidentGnmaxUnderAutoNeedsAStatedTeacherAccuracy() {
    assertEquals(
        "exp.yaml: aggregator.expected_teacher_accuracy: missing; expected a number in [0, 1]"
            + " (required when aggregator.mechanism is confident-gnmax and aggregator.noise is"
            + " auto)",
        onlyProblem("aggregator: {mechanism: confident-gnmax, noise: auto}\n" + BUDGET));
    assertEquals(
        "exp.yaml line 1: aggregator.expected_teacher_accuracy: 1.5 is not in [0, 1]",
        onlyProblem(
            "aggregator: {mechanism: confident-gnmax, noise: auto, expected_teacher_accuracy:"
                + " 1.5}\n"
                + BUDGET));
    AggregatorConfig a =
        load("aggregator: {mechanism: confident-gnmax, noise: auto,"
                + " expected_teacher_accuracy: 0.9}\n"
                + BUDGET)
            .aggregator();
    assertEquals(OptionalDouble.of(0.9), a.expectedTeacherAccuracy());
    assertEquals(OptionalDouble.empty(), a.threshold());
    // Under fixed noise the expectation is not used: checked, then ignored.
    assertEquals(
        OptionalDouble.empty(),
        load("aggregator: {mechanism: confident-gnmax, expected_teacher_accuracy: 0.9}\n")
            .aggregator()
            .expectedTeacherAccuracy());
  }

  @Test
  void anAutoConfigIsWrittenWithoutNoiseParametersAndReadsBackEqual() {
    RunConfig config = load("aggregator: {mechanism: gnmax, noise: auto}\n" + BUDGET);
    String written = ConfigWriter.toYaml(config);
    assertTrue(written.contains("  noise: auto\n"), written);
    for (String absent : List.of("gamma", "sigma", "threshold", "expected_teacher_accuracy")) {
      assertFalse(written.contains(absent + ":"), absent + " in " + written);
    }
    assertEquals(config, ConfigLoader.parse(written, "config.yaml", List.of()));
  }

  @Test
  void theListingSaysWhenEachNoiseKeyIsUsed() {
    assertEquals(
        "aggregator.mechanism is lnmax and aggregator.noise is not auto",
        key("aggregator.gamma").usedWhen());
    assertEquals(
        "aggregator.mechanism is confident-gnmax and aggregator.noise is auto",
        key("aggregator.expected_teacher_accuracy").usedWhen());
    assertEquals("fixed, auto", key("aggregator.noise").allowed());
    assertEquals("secure", key("aggregator.randomness").defaultValue());
  }

  private static ConfigKey key(String path) {
    return ConfigSchema.keys().stream()
        .filter(k -> k.path().equals(path))
        .findFirst()
        .orElseThrow();
  }
}
