package dev.pate.pipeline;

import dev.pate.pipeline.testdata.RunFolders;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.pate.aggregator.accounting.NoiseKind;
import dev.pate.aggregator.gnmax.GnmaxAccounting;
import dev.pate.aggregator.release.GnssCost;
import dev.pate.aggregator.rdp.Conversion;
import dev.pate.aggregator.rdp.Orders;
import dev.pate.aggregator.rdp.RdpConversions;
import dev.pate.files.UserError;
import dev.pate.ledger.Ledger;
import dev.pate.ledger.LedgerContents;
import dev.pate.ledger.LedgerEntry;
import dev.pate.pipeline.output.Json;
import dev.pate.pipeline.testdata.ReleaseRun;
import dev.pate.ledger.LedgerReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code privacy.release: smooth-sensitivity} in a run: the data-dependent epsilon published
 * through smooth sensitivity with parameters fixed in advance, charged to the ledger before it is
 * published, its cost in the guarantee, the same value published again by a resumed run; and a
 * release that cannot be made refused before any work. The command line's {@code
 * DataDependentReleaseCommandsTest} checks the console's headline and {@code pate ledger}'s replay.
 */
class DataDependentReleaseRunTest {
  static final int QUERIES = ReleaseRun.QUERIES;
  static final double ORDER = ReleaseRun.ORDER;
  static final double BETA = ReleaseRun.BETA;
  static final double SIGMA_SS = ReleaseRun.SIGMA_SS;
  static final String CONFIG = ReleaseRun.CONFIG;

  @TempDir static Path dir;
  static Path run;
  static JsonNode report;

  @BeforeAll
  static void runOnce() throws IOException {
    run = TinyRuns.run(CONFIG, dir.resolve("runs"));
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

  /** A resumed run publishes what its ledger recorded; it never draws the release again. */
  @Test
  void aResumedRunPublishesTheRecordedReleaseAgain() throws IOException {
    Path copy = dir.resolve("resumed");
    RunFolders.copyTree(run, copy);
    Files.delete(copy.resolve("report.json"));
    long lines = Files.lines(copy.resolve(Ledger.FILE)).count();
    TinyRuns.resume(copy);
    JsonNode again = Json.mapper().readTree(copy.resolve("report.json").toFile());
    assertEquals(report.at("/privacy/data_dependent_release"),
        again.at("/privacy/data_dependent_release"));
    assertEquals(lines, Files.lines(copy.resolve(Ledger.FILE)).count());
  }

  @Test
  void aReleaseThatCannotBeMadeIsRefusedBeforeAnyWork() throws IOException {
    String lnmax = CONFIG.replace("mechanism: gnmax\n  sigma: 1.5",
        "mechanism: lnmax\n  gamma: 0.5").replace("name: released", "name: refused");
    Path out = dir.resolve("refused-runs");
    // The user's error (exit 2 at the command line), in one line.
    UserError e = assertThrows(UserError.class, () -> TinyRuns.run(lnmax, out));
    assertFalse(e.getMessage().strip().contains("\n"), e.getMessage());
    assertTrue(e.getMessage().contains("privacy.release: smooth-sensitivity covers gnmax and"
        + " confident-gnmax"), e.getMessage());
    assertFalse(Files.exists(out.resolve("refused")), "no run folder was started");
  }
}
