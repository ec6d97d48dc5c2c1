package dev.pate.pipeline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.pate.aggregator.accounting.NoiseKind;
import dev.pate.aggregator.accounting.PrivacyAccountant;
import dev.pate.aggregator.lnmax.LnmaxAccounting;
import dev.pate.aggregator.lnmax.Pate2017Analysis;
import dev.pate.aggregator.lnmax.Pate2017Report;
import dev.pate.aggregator.lnmax.Pate2017Variant;
import dev.pate.aggregator.rdp.Conversion;
import dev.pate.aggregator.rdp.Orders;
import dev.pate.pipeline.labelling.RunNoise;
import dev.pate.pipeline.output.Json;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A whole run on a few hundred MNIST images (seconds), through the library: the run folder, the
 * report's fields, the privacy numbers against the PATE 2017 analysis of the written votes, and
 * reproducibility.
 */
class TinyRunTest {
  @TempDir static Path dir;
  static Path first;
  static Path second;

  @BeforeAll
  static void runTwice() {
    first = TinyRuns.run(TinyRuns.TINY, dir.resolve("a"));
    second = TinyRuns.run(TinyRuns.TINY, dir.resolve("b"));
  }

  @Test
  void writesTheWholeRunFolder() throws IOException {
    for (String f : List.of("config.yaml", "votes.csv", "labels.csv", "report.json",
        "teachers/manifest.json", "teachers/teacher-000.zip", "teachers/teacher-005.zip")) {
      assertTrue(Files.isRegularFile(first.resolve(f)), f);
    }
    List<String> votes = Files.readAllLines(first.resolve("votes.csv"));
    assertEquals(61, votes.size());
    assertEquals("index,count_0,count_1,count_2,count_3,count_4,count_5,count_6,count_7,count_8,"
        + "count_9", votes.get(0));
    for (String row : votes.subList(1, votes.size())) {
      int sum = Stream.of(row.split(",")).skip(1).mapToInt(Integer::parseInt).sum();
      assertEquals(6, sum, row);
    }
    JsonNode manifest = Json.mapper().readTree(first.resolve("teachers/manifest.json").toFile());
    assertEquals(6, manifest.get("teachers").size());
    assertEquals(200, manifest.get("teachers").get(0).get("training_examples").asInt());
  }

  @Test
  void reportHasEveryPromisedFieldAndLabelAccuracyMatchesLabelsCsv() throws IOException {
    JsonNode r = Json.mapper().readTree(first.resolve("report.json").toFile());
    for (String path : List.of("teachers/count", "teachers/private/mean_test_accuracy",
        "aggregation/mechanism", "aggregation/gamma", "aggregation/queries_answered",
        "aggregation/label_accuracy", "privacy/delta", "privacy/epsilon_data_independent",
        "privacy/guarantee/basis", "privacy/epsilon_spent", "privacy/unit", "privacy/neighbours",
        "privacy/private/epsilon_data_dependent", "privacy/private/order", "privacy/randomness",
        "student/test_accuracy", "private/timings/teachers_seconds",
        "private/timings/total_seconds")) {
      assertFalse(r.at("/" + path).isMissingNode(), path);
    }
    assertEquals("seeded", r.at("/privacy/randomness").asText());
    assertFalse(r.at("/privacy/guarantee_holds").asBoolean(), "seeded noise is no guarantee");
    assertTrue(r.at("/privacy/statements/0/note").asText().startsWith("NOT a guarantee"));
    assertEquals("fixed", r.at("/aggregation/noise").asText());
    assertTrue(r.get("plan").isNull(), "fixed noise has no plan");
    assertFalse(Files.exists(first.resolve(RunNoise.PLAN_FILE)));
    assertEquals(60, r.at("/aggregation/queries_answered").asInt());

    List<String> labels = Files.readAllLines(first.resolve("labels.csv"));
    assertEquals("index,noisy_label,true_label", labels.get(0));
    long correct = labels.stream().skip(1).map(l -> l.split(","))
        .filter(f -> f[1].equals(f[2])).count();
    assertEquals(correct / 60.0, r.at("/aggregation/label_accuracy").asDouble(), 1e-12);
    double studentAccuracy = r.at("/student/test_accuracy").asDouble();
    assertTrue(studentAccuracy > 0.3 && studentAccuracy <= 1.0, "student " + studentAccuracy);
  }

  @Test
  void epsilonsAgreeWithThePate2017AnalysisOfTheWrittenVotes() throws IOException {
    JsonNode r = Json.mapper().readTree(first.resolve("report.json").toFile());
    double[][] votes = readVotes(first.resolve("votes.csv"));
    double delta = r.at("/privacy/delta").asDouble();

    // The comparison with the paper's analysis (analysis.py, verified against the reference
    // vectors): its data-dependent figure is private and labelled as no bound for this run.
    Pate2017Report paper = Pate2017Analysis.analyse(votes, 0.5, delta, 0.09,
        Pate2017Variant.OFFICIAL_CODE);
    assertEquals(paper.epsilon().epsilon(),
        r.at("/privacy/private/comparison_pate2017/epsilon").asDouble(), 1e-9);
    assertTrue(r.at("/privacy/private/comparison_pate2017/note").asText()
        .contains("not a bound for this run"));
    assertEquals(paper.dataIndependentEpsilon().epsilon(),
        r.at("/privacy/comparison_pate2017/epsilon").asDouble(), 1e-9);

    // The run's own accounting over orders 2..9 with the classic conversion never undercuts the
    // paper's (it covers discrete noise and ties, and the corrected validity condition).
    PrivacyAccountant moments = new PrivacyAccountant(
        new LnmaxAccounting(0.5, Orders.moments2017(), NoiseKind.DISCRETE));
    for (double[] row : votes) {
      moments.charge(row, true);
    }
    var restricted = moments.report(delta, Conversion.CLASSIC);
    assertTrue(restricted.epsilonDataDependent().epsilon()
        >= paper.epsilon().epsilon() - 1e-12);

    // The reported epsilon is the same accountant over the default orders, improved conversion.
    PrivacyAccountant full = new PrivacyAccountant(
        new LnmaxAccounting(0.5, Orders.defaults(), NoiseKind.DISCRETE));
    for (double[] row : votes) {
      full.charge(row, true);
    }
    var claimed = full.report(delta, Conversion.IMPROVED);
    assertEquals(claimed.epsilonDataDependent().epsilon(),
        r.at("/privacy/private/epsilon_data_dependent").asDouble(), 1e-12);
    assertEquals(claimed.epsilonDataDependent().order(),
        r.at("/privacy/private/order").asDouble());
    assertEquals(claimed.epsilonDataIndependent().epsilon(),
        r.at("/privacy/epsilon_data_independent").asDouble(), 1e-12);
    assertTrue(r.at("/privacy/private/epsilon_data_dependent").asDouble()
        <= r.at("/privacy/epsilon_data_independent").asDouble());
  }

  @Test
  void sameConfigAndSeedGiveTheSameTeachersVotesLabelsAndNumbers() throws IOException {
    for (String f : List.of("config.yaml", "votes.csv", "labels.csv")) {
      assertEquals(Files.readString(first.resolve(f)), Files.readString(second.resolve(f)), f);
    }
    JsonNode a = Json.mapper().readTree(first.resolve("report.json").toFile());
    JsonNode b = Json.mapper().readTree(second.resolve("report.json").toFile());
    for (String section : List.of("aggregation", "privacy", "student")) {
      assertEquals(a.get(section), b.get(section), section);
    }
    // Each output folder has its own teacher cache; the teachers and their key are the same.
    ((com.fasterxml.jackson.databind.node.ObjectNode) a.at("/teachers/private/cache"))
        .remove("folder");
    ((com.fasterxml.jackson.databind.node.ObjectNode) b.at("/teachers/private/cache"))
        .remove("folder");
    assertEquals(a.get("teachers"), b.get("teachers"));
    JsonNode ma = Json.mapper().readTree(first.resolve("teachers/manifest.json").toFile());
    JsonNode mb = Json.mapper().readTree(second.resolve("teachers/manifest.json").toFile());
    for (int t = 0; t < 6; t++) {
      assertEquals(ma.at("/teachers/" + t + "/test_accuracy"), mb.at("/teachers/" + t
          + "/test_accuracy"));
      assertEquals(ma.at("/teachers/" + t + "/seed"), mb.at("/teachers/" + t + "/seed"));
    }
  }

  static double[][] readVotes(Path csv) throws IOException {
    List<String> lines = Files.readAllLines(csv);
    double[][] out = new double[lines.size() - 1][];
    for (int i = 1; i < lines.size(); i++) {
      out[i - 1] = Stream.of(lines.get(i).split(",")).skip(1).mapToDouble(Double::parseDouble)
          .toArray();
    }
    assertNotNull(out);
    return out;
  }
}
