package dev.pate.config;

import static dev.pate.config.Configs.load;
import static dev.pate.config.Configs.onlyProblem;
import static dev.pate.config.Configs.problems;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pate.datasets.csv.MissingPolicy;
import dev.pate.datasets.csv.Scaling;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The dataset.csv section: a conditional section with mappings and booleans nearby. */
class CsvConfigTest {

  static final String ADULT = String.join("\n",
      "dataset:",
      "  name: csv",
      "  query_pool: 10000",
      "  csv:",
      "    private_file: adult/adult.data",
      "    public_file: adult/adult.test",
      "    public_skip_lines: 1",
      "    columns: [age, workclass, sex, income]",
      "    delimiter: ','",
      "    label: income",
      "    classes: ['<=50K', '>50K']",
      "    strip_label_suffix: '.'",
      "    categorical: [workclass, sex]",
      "    numeric: [age]",
      "    missing: ['?', '']",
      "    missing_policy: category",
      "    scaling: minmax",
      "    vocabularies: {sex: [Female, Male]}",
      "    ranges: {age: [17, 90]}",
      "baseline:",
      "  non_private: true",
      "");

  @Test
  void readsEveryKey() {
    RunConfig config = load(ADULT);
    CsvConfig csv = config.dataset().csv().orElseThrow();
    assertEquals(Path.of("adult/adult.data"), csv.privateFile());
    assertEquals(Path.of("adult/adult.test"), csv.publicFile());
    assertEquals(0, csv.privateSkipLines());
    assertEquals(1, csv.publicSkipLines());
    assertEquals(Optional.of(List.of("age", "workclass", "sex", "income")), csv.columns());
    assertEquals(",", csv.delimiter());
    assertEquals(List.of("<=50K", ">50K"), csv.classes());
    assertEquals(Optional.of("."), csv.stripLabelSuffix());
    assertEquals(List.of("?", ""), csv.missing());
    assertEquals(MissingPolicy.CATEGORY, csv.missingPolicy());
    assertEquals(Scaling.MINMAX, csv.scaling());
    assertEquals(Map.of("sex", List.of("Female", "Male")), csv.vocabularies());
    assertEquals(Map.of("age", List.of(17.0, 90.0)), csv.ranges());
    assertTrue(config.baseline().nonPrivate());
  }

  @Test
  void roundTripsThroughTheWrittenConfig() {
    RunConfig config = load(ADULT);
    String written = ConfigWriter.toYaml(config);
    assertEquals(config, load(written));
    assertTrue(written.contains("    classes: [<=50K, '>50K']\n"), written);
    assertEquals(written, ConfigWriter.toYaml(load(written)));
    assertFalse(written.contains("&"), "anchors or aliases: " + written);
  }

  @Test
  void theSectionIsLeftOutAndIgnoredForImages() {
    RunConfig mnist = load("dataset:\n  csv:\n    label: income\n");
    assertEquals(Optional.empty(), mnist.dataset().csv());
    assertFalse(ConfigWriter.toYaml(mnist).contains("csv"), ConfigWriter.toYaml(mnist));
    assertFalse(ConfigWriter.toYaml(load("")).contains("csv:"));
  }

  @Test
  void requiredKeysAreRequiredOnlyForCsv() {
    assertEquals(
        List.of(
            "exp.yaml: dataset.csv.private_file: missing; expected a path",
            "exp.yaml: dataset.csv.public_file: missing; expected a path"),
        problems("dataset: {name: csv}"));
    assertEquals(List.of("exp.yaml: dataset.csv.label: missing; expected the column holding the"
            + " class (or dataset.csv.labels, the 0/1 label columns of a multi-label table)"),
        problems("dataset: {name: csv, csv: {private_file: a.csv, public_file: b.csv}}"));
    assertEquals(List.of("exp.yaml: dataset.csv.classes: missing; expected the class names, at"
            + " least 2 (required with dataset.csv.label)"),
        problems("dataset: {name: csv, csv: {private_file: a.csv, public_file: b.csv,"
            + " label: y}}"));
  }

  @Test
  void keysInsideTheSectionListTheirCondition() {
    ConfigKey label = ConfigSchema.keys().stream()
        .filter(k -> k.path().equals("dataset.csv.label")).findFirst().orElseThrow();
    assertEquals("dataset.name is csv", label.usedWhen());
    assertEquals("required without labels", label.defaultValue());
    ConfigKey delimiter = ConfigSchema.keys().stream()
        .filter(k -> k.path().equals("dataset.csv.delimiter")).findFirst().orElseThrow();
    assertEquals("','", delimiter.defaultValue());
  }

  @Test
  void mappingValuesAreCheckedAtTheirOwnPath() {
    assertEquals("exp.yaml line 1: dataset.csv.ranges.age: [17] has 1 entry; allowed: 2 entries",
        onlyProblem(ADULT, "dataset.csv.ranges={age: [17]}").replace("override", "exp.yaml line 1"));
    assertTrue(onlyProblem(ADULT, "dataset.csv.vocabularies=[sex]")
        .contains("dataset.csv.vocabularies: ['sex'] is not a mapping of column"));
    assertTrue(onlyProblem(ADULT, "dataset.csv.vocabularies={sex: []}")
        .contains("dataset.csv.vocabularies.sex: [] has 0 entries"));
  }

  @Test
  void delimiterIsOneCharacterAndBooleansAreStrict() {
    assertTrue(onlyProblem(ADULT, "dataset.csv.delimiter=';;'")
        .contains("dataset.csv.delimiter: ';;' is not a string of one character"));
    assertTrue(onlyProblem("baseline: {non_private: yes}\n")
        .endsWith("baseline.non_private: yes is not true or false"));
    assertEquals("\t", load(ADULT, "dataset.csv.delimiter=\"\\t\"").dataset().csv().get()
        .delimiter());
  }
}
