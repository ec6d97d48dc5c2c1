package dev.pate.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pate.aggregator.rdp.Conversion;
import dev.pate.datasets.csv.MissingPolicy;
import dev.pate.datasets.csv.Scaling;
import dev.pate.ensemble.nn.Architecture;
import dev.pate.ensemble.nn.NetworkSettings;
import dev.pate.student.SelfTrainingSettings;
import dev.pate.student.StudentMethod;
import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class ConfigSchemaTest {

  private static final List<ConfigKey> KEYS = ConfigSchema.keys();

  @Test
  void everyKeyIsListedOnceWithAMeaningAndADefault() {
    Set<String> paths = new HashSet<>();
    for (ConfigKey key : KEYS) {
      assertTrue(paths.add(key.path()), "listed twice: " + key.path());
      assertFalse(key.type().isBlank(), key.path());
      assertFalse(key.meaning().isBlank(), key.path());
      assertFalse(key.defaultValue().isBlank(), key.path());
    }
    assertEquals(142, KEYS.size(), KEYS.stream().map(ConfigKey::path).toList().toString());
  }

  @Test
  void sectionsAreListedWithMeanings() {
    List<String> paths = ConfigSchema.sections().stream().map(ConfigSection::path).toList();
    assertEquals(
        List.of(
            "dataset",
            "dataset.csv",
            "dataset.images",
            "dataset.multidigit",
            "teachers",
            "teachers.network",
            "teachers.spark",
            "teachers.self_training",
            "teachers.pretraining",
            "aggregator",
            "privacy",
            "privacy.budget",
            "privacy.dataset_budget",
            "privacy.groups",
            "privacy.groups.source",
            "student",
            "student.network",
            "student.self_training",
            "baseline",
            "output",
            "multi_label"),
        paths);
    ConfigSchema.sections().forEach(s -> assertFalse(s.meaning().isBlank(), s.path()));
    // Every key lives at the top level or in a listed section.
    for (ConfigKey key : KEYS) {
      int dot = key.path().lastIndexOf('.');
      assertTrue(dot < 0 || paths.contains(key.path().substring(0, dot)), key.path());
    }
  }

  @Test
  void listingShowsTypeRangeDefaultAndCondition() {
    ConfigKey sigma = key("aggregator.sigma");
    assertEquals("number", sigma.type());
    assertEquals("> 0", sigma.allowed());
    assertEquals("40", sigma.defaultValue());
    assertEquals(
        "aggregator.mechanism is gnmax and aggregator.noise is not auto", sigma.usedWhen());
    assertEquals(
        "teachers.network.kernel: integer (odd, in [1, 9]), default 5, used when"
            + " teachers.network.architecture is cnn. side of the square convolution kernels (odd,"
            + " so a kernel has a centre)",
        key("teachers.network.kernel").toString());
    assertEquals("[32, 64]", key("student.network.conv_filters").defaultValue());
    assertEquals("[16, 32]", key("teachers.network.conv_filters").defaultValue());
    assertEquals("required", key("name").defaultValue());
    assertEquals("null", key("dataset.private_limit").defaultValue());
    assertEquals("lnmax, gnmax, confident-gnmax", key("aggregator.mechanism").allowed());
  }

  /** The listing and the loader agree: each listed default, given as an override, loads. */
  @Test
  void everyListedDefaultIsAcceptedAsAnOverrideAndChangesNothing() {
    RunConfig defaults = Configs.load("");
    for (ConfigKey key : KEYS) {
      if (key.path().equals("name")) {
        continue; // its default is a description, not a value
      }
      String override = key.path() + "=" + key.defaultValue();
      assertEquals(defaults, Configs.load("", override), override);
    }
  }

  /** Every record component has exactly one key or section, named as its snake_case form. */
  @Test
  void eachRecordComponentIsDeclaredInTheSchema() {
    Map<Class<?>, Section<?>> sections =
        Map.ofEntries(
            Map.entry(RunConfig.class, RunConfig.SECTION),
            Map.entry(DatasetConfig.class, DatasetConfig.SECTION),
            Map.entry(CsvConfig.class, CsvConfig.SECTION),
            Map.entry(BaselineConfig.class, BaselineConfig.SECTION),
            Map.entry(TeachersConfig.class, TeachersConfig.SECTION),
            Map.entry(AggregatorConfig.class, AggregatorConfig.SECTION),
            Map.entry(PrivacyConfig.class, PrivacyConfig.SECTION),
            Map.entry(StudentConfig.class, StudentConfig.SECTION),
            Map.entry(NetworkSettings.class, NetworkConfig.SECTION),
            Map.entry(SelfTrainingSettings.class, SelfTrainingConfig.SECTION),
            Map.entry(OutputConfig.class, OutputConfig.SECTION));
    for (Map.Entry<Class<?>, Section<?>> entry : sections.entrySet()) {
      List<String> components =
          Arrays.stream(entry.getKey().getRecordComponents())
              .map(RecordComponent::getName)
              .map(ConfigSchemaTest::snakeCase)
              .toList();
      assertEquals(components, entry.getValue().memberNames(), entry.getKey().getSimpleName());
    }
  }

  @Test
  void everyChoiceIdIsLowerCaseAndUnique() {
    List<Class<? extends Enum<?>>> choices =
        List.of(
            DatasetName.class,
            Architecture.class,
            Selection.class,
            NoiseMode.class,
            Randomness.class,
            Conversion.class,
            StudentMethod.class,
            MissingPolicy.class,
            Scaling.class);
    for (Class<? extends Enum<?>> type : choices) {
      List<String> ids =
          Arrays.stream(type.getEnumConstants()).map(Choice::idOf).collect(Collectors.toList());
      assertEquals(ids.size(), new HashSet<>(ids).size(), type.getSimpleName());
      ids.forEach(id -> assertTrue(id.matches("[a-z][a-z0-9-]*"), id));
    }
    assertEquals(Selection.ACTIVE, Choice.byId(Selection.class, "active").get());
    assertTrue(Choice.byId(Selection.class, "ACTIVE").isEmpty());
  }

  @Test
  void crossChecksNameExistingKeys() {
    List<String> paths = new ArrayList<>(ConfigSchema.keyPaths());
    for (CrossCheck check : ConfigSchema.CROSS_CHECKS) {
      assertTrue(paths.contains(check.key()), check.key());
      assertTrue(paths.contains(check.limitKey()), check.limitKey());
    }
    for (Requirement requirement : ConfigSchema.REQUIREMENTS) {
      assertTrue(paths.contains(requirement.key()), requirement.key());
      assertTrue(paths.contains(requirement.requiredKey()), requirement.requiredKey());
    }
  }

  private static ConfigKey key(String path) {
    return KEYS.stream().filter(k -> k.path().equals(path)).findFirst().orElseThrow();
  }

  private static String snakeCase(String camelCase) {
    return camelCase.replaceAll("([a-z0-9])([A-Z])", "$1_$2").toLowerCase();
  }
}
