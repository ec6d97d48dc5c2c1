package dev.pate.pipeline;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.pate.aggregator.accounting.Budget;
import dev.pate.aggregator.accounting.NoiseKind;
import dev.pate.aggregator.accounting.PrivacyAccountant;
import dev.pate.aggregator.multilabel.MultiLabelMechanism;
import dev.pate.aggregator.rdp.Conversion;
import dev.pate.aggregator.rdp.Orders;
import dev.pate.aggregator.rdp.RdpConversions;
import dev.pate.config.ConfigLoader;
import dev.pate.config.RunConfig;
import dev.pate.datasets.files.Checksums;
import dev.pate.files.UserError;
import dev.pate.ledger.BudgetRefusal;
import dev.pate.ledger.DatasetBudget;
import dev.pate.pipeline.output.Json;
import dev.pate.pipeline.progress.PipelineListener;
import dev.pate.pipeline.progress.Stage;
import dev.pate.pipeline.report.Provenance;
import dev.pate.pipeline.testdata.MultiLabelFiles;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Multi-label runs charge the budget kept for their private data as single-label runs do: the
 * private table's (by its content hash), and MNIST's training set's for the canvases, which a
 * single-label MNIST run charges too, so that both compose on one budget. The command line's
 * {@code DatasetBudgetRunTest} checks the one-line refusal and exit code.
 */
class MultiLabelDatasetBudgetTest {
  private static final Orders ORDERS = Orders.defaults();

  /** The worst case of {@code queries} answers of {@code mechanism}: it never abstains. */
  private static double[] curve(MultiLabelMechanism mechanism, int queries) {
    return new PrivacyAccountant(mechanism.accounting(ORDERS, NoiseKind.DISCRETE),
        Optional.empty(), queries).worstCaseRdp();
  }

  private static double[] times(double[] curve, int runs) {
    double[] sum = curve.clone();
    for (int i = 0; i < sum.length; i++) {
      sum[i] *= runs;
    }
    return sum;
  }

  private static double[] plus(double[] a, double[] b) {
    double[] sum = a.clone();
    for (int i = 0; i < sum.length; i++) {
      sum[i] += b[i];
    }
    return sum;
  }

  /** A curve's epsilon at a budget's delta (1e-5) and conversion (improved). */
  private static double epsilon(double[] rdp) {
    return RdpConversions.epsilon(ORDERS, rdp, 1e-5, Conversion.IMPROVED).epsilon();
  }

  private static JsonNode read(Path file) throws IOException {
    return Json.mapper().readTree(file.toFile());
  }

  /** The stages a run started. */
  private static final class Stages implements PipelineListener {
    final List<Stage> started = new ArrayList<>();

    @Override
    public void stageStarted(Stage stage, int steps) {
      started.add(stage);
    }
  }

  @Test
  void aTableRunChargesItsGuaranteeAndOneThatDoesNotFitIsRefusedBeforeAnyTeacherTrains(
      @TempDir Path dir) throws IOException {
    Path privateFile = MultiLabelFiles.table(dir.resolve("private.csv"), 200, 1, -1);
    Path publicFile = MultiLabelFiles.table(dir.resolve("public.csv"), 120, 2, -1);
    String yaml = MultiLabelFiles.tableConfig("table", privateFile, publicFile);
    Path out = dir.resolve("out");
    // binary-voting over the three label columns at sigma 1, 20 queries (MultiLabelFiles).
    double[] one = curve(new MultiLabelMechanism.BinaryVoting(3, 1.0, 0.5), 20);
    DatasetBudget budget = DatasetBudget.init(out.resolve("budgets"),
        Checksums.sha256(privateFile),
        Budget.of((epsilon(one) + epsilon(times(one, 2))) / 2, 1e-5));

    // Seeded noise has no guarantee: refused over a data set with a budget, leaving no folder.
    RunConfig seeded = ConfigLoader.parse(yaml, "table.yaml", List.of());
    UserError noGuarantee = assertThrows(UserError.class,
        () -> PatePipeline.builder(seeded).outputDir(out).build().runMultiLabel());
    assertTrue(noGuarantee.getMessage().startsWith("aggregator.randomness: seeded noise has no"
        + " guarantee"), noGuarantee.getMessage());
    assertTrue(Files.notExists(out.resolve("table")), "no run folder");

    RunConfig secure = ConfigLoader.parse(yaml, "table.yaml",
        List.of("aggregator.randomness=secure"));
    Stages first = new Stages();
    Path run = PatePipeline.builder(secure).outputDir(out).listener(first).build()
        .runMultiLabel().runFolder();
    assertTrue(first.started.contains(Stage.TEACHERS), first.started.toString());
    JsonNode report = read(run.resolve("report.json"));
    assertEquals(0.5, report.at("/aggregation/parameters/threshold").asDouble(),
        "the mechanism the expected curve is of");
    JsonNode charged = report.get("dataset_budget");
    assertEquals(epsilon(one), charged.get("reserved_epsilon").asDouble(), 1e-9);
    assertEquals(report.at("/privacy/epsilon_data_independent").asDouble(),
        charged.get("charged_epsilon").asDouble(), 1e-9);
    assertEquals(budget.read().total().epsilon(), charged.get("remaining_before").asDouble(),
        1e-12);
    assertEquals(Checksums.sha256(privateFile), charged.at("/private/data_sha256").asText());
    DatasetBudget.State state = budget.read();
    assertEquals(1, state.settledRuns());
    assertTrue(state.open().isEmpty(), "settled");
    DatasetBudget.Charge settled = state.charges().get(state.charges().size() - 1);
    assertEquals(DatasetBudget.Kind.SETTLE, settled.kind());
    assertEquals(run.toAbsolutePath().normalize().toString(), settled.run());
    assertArrayEquals(one, settled.rdp(), 1e-9);
    JsonNode published = read(run.resolve("release/release.json")).at("/privacy/dataset_budget");
    assertEquals(charged.get("budget_id").asText(), published.get("budget_id").asText());
    assertTrue(published.get("private") == null, "release.json must not name the data's hash");

    Stages second = new Stages();
    BudgetRefusal refused = assertThrows(BudgetRefusal.class, () -> PatePipeline.builder(secure)
        .outputDir(out).listener(second).build().runMultiLabel());
    assertTrue(refused.getMessage().startsWith(budget.file() + ": refused: "),
        refused.getMessage());
    assertTrue(refused.getMessage().contains("remaining"), refused.getMessage());
    assertFalse(refused.getMessage().contains("\n"), refused.getMessage());
    assertFalse(second.started.contains(Stage.TEACHERS), second.started.toString());
    try (Stream<Path> runs = Files.list(out.resolve("table"))) {
      assertEquals(1, runs.count(), "the refused run left a folder behind");
    }
    assertEquals(state.charges().size(), budget.read().charges().size(), "nothing charged");

    // Stopped after it settled, before its release and report (as if killed in its student),
    // then resumed: it reserves and settles nothing more, and says what it settled.
    try (Stream<Path> release = Files.walk(run.resolve("release"))) {
      for (Path p : release.sorted(java.util.Comparator.reverseOrder()).toList()) {
        Files.delete(p);
      }
    }
    Files.delete(run.resolve("report.json"));
    JsonNode resumed = read(PatePipeline.builder(ConfigLoader.load(run.resolve("config.yaml"),
        List.of())).place(RunPlace.resume(run, out)).build().runMultiLabel().runFolder()
        .resolve("report.json"));
    assertEquals(state.charges().size(), budget.read().charges().size(), "charged once");
    assertEquals(charged.get("charged_epsilon").asDouble(),
        resumed.at("/dataset_budget/charged_epsilon").asDouble(), 1e-12);
  }

  /**
   * Each of MNIST's training digits is on at most one private canvas, so the canvases' guarantee
   * is the digits' and a multi-label run charges the budget a single-label MNIST run charges: the
   * budget's committed curve is the sum of both runs' guarantees.
   */
  @Test
  void aSingleLabelAndAMultiLabelRunOnMnistComposeOnOneBudget(@TempDir Path out)
      throws IOException {
    DatasetBudget budget = DatasetBudget.init(out.resolve("budgets"),
        Provenance.Private.ofBuiltIn("mnist").sha256(), Budget.of(1000, 1e-5));
    RunConfig single = ConfigLoader.parse(resource("tiny.yaml"), "tiny.yaml", List.of(
        "aggregator.randomness=secure", "teachers.network.epochs=1", "student.train=false"));
    JsonNode first = read(PatePipeline.builder(single).outputDir(out).build().run().runFolder()
        .resolve("report.json"));
    RunConfig multi = ConfigLoader.parse(resource("tiny-multilabel.yaml"),
        "tiny-multilabel.yaml", List.of("aggregator.randomness=secure", "output.release=false"));
    JsonNode second = read(PatePipeline.builder(multi).outputDir(out).build().runMultiLabel()
        .runFolder().resolve("report.json"));

    DatasetBudget.State state = budget.read();
    assertEquals(2, state.settledRuns());
    assertTrue(state.open().isEmpty(), "both settled");
    double[] singleCurve = state.charges().stream()
        .filter(c -> c.kind() == DatasetBudget.Kind.SETTLE).findFirst().orElseThrow().rdp();
    assertEquals(first.at("/dataset_budget/charged_epsilon").asDouble(), epsilon(singleCurve),
        1e-9);
    // tau-voting over ten digits, tau 1.5, sigma 2, 30 queries (tiny-multilabel.yaml).
    double[] multiCurve = curve(new MultiLabelMechanism.TauVoting(10, 1.5, 2.0, 0.5), 30);
    assertEquals(epsilon(multiCurve), second.at("/dataset_budget/charged_epsilon").asDouble(),
        1e-9);
    assertArrayEquals(plus(singleCurve, multiCurve), state.committed(), 1e-9);
    assertEquals(first.at("/dataset_budget/remaining_after").asDouble(),
        second.at("/dataset_budget/remaining_before").asDouble(), 1e-12);
    assertEquals(1000 - epsilon(plus(singleCurve, multiCurve)),
        second.at("/dataset_budget/remaining_after").asDouble(), 1e-9);
  }

  private static String resource(String name) throws IOException {
    try (InputStream in = MultiLabelDatasetBudgetTest.class.getResourceAsStream(name)) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }
}
