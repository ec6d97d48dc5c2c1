package dev.pate.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.pate.aggregator.rdp.Conversion;
import dev.pate.aggregator.rdp.Orders;
import dev.pate.aggregator.rdp.RdpConversions;
import dev.pate.config.ConfigLoader;
import dev.pate.config.RunConfig;
import dev.pate.pipeline.labelling.LedgerReplay;
import dev.pate.pipeline.output.Json;
import dev.pate.pipeline.testdata.ConfidentRun;
import dev.pate.pipeline.testdata.RunFolders;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The guarantee of tiny Confident-GNMax runs at the command line: the console summary puts what
 * may be published first, and {@code pate ledger} composes the runs of one ensemble. What the
 * guarantee is (report.json, the ledger) is the pipeline's {@code GuaranteeRunTest}.
 */
class GuaranteeCommandsTest {
  @TempDir static Path dir;
  static JsonNode unbudgeted;
  static JsonNode budgeted;
  static Path budgetedFolder;
  static Path unbudgetedFolder;

  @BeforeAll
  static void run() throws IOException {
    Path config = dir.resolve("confident.yaml");
    Files.writeString(config, ConfidentRun.CONFIDENT);
    Path out = dir.resolve("out");
    Captured plain = Captured.run("run", config.toString(), "--out", out.toString());
    assertEquals(0, plain.exitCode(), plain.err());
    unbudgetedFolder = RunFolders.only(out.resolve("confident"));
    unbudgeted = Json.mapper().readTree(unbudgetedFolder.resolve("report.json").toFile());

    // A budget that binds: a third of what every query in full would cost.
    double budget = ConfidentRun.everyQueryInFull(ConfidentRun.QUERIES).epsilon() / 3;
    Captured limited = Captured.run("run", config.toString(), "--out", out.toString(),
        "name=limited", "privacy.budget.epsilon=" + budget);
    assertEquals(0, limited.exitCode(), limited.err());
    budgetedFolder = RunFolders.only(out.resolve("limited"));
    budgeted = Json.mapper().readTree(budgetedFolder.resolve("report.json").toFile());
  }

  @Test
  void theConsoleSummaryPutsWhatMayBePublishedFirst() throws IOException {
    Captured again = Captured.run("run", dir.resolve("confident.yaml").toString(), "--out",
        dir.resolve("again").toString());
    assertEquals(0, again.exitCode(), again.err());
    String out = again.out();
    // One headline epsilon, the guarantee; the rest under the details headings.
    int headline = out.indexOf("  privacy ");
    int details = out.indexOf("details (publishable):");
    int privately = out.indexOf("details, private to the data owner");
    assertTrue(headline >= 0 && details > headline && privately > details, out);
    String top = out.substring(0, details);
    assertEquals(1, top.split("epsilon ", -1).length - 1, "one epsilon above the details: " + top);
    assertTrue(top.contains(String.format(java.util.Locale.ROOT, "epsilon %.4f at delta 1e-05:"
        + " the guarantee", unbudgeted.at("/privacy/epsilon_data_independent").asDouble())), top);
    assertTrue(out.indexOf("  guarantee ") > details, out);
    int spent = out.indexOf("  spent ");
    assertTrue(spent < 0 || spent > details && spent < privately, out);
    assertTrue(out.indexOf("epsilon (data-dependent)") > privately, out);
    assertTrue(out.indexOf("mean test accuracy") > privately, out);
    assertTrue(top.contains("NOT a guarantee: seeded noise"), out);
    // The run's time grows with the private partitions' sizes: it is not publishable.
    assertTrue(out.indexOf("wall time") > privately, out);
  }

  /**
   * pate ledger composes the runs that used the same teachers: the two runs here share one
   * ensemble, so their charges add up at every order. Their noise is seeded, so the sum is shown
   * apart (under {@code seeded}) and is no guarantee: the guarantee's total stays empty.
   */
  @Test
  void theLedgerCommandComposesTheRunsOfOneEnsemble() throws IOException {
    Captured ledger = Captured.run("ledger", dir.resolve("out").toString(), "--json");
    assertEquals(0, ledger.exitCode(), ledger.err());
    JsonNode all = Json.mapper().readTree(ledger.out());
    JsonNode data = all.at("/private_data");
    assertEquals(1, data.size(), ledger.out());
    assertEquals(0, data.at("/0/ensembles").size(), "seeded runs add to no guarantee");
    assertTrue(data.at("/0/epsilon_composed").isNull(), ledger.out());
    data = all.at("/private_data/0/seeded");
    assertTrue(data.at("/guarantee").asText().startsWith("seeded: no guarantee"), ledger.out());
    JsonNode ensembles = data.at("/ensembles");
    assertEquals(1, ensembles.size(), "both runs reuse one cached ensemble");
    assertEquals(2, ensembles.at("/0/runs").size());

    double[] total = new double[Orders.defaults().size()];
    for (Path folder : List.of(unbudgetedFolder, budgetedFolder)) {
      RunConfig config = ConfigLoader.load(folder.resolve("config.yaml"), List.of());
      double[] curve = LedgerReplay.of(folder, config).guaranteeRdp();
      for (int i = 0; i < total.length; i++) {
        total[i] += curve[i];
      }
    }
    double composed = RdpConversions.epsilon(Orders.defaults(), total, 1e-5,
        Conversion.IMPROVED).epsilon();
    assertEquals(composed, ensembles.at("/0/epsilon_composed/epsilon").asDouble(), 1e-9);
    assertEquals(composed, data.at("/epsilon_composed/epsilon").asDouble(), 1e-9);
    assertTrue(composed > unbudgeted.at("/privacy/epsilon_data_independent").asDouble());
    assertTrue(composed > budgeted.at("/privacy/epsilon_data_independent").asDouble());
    for (JsonNode run : ensembles.at("/0/runs")) {
      String folder = run.get("folder").asText();
      JsonNode report = folder.startsWith("limited") ? budgeted : unbudgeted;
      assertEquals(report.at("/privacy/epsilon_data_independent").asDouble(),
          run.at("/epsilon/epsilon").asDouble(), 1e-9, folder);
    }
  }
}
