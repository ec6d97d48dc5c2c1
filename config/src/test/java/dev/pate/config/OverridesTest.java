package dev.pate.config;

import static dev.pate.config.Configs.load;
import static dev.pate.config.Configs.onlyProblem;
import static dev.pate.config.Configs.problems;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pate.aggregator.mechanism.Mechanism;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

class OverridesTest {

  @Test
  void overridesReplaceFileValues() {
    RunConfig config =
        load(
            "aggregator:\n  gamma: 0.05\nteachers:\n  count: 250\n",
            "aggregator.gamma=0.1",
            "teachers.count=100");
    assertEquals(OptionalDouble.of(0.1), config.aggregator().gamma());
    assertEquals(100, config.teachers().count());
  }

  @Test
  void overridesSetKeysTheFileDoesNotHave() {
    RunConfig config =
        load(
            "",
            "aggregator.mechanism=confident-gnmax",
            "aggregator.threshold=300",
            "student.network.conv_filters=[8, 16, 32]",
            "privacy.orders=[1.5, 2, 64]",
            "dataset.data_dir=/tmp/my data",
            "name=from-cli");
    assertEquals(Mechanism.Kind.CONFIDENT_GNMAX, config.aggregator().mechanism());
    assertEquals(OptionalDouble.of(300), config.aggregator().threshold());
    assertEquals(new Mechanism.ConfidentGnmax(300, 150, 40), config.aggregator().fixedMechanism());
    // What auto noise becomes once planned: the same section, fixed to the chosen mechanism.
    Mechanism chosen = new Mechanism.ConfidentGnmax(250, 120, 35);
    assertEquals(chosen, config.aggregator().fixedTo(chosen).fixedMechanism());
    assertThrows(IllegalArgumentException.class,
        () -> config.aggregator().fixedTo(new Mechanism.Gnmax(40)));
    assertEquals(List.of(8, 16, 32), config.student().network().convFilters());
    assertEquals(Optional.of(List.of(1.5, 2.0, 64.0)), config.privacy().orders());
    assertEquals(Optional.of(Path.of("/tmp/my data")), config.dataset().dataDir());
    assertEquals("from-cli", config.name());
  }

  @Test
  void overrideCanClearAnOptionalKey() {
    RunConfig config = load("dataset: {private_limit: 1000}", "dataset.private_limit=null");
    assertEquals(OptionalInt.empty(), config.dataset().privateLimit());
    assertEquals(
        OptionalInt.empty(),
        load("dataset: {private_limit: 1000}", "dataset.private_limit=").dataset().privateLimit());
  }

  @Test
  void overrideValueIsCheckedLikeAFileValue() {
    assertEquals(
        "override: aggregator.gamma: -0.1 is not > 0", onlyProblem("", "aggregator.gamma=-0.1"));
    assertEquals(
        "override: teachers.count: 'lots' is not an integer >= 1",
        onlyProblem("", "teachers.count=lots"));
    assertEquals(
        "override: student.network.conv_filters[0]: 0 is not >= 1",
        onlyProblem("", "student.network.conv_filters=[0]"));
  }

  @Test
  void unknownOverrideKeySuggestsTheClosestPath() {
    assertEquals(
        "override: teachers.cont: unknown key; did you mean teachers.count?",
        onlyProblem("", "teachers.cont=3"));
    assertEquals(
        "override: teacher.count: unknown key; did you mean teachers.count?",
        onlyProblem("", "teacher.count=3"));
    assertEquals(
        "override: aggregator.allowance: unknown key; allowed in aggregator: mechanism, noise,"
            + " gamma, sigma, threshold, sigma1, sigma2, expected_teacher_accuracy, queries,"
            + " selection, active_rounds, active_epochs, randomness",
        onlyProblem("", "aggregator.allowance=3"));
  }

  @Test
  void overrideMustNameALeafKey() {
    assertEquals(
        "override: teachers.network: a section, not a key; set one of its keys:"
            + " teachers.network.architecture, teachers.network.conv_filters,"
            + " teachers.network.kernel, teachers.network.dense, teachers.network.dropout,"
            + " teachers.network.epochs, teachers.network.batch_size,"
            + " teachers.network.learning_rate, teachers.network.learning_rate_schedule, teachers.network.l2",
        onlyProblem("", "teachers.network={epochs: 3}"));
    assertEquals(
        "override: seed.value: seed is a key, not a section", onlyProblem("", "seed.value=3"));
  }

  @Test
  void malformedOverrides() {
    assertEquals(
        "override: 'gamma 0.1' is not key=value, e.g. aggregator.gamma=0.1",
        onlyProblem("", "gamma 0.1"));
    assertEquals(
        "override: '=3' is not key=value, e.g. aggregator.gamma=0.1", onlyProblem("", "=3"));
    assertTrue(
        onlyProblem("", "teachers.network.dense=[1, 2")
            .startsWith("override: teachers.network.dense: '[1, 2' is not a YAML value: "));
    assertEquals("override: seed: overridden twice", onlyProblem("", "seed=2", "seed=3"));
  }

  @Test
  void overrideProblemsComeAfterFileProblems() {
    assertEquals(
        List.of("exp.yaml line 2: seed: 0 is not >= 1", "override: teachers.count: 0 is not >= 1"),
        problems("name: x\nseed: 0\n", "teachers.count=0"));
  }

  @Test
  void overrideCanMakeAnUnusedParameterUsed() {
    // The file sets sigma for a later sweep; switching the mechanism on the command line uses it.
    RunConfig config = load("aggregator:\n  sigma: 25\n", "aggregator.mechanism=gnmax");
    assertEquals(OptionalDouble.of(25), config.aggregator().sigma());
    assertTrue(config.aggregator().gamma().isEmpty());
  }
}
