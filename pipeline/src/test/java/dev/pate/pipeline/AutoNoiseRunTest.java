package dev.pate.pipeline;

import dev.pate.pipeline.testdata.RunFolders;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.pate.aggregator.accounting.Budget;
import dev.pate.aggregator.planning.Planner;
import dev.pate.aggregator.rdp.Conversion;
import dev.pate.aggregator.rdp.EpsilonBound;
import dev.pate.aggregator.rdp.Orders;
import dev.pate.aggregator.rdp.RdpLedger;
import dev.pate.ledger.Ledger;
import dev.pate.ledger.LedgerContents;
import dev.pate.ledger.LedgerReader;
import dev.pate.config.ConfigLoader;
import dev.pate.config.RunConfig;
import dev.pate.pipeline.labelling.LedgerReplay;
import dev.pate.pipeline.labelling.RunNoise;
import dev.pate.pipeline.output.Json;
import dev.pate.pipeline.output.NumberText;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The tiny run of {@link TinyRuns} with {@code aggregator.noise: auto}: the noise is planned
 * from the budget, recorded, used, and the labelled queries stay within the budget; a resumed run
 * re-plans the same noise. (That one whose config changed is refused, with exit code 2 and one
 * line, is the command line's {@code AutoNoiseResumeTest}.)
 */
class AutoNoiseRunTest {
  static final double BUDGET = 1.0;
  static final int QUERIES = 60;
  static final String AUTO = TinyRuns.TINY
      .replace("  gamma: 0.5\n", "  noise: auto\n")
      + "privacy:\n  budget: {epsilon: " + BUDGET + "}\n";

  @TempDir static Path dir;
  static Path run;
  static JsonNode report;

  @BeforeAll
  static void runOnce() throws IOException {
    assertTrue(AUTO.contains("noise: auto") && !AUTO.contains("gamma"), AUTO);
    run = TinyRuns.run(AUTO, dir.resolve("a"));
    report = Json.mapper().readTree(run.resolve("report.json").toFile());
  }

  @Test
  void thePlanBlockSaysWhatWasPlannedAndHow() {
    JsonNode plan = report.get("plan");
    assertEquals("lnmax", plan.get("mechanism").asText());
    assertTrue(plan.get("planned_a_priori").asBoolean());
    assertEquals(BUDGET, plan.get("budget_epsilon").asDouble());
    assertEquals(1e-5, plan.get("delta").asDouble());
    assertEquals("improved", plan.get("conversion").asText());
    assertEquals(NumberText.orders(Orders.defaults()), plan.get("orders").asText());
    assertEquals(QUERIES, plan.get("queries").asInt());
    assertEquals("data-independent", plan.get("kind").asText());
    assertTrue(plan.get("order").asDouble() > 1);

    // The planner's own answer for this budget, and the one labelling used.
    Budget budget = Budget.of(BUDGET, 1e-5);
    double gamma = Planner.lnmax(budget, QUERIES).value();
    assertEquals(gamma, plan.at("/parameters/gamma").asDouble());
    assertEquals(gamma, report.at("/aggregation/gamma").asDouble());
    assertEquals("auto", report.at("/aggregation/noise").asText());
    double planned = plan.get("epsilon_data_independent").asDouble();
    assertTrue(planned <= BUDGET && planned >= BUDGET * (1 - 1e-3), "planned " + planned);
  }

  @Test
  void everyPlannedQueryIsAnsweredWithinTheBudget() throws IOException {
    assertEquals(QUERIES, report.at("/aggregation/queries_asked").asInt());
    assertTrue(report.at("/aggregation/stopped_because").isNull());

    // The data-independent epsilon of the labelled queries, from the ledger's charges.
    LedgerContents ledger = LedgerReader.read(run.resolve(Ledger.FILE));
    assertEquals(QUERIES, ledger.entries().size());
    RdpLedger charged = new RdpLedger(ledger.header().orders());
    ledger.entries().forEach(e -> charged.add(e.spentRdp()));
    EpsilonBound spent = charged.epsilon(1e-5, Conversion.IMPROVED);
    assertTrue(spent.epsilon() <= BUDGET, "spent " + spent);
    assertEquals(spent.epsilon(), report.at("/privacy/epsilon_data_independent").asDouble(),
        1e-12);
    assertEquals(spent.epsilon(), report.at("/plan/epsilon_data_independent").asDouble(), 1e-9);
  }

  /**
   * What {@code pate ledger} and a study's epsilon curves do: the run's accountant rebuilt from its
   * folder states the guarantee the run reported (its config names no noise; the plan does).
   */
  @Test
  void theLedgerReplaysWithThePlannedNoise() {
    RunConfig config = ConfigLoader.load(run.resolve("config.yaml"), List.of());
    EpsilonBound replayed = LedgerReplay.of(run, config)
        .report(config.privacy().delta(), config.privacy().conversion())
        .epsilonDataIndependent();
    assertEquals(report.at("/privacy/epsilon_data_independent").asDouble(), replayed.epsilon(),
        1e-12);
  }

  @Test
  void theRunFolderRecordsTheAutoConfigAndThePlan() throws IOException {
    String config = Files.readString(run.resolve("config.yaml"));
    assertTrue(config.contains("  noise: auto\n"), config);
    assertFalse(config.contains("gamma"), config);
    assertEquals(report.get("plan"),
        Json.mapper().readTree(run.resolve(RunNoise.PLAN_FILE).toFile()));
  }

  @Test
  void aResumedRunReplansTheSameNoise() throws IOException {
    Path copy = copyUnfinished("same");
    TinyRuns.resume(copy);
    JsonNode resumed = Json.mapper().readTree(copy.resolve("report.json").toFile());
    assertEquals(report.get("plan"), resumed.get("plan"));
    assertEquals(report.at("/privacy/epsilon_data_independent"),
        resumed.at("/privacy/epsilon_data_independent"));
    assertEquals(QUERIES, LedgerReader.read(copy.resolve(Ledger.FILE)).entries().size());
  }

  /** A copy of the finished run without its report: what an interrupted run leaves. */
  private static Path copyUnfinished(String name) throws IOException {
    Path copy = dir.resolve(name);
    RunFolders.copyTree(run, copy);
    Files.delete(copy.resolve("report.json"));
    return copy;
  }
}
