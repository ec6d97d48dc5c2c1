package dev.pate.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.pate.aggregator.accounting.NoiseKind;
import dev.pate.aggregator.gnmax.GnmaxAccounting;
import dev.pate.aggregator.release.GnssCost;
import dev.pate.aggregator.rdp.Conversion;
import dev.pate.aggregator.rdp.Orders;
import dev.pate.aggregator.rdp.RdpConversions;
import dev.pate.ledger.Ledger;
import dev.pate.ledger.LedgerContents;
import dev.pate.ledger.LedgerEntry;
import dev.pate.pipeline.output.Json;
import dev.pate.ledger.LedgerReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code privacy.release: smooth-sensitivity} in a run: the data-dependent epsilon published
 * through smooth sensitivity with parameters fixed in advance, charged to the ledger before it is
 * published, its cost in the guarantee, the same value published again by a resumed run; and a
 * release that cannot be made refused before any work.
 */
class DataDependentReleaseRunTest {
  static final int QUERIES = 60;
  static final double ORDER = 3;
  static final double BETA = 0.4 / ORDER;
  static final double SIGMA_SS = 3;
  static final String CONFIG = """
      name: released
      seed: 7
      dataset:
        name: mnist
        private_limit: 1200
      teachers:
        count: 10
        workers: 2
        network: {architecture: mlp, dense: [32], epochs: 4, learning_rate: 0.01}
      aggregator:
        mechanism: gnmax
        sigma: 1.5
        queries: 60
        selection: random
        randomness: seeded
      privacy:
        release: smooth-sensitivity
        release_plan: fixed
        release_order: 3
        release_beta: %s
        release_sigma: 3
      student:
        network: {architecture: mlp, dense: [32], epochs: 3, learning_rate: 0.01}
      """.formatted(BETA);

  @TempDir static Path dir;
  static Path run;
  static JsonNode report;
  static String console;

  @BeforeAll
  static void runOnce() throws IOException {
    Path config = Files.writeString(dir.resolve("released.yaml"), CONFIG);
    Captured c = Captured.run("run", config.toString(), "--out", dir.resolve("runs").toString());
    assertEquals(0, c.exitCode(), c.err());
    console = c.out();
    try (Stream<Path> runs = Files.list(dir.resolve("runs/released"))) {
      run = runs.findFirst().orElseThrow();
    }
    report = Json.mapper().readTree(run.resolve("report.json").toFile());
  }

  @Test
  void theDataDependentEpsilonIsPublishedOnlyInItsReleasedForm() throws IOException {
    JsonNode released = report.at("/privacy/data_dependent_release");
    assertEquals("released", released.get("status").asText(), released.toString());
    assertEquals(ORDER, released.get("order").asDouble());
    assertEquals(BETA, released.get("beta").asDouble());
    assertEquals(SIGMA_SS, released.get("sigma_ss").asDouble());
    double rdp = released.get("rdp_released").asDouble();
    assertEquals(0, Math.IEEEremainder(rdp, Math.scalb(1.0, -10)), 0, "on the grid: " + rdp);
    assertTrue(released.get("epsilon_released").asDouble() > 0);

    JsonNode manifest = Json.mapper().readTree(run.resolve("release/release.json").toFile());
    assertEquals(released, manifest.at("/privacy/data_dependent"));
    String raw = report.at("/privacy/private/epsilon_data_dependent").asText();
    assertFalse(Files.readString(run.resolve("release/release.json")).contains(raw));
  }

  /** The console's headline is the released figure; the guarantee is under the details. */
  @Test
  void theConsoleHeadlineIsTheReleasedEpsilon() {
    String headline = console.lines().filter(l -> l.startsWith("  privacy ")).findFirst()
        .orElseThrow(() -> new AssertionError(console));
    assertTrue(headline.contains(String.format(java.util.Locale.ROOT, "epsilon %.4f at delta"
        + " 1e-05: data-dependent, released with smooth sensitivity",
        report.at("/privacy/data_dependent_release/epsilon_released").asDouble())), headline);
    int details = console.indexOf("details (publishable):");
    assertTrue(details > console.indexOf(headline), console);
    assertTrue(console.indexOf(String.format(java.util.Locale.ROOT, "epsilon %.4f at delta 1e-05"
        + " (order", report.at("/privacy/epsilon_data_independent").asDouble())) > details,
        console);
  }

  @Test
  void theReleaseIsChargedBeforeItIsPublishedAndIsInTheGuarantee() {
    LedgerContents ledger = LedgerReader.read(run.resolve(Ledger.FILE));
    List<LedgerEntry> entries = ledger.entries();
    LedgerEntry last = entries.get(entries.size() - 1);
    assertTrue(last.chargesRelease());
    assertEquals(QUERIES + 1, entries.size());
    assertEquals(report.at("/privacy/data_dependent_release/epsilon_released").asDouble(),
        ((Number) last.release().get("epsilon_released")).doubleValue());

    // The guarantee: every query's worst case plus, at each order, the release's own cost: at
    // least the Renyi divergence of the worst admissible pair of neighbours, S(D') = e^-beta S(D)
    // and |f(D) - f(D')| = S(D'), infinite where that divergence is.
    Orders orders = Orders.defaults();
    double[] perQuery = new GnmaxAccounting(1.5, orders, NoiseKind.DISCRETE).dataIndependentRdp();
    double[] total = new double[orders.size()];
    for (int i = 0; i < total.length; i++) {
      double order = orders.get(i);
      double worstPair = gaussianRenyi(0, SIGMA_SS, Math.exp(-BETA), Math.exp(-BETA) * SIGMA_SS,
          order);
      total[i] = QUERIES * perQuery[i] + GnssCost.releaseRdp(BETA, SIGMA_SS, order);
      assertTrue(GnssCost.releaseRdp(BETA, SIGMA_SS, order) >= worstPair, "order " + order);
    }
    assertEquals(RdpConversions.epsilon(orders, total, 1e-5, Conversion.IMPROVED).epsilon(),
        report.at("/privacy/epsilon_data_independent").asDouble(), 1e-9);
    double atPlannedOrder = report.at("/privacy/data_dependent_release/release_rdp").asDouble();
    assertTrue(atPlannedOrder >= gaussianRenyi(0, SIGMA_SS, Math.exp(-BETA),
        Math.exp(-BETA) * SIGMA_SS, ORDER), "the reported release cost at its order");
  }

  /**
   * {@code D_order(N(mu0, s0^2) || N(mu1, s1^2))}, the textbook closed form (Gil, Alajaji and
   * Linder 2013); infinite where the tilted variance is not positive.
   */
  static double gaussianRenyi(double mu0, double s0, double mu1, double s1, double order) {
    double tilted = order * s1 * s1 + (1 - order) * s0 * s0;
    if (!(tilted > 0)) {
      return Double.POSITIVE_INFINITY;
    }
    return Math.log(s1 / s0) + Math.log(s1 * s1 / tilted) / (2 * (order - 1))
        + order * (mu0 - mu1) * (mu0 - mu1) / (2 * tilted);
  }

  /**
   * pate ledger replays a release run's ledger, release line included, to its guarantee (under
   * {@code seeded}: this run's noise is seeded, so the figure is what it would be with secret
   * noise).
   */
  /** A run with a release publishes nothing outside the report's allowlist and the release. */
  @Test
  void reportPublishesOnlyAllowlistedFields() {
    Set<String> found = new TreeSet<>();
    ReportAllowlistTest.publicPaths(report, "", found);
    assertTrue(found.containsAll(ReportAllowlistTest.RELEASE), found.toString());
    found.removeAll(ReportAllowlistTest.PUBLIC);
    found.removeAll(ReportAllowlistTest.RELEASE);
    // Blocks of other kinds of run (a table's, LNMax's comparison) are null here: no data.
    found.removeIf(path -> report.at("/" + path).isNull());
    assertEquals(Set.of(), found);
  }

  @Test
  void theLedgerCommandReplaysTheReleaseIntoTheGuarantee() throws IOException {
    Captured ledger = Captured.run("ledger", dir.resolve("runs").toString(), "--json");
    assertEquals(0, ledger.exitCode(), ledger.err());
    JsonNode replayed = Json.mapper().readTree(ledger.out())
        .at("/private_data/0/seeded/ensembles/0/runs/0/epsilon/epsilon");
    assertEquals(report.at("/privacy/epsilon_data_independent").asDouble(), replayed.asDouble(),
        1e-12, ledger.out());
  }

  /** A resumed run publishes what its ledger recorded; it never draws the release again. */
  @Test
  void aResumedRunPublishesTheRecordedReleaseAgain() throws IOException {
    Path copy = dir.resolve("resumed");
    TinyRun.copyTree(run, copy);
    Files.delete(copy.resolve("report.json"));
    long lines = Files.lines(copy.resolve(Ledger.FILE)).count();
    Captured resumed = Captured.run("run", "--resume", copy.toString());
    assertEquals(0, resumed.exitCode(), resumed.err());
    JsonNode again = Json.mapper().readTree(copy.resolve("report.json").toFile());
    assertEquals(report.at("/privacy/data_dependent_release"),
        again.at("/privacy/data_dependent_release"));
    assertEquals(lines, Files.lines(copy.resolve(Ledger.FILE)).count());
  }

  @Test
  void aReleaseThatCannotBeMadeIsRefusedBeforeAnyWork() throws IOException {
    Path lnmax = Files.writeString(dir.resolve("lnmax.yaml"), CONFIG.replace(
        "mechanism: gnmax\n  sigma: 1.5", "mechanism: lnmax\n  gamma: 0.5").replace(
        "name: released", "name: refused"));
    Path out = dir.resolve("refused-runs");
    Captured c = Captured.run("run", lnmax.toString(), "--out", out.toString());
    ReleaseTest.assertOneLine(c, "privacy.release: smooth-sensitivity covers gnmax and"
        + " confident-gnmax");
    assertFalse(Files.exists(out.resolve("refused")), "no run folder was started");
  }
}
