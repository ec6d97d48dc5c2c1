package dev.pate.config;

import static dev.pate.config.Configs.load;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pate.aggregator.rdp.Conversion;
import dev.pate.ensemble.nn.Architecture;
import dev.pate.ensemble.nn.LearningRateSchedule;
import dev.pate.ensemble.nn.NetworkSettings;
import dev.pate.ensemble.nn.TrainingEngine;
import dev.pate.student.SelfTrainingSettings;
import dev.pate.student.StudentMethod;
import dev.pate.aggregator.mechanism.Mechanism;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ConfigLoaderDefaultsTest {

  @Test
  void aConfigNamingOnlyItsRunGetsTheDocumentedDefaults() {
    RunConfig config = load("name: exp\n");

    assertEquals("exp", config.name());
    assertEquals(1L, config.seed());
    assertEquals(
        new DatasetConfig(
            DatasetName.MNIST, Optional.empty(), 9000, 0, OptionalInt.empty(), Optional.empty(),
            Optional.empty(), Optional.empty()),
        config.dataset());
    NetworkSettings teacherNetwork =
        new NetworkSettings(
            Architecture.CNN,
            List.of(16, 32),
            OptionalInt.of(5),
            List.of(128),
            0.0,
            15,
            32,
            0.001,
            LearningRateSchedule.LINEAR,
            0.0);
    assertEquals(new TeachersConfig(250, 2, 1, teacherNetwork), config.teachers());
    assertEquals(
        new AggregatorConfig(
            Mechanism.Kind.LNMAX,
            NoiseMode.FIXED,
            OptionalDouble.of(0.05),
            OptionalDouble.empty(),
            OptionalDouble.empty(),
            OptionalDouble.empty(),
            OptionalDouble.empty(),
            OptionalDouble.empty(),
            100,
            Selection.FIRST,
            OptionalInt.empty(),
            OptionalInt.empty(),
            Randomness.SECURE),
        config.aggregator());
    assertEquals(
        new PrivacyConfig(1e-5, Optional.empty(), Conversion.IMPROVED, BudgetConfig.none(),
            DatasetBudgetConfig.none(), DataDependentRelease.NONE, NoiseMode.AUTO,
            OptionalDouble.empty(), OptionalDouble.empty(), OptionalDouble.empty(),
            OptionalDouble.empty(), GroupsConfig.none()),
        config.privacy());
    NetworkSettings studentNetwork =
        new NetworkSettings(
            Architecture.CNN,
            List.of(32, 64),
            OptionalInt.of(5),
            List.of(128),
            0.25,
            30,
            32,
            0.001,
            LearningRateSchedule.LINEAR,
            0.0);
    assertEquals(
        new StudentConfig(true, StudentMethod.SUPERVISED, studentNetwork, List.of(),
            SelfTrainingSettings.defaults(), TrainingEngine.AUTO, 1), config.student());
    assertEquals(new OutputConfig(Path.of("runs"), true), config.output());
  }

  @Test
  void commentsAndEmptySectionsAlsoGiveDefaults() {
    RunConfig defaults = load("name: exp\n");
    assertEquals(defaults, load("# nothing set yet\nname: exp\n"));
    assertEquals(defaults, load("teachers:\naggregator:\n  # later\n"));
  }

  /**
   * A config with nothing in it would start a whole run on every default: almost surely the wrong
   * file. Refused alone, whatever the overrides, and for text as for files.
   */
  @Test
  void anEmptyConfigIsRefusedAlone(@TempDir Path dir) throws Exception {
    for (String empty : List.of("", "# nothing set yet\n", "{}", "~\n", "\uFEFF\n\n")) {
      ConfigException e = assertThrows(ConfigException.class,
          () -> ConfigLoader.parse(empty, "exp.yaml", List.of("name=x")));
      assertEquals(1, e.problems().size(), e.getMessage());
      assertTrue(e.getMessage().startsWith("exp.yaml: empty: nothing is configured"),
          e.getMessage());
    }
    Path file = dir.resolve("empty.yaml");
    Files.writeString(file, "");
    assertTrue(assertThrows(ConfigException.class, () -> ConfigLoader.load(file, List.of()))
        .getMessage().startsWith(file + ": empty"));
  }

  @Test
  void mechanismParametersArePresentExactlyForTheirMechanism() {
    AggregatorConfig gnmax = load("aggregator: {mechanism: gnmax}").aggregator();
    assertEquals(OptionalDouble.of(40), gnmax.sigma());
    assertTrue(gnmax.gamma().isEmpty());
    assertTrue(gnmax.threshold().isEmpty());

    AggregatorConfig confident = load("aggregator: {mechanism: confident-gnmax}").aggregator();
    assertEquals(OptionalDouble.of(200), confident.threshold());
    assertEquals(OptionalDouble.of(150), confident.sigma1());
    assertEquals(OptionalDouble.of(40), confident.sigma2());
    assertTrue(confident.gamma().isEmpty());
    assertTrue(confident.sigma().isEmpty());
  }

  @Test
  void parametersOfAnotherMechanismAreCheckedThenIgnored() {
    // One file for a sweep over mechanisms: both parameters set, only the used one kept.
    String yaml = "aggregator:\n  mechanism: gnmax\n  gamma: 0.1\n  sigma: 30\n";
    AggregatorConfig aggregator = load(yaml).aggregator();
    assertEquals(OptionalDouble.of(30), aggregator.sigma());
    assertTrue(aggregator.gamma().isEmpty());
    // ...but an unused value must still be valid, so a sweep cannot hide a typo.
    assertEquals(
        "exp.yaml line 3: aggregator.gamma: -0.1 is not > 0",
        Configs.onlyProblem("aggregator:\n  mechanism: gnmax\n  gamma: -0.1\n"));
  }

  @Test
  void mlpHasNoConvolutionSettings() {
    NetworkSettings mlp =
        load("teachers: {network: {architecture: mlp, kernel: 3, dense: []}}").teachers().network();
    assertEquals(Architecture.MLP, mlp.architecture());
    assertEquals(List.of(), mlp.convFilters());
    assertTrue(mlp.kernel().isEmpty());
    assertEquals(List.of(), mlp.dense());
  }

  @Test
  void numbersAcceptTheUsualDecimalForms() {
    RunConfig config =
        load(
            "privacy: {delta: 1e-6, orders: [1.5, 2, 1_000]}\n"
                + "aggregator: {gamma: .5}\n"
                + "seed: 1_000");
    assertEquals(1e-6, config.privacy().delta());
    assertEquals(Optional.of(List.of(1.5, 2.0, 1000.0)), config.privacy().orders());
    assertEquals(OptionalDouble.of(0.5), config.aggregator().gamma());
    assertEquals(1000L, config.seed());
  }

  @Test
  void optionalKeysTakeValues() {
    DatasetConfig dataset =
        load("dataset: {name: fashion-mnist, data_dir: /data/fm, private_limit: 5000}").dataset();
    assertEquals(DatasetName.FASHION_MNIST, dataset.name());
    assertEquals(Optional.of(Path.of("/data/fm")), dataset.dataDir());
    assertEquals(OptionalInt.of(5000), dataset.privateLimit());
  }

  @Test
  void explicitNameWinsOverTheFileName() {
    assertEquals("mnist-quick", load("name: mnist-quick").name());
    assertEquals("2024", load("name: 2024").name());
  }

  /**
   * Runs are filed under their name: a file without one is refused (a default from the file name
   * would file a renamed copy elsewhere without a word); an override may give it.
   */
  @Test
  void aFileWithoutANameIsRefused(@TempDir Path dir) throws Exception {
    Path file = Files.createDirectories(dir.resolve("configs")).resolve("gnmax.sweep-1.yml");
    Files.writeString(file, "seed: 7\n");
    ConfigException e = assertThrows(ConfigException.class, () -> ConfigLoader.load(file,
        List.of()));
    assertEquals(file + ": name: missing; expected a string of 1 to 100 letters, digits, '.', '_' or '-',"
        + " starting with a letter or digit", e.getMessage());
    RunConfig named = ConfigLoader.load(file, List.of("name=gnmax"));
    assertEquals("gnmax", named.name());
    assertEquals(7L, named.seed());
  }

  /** The onednn engine trains no dropout: refused when the file is read, naming both keys. */
  @Test
  void teachersAndStudentEachTakeAnEngine() {
    RunConfig config = ConfigLoader.parse("name: x", "x.yaml",
        List.of("teachers.engine=onednn", "student.engine=dl4j"));
    assertEquals(TrainingEngine.ONEDNN, config.teachers().engine());
    assertEquals(TrainingEngine.DL4J, config.student().engine());
    assertEquals(TrainingEngine.DL4J, config.student().settings().engine());
    ConfigException e = assertThrows(ConfigException.class, () -> ConfigLoader.parse("name: x",
        "x.yaml", List.of("student.engine=pytorch")));
    assertTrue(e.getMessage().contains("student.engine"), e.getMessage());
  }

  @Test
  void fileWithByteOrderMarkAndWindowsLineEndingsLoads(@TempDir Path dir) throws Exception {
    Path file = dir.resolve("bom.yaml");
    Files.writeString(file, "\uFEFFname: bom\r\nseed: 5\r\nteachers:\r\n  count: 10\r\n");
    RunConfig config = ConfigLoader.load(file, List.of());
    assertEquals(5L, config.seed());
    assertEquals(10, config.teachers().count());
  }

  /** Text built in code is held to the file's rules: its source name is no run name. */
  @Test
  void textWithoutANameIsRefusedLikeAFile() {
    ConfigException failure =
        assertThrows(
            ConfigException.class, () -> ConfigLoader.parse("seed: 2", "FromCode", List.of()));
    assertTrue(failure.getMessage().startsWith("FromCode: name: missing"), failure.getMessage());
    assertEquals("x", ConfigLoader.parse("name: x", "my exp.yaml", List.of()).name());
  }

  @Test
  void recordsAreImmutable() {
    RunConfig config = load("teachers: {network: {conv_filters: [8]}}");
    List<Integer> filters = config.teachers().network().convFilters();
    assertThrows(UnsupportedOperationException.class, () -> filters.add(1));
    java.util.ArrayList<Integer> mutable = new java.util.ArrayList<>(List.of(4));
    NetworkSettings network =
        new NetworkSettings(Architecture.MLP, List.of(), OptionalInt.empty(), mutable, 0, 1, 1, 1,
            LearningRateSchedule.LINEAR, 0);
    mutable.add(5);
    assertEquals(List.of(4), network.dense());
  }

  @Test
  void recordsRejectInconsistentStructure() {
    IllegalArgumentException error =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                new AggregatorConfig(
                    Mechanism.Kind.GNMAX,
                    NoiseMode.FIXED,
                    OptionalDouble.of(0.05),
                    OptionalDouble.of(40),
                    OptionalDouble.empty(),
                    OptionalDouble.empty(),
                    OptionalDouble.empty(),
                    OptionalDouble.empty(),
                    10,
                    Selection.FIRST,
                    OptionalInt.empty(),
                    OptionalInt.empty(),
                    Randomness.SECURE));
    assertEquals("gamma: must be empty for mechanism gnmax with noise fixed", error.getMessage());
    assertThrows(
        IllegalArgumentException.class,
        () ->
            new NetworkSettings(
                Architecture.CNN, List.of(), OptionalInt.of(5), List.of(), 0, 1, 1, 1,
                LearningRateSchedule.LINEAR, 0));
  }
}
