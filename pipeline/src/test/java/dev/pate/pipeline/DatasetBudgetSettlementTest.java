package dev.pate.pipeline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.pate.aggregator.accounting.Budget;
import dev.pate.aggregator.rdp.Conversion;
import dev.pate.aggregator.rdp.Orders;
import dev.pate.files.Sha256;
import dev.pate.ledger.DatasetBudget;
import dev.pate.pipeline.output.Json;
import dev.pate.pipeline.testdata.SyntheticTable;
import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a run charges to its private data set's budget. The command line's {@code
 * DatasetBudgetRunTest} checks the rest: refusals in one line, {@code pate budget}, studies and
 * concurrent runs.
 */
class DatasetBudgetSettlementTest {
  @TempDir Path dir;

  /**
   * Confident-GNMax spends less than its guarantee when queries abstain, and which abstain depends
   * on the votes: the data set's budget is settled to the guarantee, never to what was spent, so
   * that the remaining budget (published in release.json) is no function of the private data.
   */
  @Test
  void aRunSettlesToItsGuaranteeNotToTheDataDependentSpentCost() throws IOException {
    Path privateFile = SyntheticTable.write(dir.resolve("private.csv"), 600, 1, 10, "");
    Path publicFile = SyntheticTable.write(dir.resolve("public.csv"), 300, 2, 0, ".");
    Path out = dir.resolve("runs");
    // What pate budget init does, in the folder a run looks in by default (<out>/budgets).
    DatasetBudget.init(out.resolve("budgets"), Sha256.of(privateFile),
        new Budget(1000, 1e-5, Conversion.IMPROVED, Orders.defaults()));
    // Five teachers, threshold 6: a query is answered only when the threshold's noise lifts it.
    String config = SyntheticTable.secureGnmaxConfig(privateFile, publicFile, "confident", 40)
        .replace("  mechanism: gnmax\n  sigma: 40.0\n",
            "  mechanism: confident-gnmax\n  threshold: 6\n  sigma1: 2\n  sigma2: 2\n");
    JsonNode report = Json.mapper().readTree(TinyRuns.run(config, out).resolve("report.json")
        .toFile());
    double guarantee = report.at("/privacy/epsilon_data_independent").asDouble();
    double spent = report.at("/privacy/epsilon_spent").asDouble();
    assertTrue(report.at("/aggregation/queries_answered").asInt()
        < report.at("/aggregation/queries_asked").asInt(), "some queries abstained");
    assertTrue(spent < guarantee, spent + " vs " + guarantee);
    assertEquals(guarantee, report.at("/dataset_budget/charged_epsilon").asDouble(), 1e-9);
  }
}
