package dev.pate.pipeline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.pate.aggregator.accounting.NoiseKind;
import dev.pate.aggregator.accounting.PrivacyAccountant;
import dev.pate.aggregator.multilabel.MultiLabelMechanism;
import dev.pate.aggregator.multilabel.MultiLabelVoteFile;
import dev.pate.aggregator.rdp.Conversion;
import dev.pate.aggregator.rdp.Orders;
import dev.pate.config.ConfigLoader;
import dev.pate.config.RunConfig;
import dev.pate.files.UserError;
import dev.pate.ledger.Ledger;
import dev.pate.ledger.LedgerContents;
import dev.pate.ledger.LedgerEntry;
import dev.pate.ledger.LedgerReader;
import dev.pate.pipeline.multilabel.MultiLabelManifest;
import dev.pate.pipeline.multilabel.MultiLabelRun;
import dev.pate.pipeline.output.Json;
import dev.pate.pipeline.report.Provenance;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A whole multi-label run on a few hundred generated multi-digit canvases (seconds): report
 * metrics, one ledger charge per query, the guarantee against an accountant charged as many
 * times, the release, and a resumed run that would charge with another tau refused.
 */
class MultiLabelRunTest {
  private static final int QUERIES = 30;

  @TempDir static Path dir;
  static Path folder;
  static JsonNode report;

  @BeforeAll
  static void run() throws IOException {
    RunConfig config = ConfigLoader.parse(yaml(), "tiny-multilabel.yaml", List.of());
    folder = PatePipeline.builder(config).outputDir(dir).build().runMultiLabel().runFolder();
    report = Json.mapper().readTree(folder.resolve("report.json").toFile());
  }

  @Test
  void reportsEveryMultiLabelMetricAsAFraction() {
    for (String block : List.of("/student/held_out", "/aggregation/answers")) {
      for (String metric : List.of("micro_f1", "macro_f1", "label_set_accuracy")) {
        JsonNode value = report.at(block + "/" + metric);
        assertTrue(value.isNumber(), block + "/" + metric);
        assertFraction(value.asDouble(), block + "/" + metric);
      }
      for (String perLabel : List.of("per_label_accuracy", "per_label_f1")) {
        JsonNode values = report.at(block + "/" + perLabel);
        assertEquals(10, values.size(), block + "/" + perLabel);
        values.forEach(v -> assertFraction(v.asDouble(), block + "/" + perLabel));
      }
    }
    assertEquals(40, report.at("/student/held_out/examples").asInt());
    assertEquals(QUERIES, report.at("/student/training_examples").asInt());
    assertEquals("tau-voting", report.at("/aggregation/mechanism").asText());
    assertEquals(1.5, report.at("/aggregation/parameters/tau").asDouble());
    assertFalse(report.at("/privacy/guarantee_holds").asBoolean(), "seeded noise");
    assertTrue(report.at("/privacy/private/epsilon_data_dependent").isNumber());
  }

  @Test
  void ledgerHasOneChargePerQueryAndVotesOneRowPerQuery() throws IOException {
    LedgerContents ledger = LedgerReader.read(folder.resolve(Ledger.FILE));
    assertEquals("tau-voting", ledger.header().mechanism().id());
    assertEquals(1.5, ledger.header().mechanism().parameters().get("tau"));
    assertEquals(QUERIES, ledger.entries().size());
    for (int q = 0; q < QUERIES; q++) {
      LedgerEntry entry = ledger.entries().get(q);
      assertEquals(q, entry.query());
      assertTrue(entry.answered());
    }
    assertEquals(QUERIES, MultiLabelVoteFile.read(folder.resolve(MultiLabelRun.VOTES_FILE)).size());
    assertEquals(QUERIES + 1, Files.readAllLines(folder.resolve("labels.csv")).size());
  }

  @Test
  void guaranteeIsTheAccountantsForThatManyQueries() {
    MultiLabelMechanism mechanism = new MultiLabelMechanism.TauVoting(10, 1.5, 2.0, 0.5);
    PrivacyAccountant accountant = new PrivacyAccountant(
        mechanism.accounting(Orders.defaults(), NoiseKind.DISCRETE));
    for (int q = 0; q < QUERIES; q++) {
      // The data-independent charge does not depend on the counts.
      accountant.charge(new double[10], true);
    }
    double expected = accountant.report(1e-5, Conversion.IMPROVED).epsilonDataIndependent()
        .epsilon();
    assertEquals(expected, report.at("/privacy/epsilon_data_independent").asDouble(), 1e-12);
  }

  /**
   * The run folder names its ensemble and its private data (MNIST's training set, whose digits the
   * canvases are made of) for pate ledger, and its ledger replays to the run's own guarantee;
   * replayed under a config that would charge otherwise, it is refused at line 1.
   */
  @Test
  void theFolderNamesItsEnsembleAndPrivateDataAndItsLedgerReplaysToItsGuarantee()
      throws IOException {
    JsonNode manifest = Json.mapper().readTree(folder.resolve(MultiLabelManifest.FILE).toFile());
    assertEquals(report.at("/teachers/private/cache/key").asText(),
        manifest.get("cache_key").asText());
    assertEquals(Provenance.Private.ofBuiltIn("mnist").sha256(),
        manifest.at("/private_data/sha256").asText());

    RunConfig config = ConfigLoader.load(folder.resolve("config.yaml"), List.of());
    PrivacyAccountant replayed = MultiLabelRun.replay(folder, config);
    assertEquals(QUERIES, replayed.queries());
    assertEquals(report.at("/privacy/epsilon_data_independent").asDouble(),
        replayed.report(1e-5, Conversion.IMPROVED).epsilonDataIndependent().epsilon(), 1e-12);

    RunConfig otherTau = ConfigLoader.parse(yaml(), "tiny-multilabel.yaml",
        List.of("multi_label.tau=2.5"));
    UserError refused = assertThrows(UserError.class,
        () -> MultiLabelRun.replay(folder, otherTau));
    assertTrue(refused.getMessage().contains(Ledger.FILE + " line 1"), refused.getMessage());
  }

  @Test
  void releasesTheStudentWithAModelCard() throws IOException {
    for (String file : List.of("student.zip", "release.json", "MODEL_CARD.md")) {
      assertTrue(Files.isRegularFile(folder.resolve("release").resolve(file)), file);
    }
    JsonNode manifest = Json.mapper().readTree(folder.resolve("release/release.json").toFile());
    assertEquals(report.at("/privacy/epsilon_data_independent").asDouble(),
        manifest.at("/privacy/epsilon").asDouble());
    assertTrue(manifest.at("/privacy/private").isMissingNode(), "no private figure released");
    assertTrue(Files.readString(folder.resolve("release/MODEL_CARD.md")).contains("micro-F1"));
  }

  @Test
  void aResumedRunWithAnotherTauIsRefusedBeforeAnyData() throws IOException {
    Path config = folder.resolve("config.yaml");
    String original = Files.readString(config);
    assertTrue(original.contains("tau: 1.5"), original);
    Files.writeString(config, original.replace("tau: 1.5", "tau: 2.5"));
    try {
      RunConfig changed = ConfigLoader.load(config, List.of());
      UserError refused = assertThrows(UserError.class, () -> PatePipeline.builder(changed)
          .place(RunPlace.resume(folder, dir)).build().runMultiLabel());
      assertTrue(refused.getMessage().contains(Ledger.FILE + " line 1"), refused.getMessage());
      assertTrue(refused.getMessage().contains("2.5"), refused.getMessage());
    } finally {
      Files.writeString(config, original);
    }
    assertEquals(QUERIES, LedgerReader.read(folder.resolve(Ledger.FILE)).entries().size());
  }

  /**
   * Teachers go into the cache beside the run folder: a run that changes only the mechanism
   * trains none, a resumed run trains none, and a changed canvas setting is another ensemble.
   */
  @Test
  void anotherMechanismAndAResumedRunReuseTheTeachersAndOtherCanvasesMiss() throws IOException {
    String firstKey = report.at("/teachers/private/cache/key").asText();
    assertEquals(4, report.at("/teachers/private/cache/teachers_trained").asInt(),
        "the first run trained its teachers");
    assertTrue(Files.isRegularFile(dir.resolve("cache/teachers").resolve(firstKey)
        .resolve("manifest.json")));
    assertTrue(Files.isRegularFile(folder.resolve("teachers/teacher-000.zip")),
        "the run folder holds its teachers");

    JsonNode binary = quickRun(dir, "multi_label.mechanism=binary-voting", "multi_label.tau=null",
        "name=tiny-multilabel-binary");
    assertEquals(firstKey, binary.at("/teachers/private/cache/key").asText());
    assertEquals(0, binary.at("/teachers/private/cache/teachers_trained").asInt());
    assertEquals(4, binary.at("/teachers/private/cache/teachers_reused").asInt());
    assertEquals(0, binary.at("/teachers/private/cache/votes_computed").asInt(),
        "the same queries: their votes are in the cache");
    assertEquals(QUERIES, binary.at("/teachers/private/cache/votes_reused").asInt());
    assertEquals(MultiLabelVoteFile.read(folder.resolve(MultiLabelRun.VOTES_FILE)),
        MultiLabelVoteFile.read(Path.of(binary.at("/run_folder").asText())
            .resolve(MultiLabelRun.VOTES_FILE)), "cached votes are the votes");
    assertEquals(report.at("/teachers/private/mean_held_out_micro_f1").asDouble(),
        binary.at("/teachers/private/mean_held_out_micro_f1").asDouble());

    // Interrupted after labelling, before its report: resumed, it trains no teacher again.
    Path resumedFolder = Path.of(binary.at("/run_folder").asText());
    Files.delete(resumedFolder.resolve("report.json"));
    RunConfig resumed = ConfigLoader.load(resumedFolder.resolve("config.yaml"), List.of());
    PatePipeline.builder(resumed).place(RunPlace.resume(resumedFolder, dir)).build()
        .runMultiLabel();
    JsonNode again = Json.mapper().readTree(resumedFolder.resolve("report.json").toFile());
    assertEquals(0, again.at("/teachers/private/cache/teachers_trained").asInt());

    JsonNode otherCanvases = quickRun(dir, "dataset.multidigit.min_digits=3",
        "name=tiny-multilabel-three-digits");
    assertNotEquals(firstKey, otherCanvases.at("/teachers/private/cache/key").asText());
    assertEquals(4, otherCanvases.at("/teachers/private/cache/teachers_trained").asInt());
  }

  /**
   * baseline.non_private: the student trained on the true label sets of the same queries, under
   * private, said not to be private; a run with another mechanism reuses it from the cache.
   */
  @Test
  void theNonPrivateCeilingIsTheStudentOnTheQueriesTrueLabelSets() throws IOException {
    JsonNode first = quickRun(dir, "baseline.non_private=true", "baseline.epochs=3",
        "name=tiny-multilabel-ceiling");
    JsonNode ceiling = first.at("/private/non_private_ceiling");
    assertTrue(ceiling.at("/privacy").asText().startsWith("NOT private"), ceiling.toString());
    assertEquals(QUERIES, ceiling.at("/training_examples").asInt());
    assertEquals(40, ceiling.at("/held_out/examples").asInt());
    assertFraction(ceiling.at("/held_out/micro_f1").asDouble(), "ceiling micro_f1");
    assertFraction(ceiling.at("/held_out/label_set_accuracy").asDouble(), "ceiling set accuracy");
    JsonNode again = quickRun(dir, "baseline.non_private=true", "baseline.epochs=3",
        "multi_label.mechanism=powerset-voting", "multi_label.tau=null",
        "name=tiny-multilabel-ceiling-again");
    assertEquals(ceiling, again.at("/private/non_private_ceiling"), "reused, not retrained");
    assertTrue(report.at("/private/non_private_ceiling").isMissingNode(), "only when asked");
  }

  /** A run of the tiny config with {@code overrides}, no student and no release; its report. */
  private static JsonNode quickRun(Path out, String... overrides) throws IOException {
    List<String> all = new java.util.ArrayList<>(List.of(overrides));
    all.addAll(List.of("student.train=false", "output.release=false"));
    RunConfig config = ConfigLoader.parse(yaml(), "tiny-multilabel.yaml", all);
    Path run = PatePipeline.builder(config).outputDir(out).build().runMultiLabel().runFolder();
    return Json.mapper().readTree(run.resolve("report.json").toFile());
  }

  @Test
  void plansTheNoiseFromTheBudgetAndPseudoLabelsThePool() throws IOException {
    RunConfig config = ConfigLoader.parse(yaml(), "tiny-multilabel.yaml", List.of(
        "multi_label.mechanism=powerset-voting", "multi_label.sigma=null",
        "aggregator.noise=auto", "privacy.budget.epsilon=4", "multi_label.pool_confidence=0.6",
        "output.release=false", "name=tiny-multilabel-auto"));
    Path auto = PatePipeline.builder(config).outputDir(dir).build().runMultiLabel().runFolder();
    JsonNode r = Json.mapper().readTree(auto.resolve("report.json").toFile());
    assertTrue(Files.isRegularFile(auto.resolve("plan.json")));
    double epsilon = r.at("/privacy/epsilon_data_independent").asDouble();
    assertTrue(epsilon <= 4 && epsilon > 3, "planned to meet the budget closely: " + epsilon);
    assertEquals(r.at("/plan/parameters/sigma").asDouble(),
        r.at("/aggregation/parameters/sigma").asDouble());
    assertEquals("pool-pseudo-labels", r.at("/student/method").asText());
    assertEquals(60 - QUERIES, r.at("/student/unlabelled_examples").asInt());
    assertFraction(r.at("/student/pseudo_labels/coverage").asDouble(), "coverage");
    assertFraction(r.at("/student/held_out/micro_f1").asDouble(), "micro_f1");
    assertFalse(Files.exists(auto.resolve("release")));
  }

  @Test
  void anUnreachableBudgetIsRefusedNamingItsKeyBeforeAnyData() throws IOException {
    RunConfig config = ConfigLoader.parse(yaml(), "tiny-multilabel.yaml", List.of(
        "multi_label.sigma=null", "aggregator.noise=auto", "privacy.budget.epsilon=1e-6",
        "privacy.delta=1e-300"));
    UserError refused = assertThrows(UserError.class,
        () -> MultiLabelRun.preflight(config, java.util.Optional.empty()));
    assertTrue(refused.getMessage().startsWith("privacy.budget.epsilon: "),
        refused.getMessage());
  }

  /**
   * report.json's public part (outside objects named {@code private}) is exactly this allowlist,
   * as {@link ReportAllowlistTest} checks for single-label runs: a new field stays private until
   * someone decides it is public and adds it here with the reason.
   */
  static final java.util.Set<String> PUBLIC = java.util.Set.of(
      // The run's identity and the config's choices.
      "name", "disclosure", "run_folder", "seed", "plan", "teachers/architecture",
      "teachers/count",
      // The public data and the canvases' parameters (private_canvases is the configured count).
      "dataset/data_dir", "dataset/held_out", "dataset/image_shape", "dataset/labels/*",
      "dataset/max_digits", "dataset/min_digits", "dataset/name", "dataset/private_canvases",
      "dataset/query_pool",
      // A table's encoded width (null here): the encoding is fitted on the public pool.
      "dataset/features",
      // The aggregation: its config, and functions of the released (charged) answers and the
      // public pool's labels.
      "aggregation/answers/examples", "aggregation/answers/label_set_accuracy",
      "aggregation/answers/macro_f1", "aggregation/answers/micro_f1",
      "aggregation/answers/per_label_accuracy/*", "aggregation/answers/per_label_f1/*",
      "aggregation/mechanism", "aggregation/noise", "aggregation/parameters/labels",
      "aggregation/parameters/sigma", "aggregation/parameters/tau",
      "aggregation/parameters/threshold", "aggregation/queries", "aggregation/queries_answered",
      "aggregation/queries_asked", "aggregation/selection", "aggregation/stopped_because",
      // The privacy guarantee: data-independent, what the charges add up to.
      "privacy/comparison_pate2017", "privacy/composition", "privacy/conversion",
      "privacy/delta", "privacy/epsilon_data_independent", "privacy/epsilon_spent",
      "privacy/guarantee/basis", "privacy/guarantee/description", "privacy/guarantee_holds",
      "privacy/neighbours", "privacy/noise", "privacy/order_data_independent",
      "privacy/order_spent", "privacy/orders", "privacy/randomness",
      "privacy/statements/*/conversion", "privacy/statements/*/delta",
      "privacy/statements/*/epsilon", "privacy/statements/*/kind", "privacy/statements/*/note",
      "privacy/statements/*/order", "privacy/statements/*/orders", "privacy/unit",
      // The release and the student: trained on the released answers and public data only,
      // measured on public held-out canvases.
      "release/files/*", "release/folder", "release/model_sha256", "student/architecture",
      "student/held_out/examples", "student/held_out/label_set_accuracy",
      "student/held_out/macro_f1", "student/held_out/micro_f1",
      "student/held_out/per_label_accuracy/*", "student/held_out/per_label_f1/*",
      "student/method", "student/training_examples", "student/unlabelled_examples");

  @Test
  void thePublicFieldsOfReportJsonAreExactlyTheAllowlist() {
    java.util.Set<String> found = new java.util.TreeSet<>();
    ReportAllowlistTest.publicPaths(report, "", found);
    assertEquals(new java.util.TreeSet<>(PUBLIC), found);
  }

  private static void assertFraction(double value, String what) {
    assertTrue(value >= 0 && value <= 1, what + ": " + value);
  }

  private static String yaml() throws IOException {
    try (InputStream in = MultiLabelRunTest.class.getResourceAsStream("tiny-multilabel.yaml")) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }
}
