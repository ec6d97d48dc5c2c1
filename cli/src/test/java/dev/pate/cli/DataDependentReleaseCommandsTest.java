package dev.pate.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.pate.pipeline.output.Json;
import dev.pate.pipeline.testdata.ReleaseRun;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A run with {@code privacy.release: smooth-sensitivity} at the command line: the console's
 * headline is the released epsilon, and {@code pate ledger} replays the release into the
 * guarantee. The release itself (published form, charge, guarantee, resume, refusal) is the
 * pipeline's {@code DataDependentReleaseRunTest}; both run {@link ReleaseRun#CONFIG}.
 */
class DataDependentReleaseCommandsTest {
  @TempDir static Path dir;
  static JsonNode report;
  static String console;

  @BeforeAll
  static void runOnce() throws IOException {
    Path config = Files.writeString(dir.resolve("released.yaml"), ReleaseRun.CONFIG);
    Captured c = Captured.run("run", config.toString(), "--out", dir.resolve("runs").toString());
    assertEquals(0, c.exitCode(), c.err());
    console = c.out();
    try (Stream<Path> runs = Files.list(dir.resolve("runs/released"))) {
      report = Json.mapper().readTree(runs.findFirst().orElseThrow().resolve("report.json")
          .toFile());
    }
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

  /**
   * pate ledger replays a release run's ledger, release line included, to its guarantee (under
   * {@code seeded}: this run's noise is seeded, so the figure is what it would be with secret
   * noise).
   */
  @Test
  void theLedgerCommandReplaysTheReleaseIntoTheGuarantee() throws IOException {
    Captured ledger = Captured.run("ledger", dir.resolve("runs").toString(), "--json");
    assertEquals(0, ledger.exitCode(), ledger.err());
    JsonNode replayed = Json.mapper().readTree(ledger.out())
        .at("/private_data/0/seeded/ensembles/0/runs/0/epsilon/epsilon");
    assertEquals(report.at("/privacy/epsilon_data_independent").asDouble(), replayed.asDouble(),
        1e-12, ledger.out());
  }
}
