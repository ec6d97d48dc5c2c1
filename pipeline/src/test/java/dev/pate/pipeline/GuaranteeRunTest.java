package dev.pate.pipeline;

import static dev.pate.pipeline.testdata.ConfidentRun.everyQueryInFull;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.pate.aggregator.rdp.Conversion;
import dev.pate.aggregator.rdp.RdpLedger;
import dev.pate.files.UserError;
import dev.pate.ledger.Ledger;
import dev.pate.ledger.LedgerContents;
import dev.pate.ledger.LedgerReader;
import dev.pate.pipeline.output.Json;
import dev.pate.pipeline.testdata.ConfidentRun;
import dev.pate.pipeline.testdata.RunFolders;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a run's data-independent epsilon guarantees, on tiny Confident-GNMax runs whose threshold
 * makes many queries abstain: every query charged in full without a budget, the budget itself with
 * one; which figures of report.json are marked private; a resume that lost its ledger. The
 * command line's {@code GuaranteeCommandsTest} checks the console summary and {@code pate ledger}'s
 * composition of these runs.
 */
class GuaranteeRunTest {
  static final int QUERIES = ConfidentRun.QUERIES;
  static final String CONFIDENT = ConfidentRun.CONFIDENT;

  @TempDir static Path dir;
  static JsonNode unbudgeted;
  static JsonNode budgeted;
  static Path budgetedFolder;
  static Path unbudgetedFolder;
  static double budget;

  @BeforeAll
  static void run() throws IOException {
    Path out = dir.resolve("out");
    unbudgetedFolder = TinyRuns.run(CONFIDENT, out);
    assertEquals(unbudgetedFolder, RunFolders.only(out.resolve("confident")));
    unbudgeted = Json.mapper().readTree(unbudgetedFolder.resolve("report.json").toFile());

    // A budget that binds: a third of what every query in full would cost.
    budget = everyQueryInFull(QUERIES).epsilon() / 3;
    budgetedFolder = TinyRuns.run(CONFIDENT, out, "name=limited",
        "privacy.budget.epsilon=" + budget);
    assertEquals(budgetedFolder, RunFolders.only(out.resolve("limited")));
    budgeted = Json.mapper().readTree(budgetedFolder.resolve("report.json").toFile());
  }

  @Test
  void withoutABudgetEveryQueryIsChargedInFullWhateverItAnswered() {
    int answered = unbudgeted.at("/aggregation/queries_answered").asInt();
    assertTrue(answered > 0 && answered < QUERIES, "the test needs abstentions: " + answered);
    assertEquals(QUERIES, unbudgeted.at("/aggregation/queries_asked").asInt());
    assertEquals(everyQueryInFull(QUERIES).epsilon(),
        unbudgeted.at("/privacy/epsilon_data_independent").asDouble(), 1e-9);
    assertEquals("every-query-asked", unbudgeted.at("/privacy/guarantee/basis").asText());
    // What the steps that ran spent is less, and is said not to be a guarantee.
    assertTrue(unbudgeted.at("/privacy/epsilon_spent").asDouble()
        < unbudgeted.at("/privacy/epsilon_data_independent").asDouble());
    assertTrue(unbudgeted.at("/privacy/statements/1/note").asText()
        .contains("not itself a guarantee"));
  }

  @Test
  void aBudgetedRunIsGuaranteedItsBudgetAndSpendsNoMore() {
    assertTrue(budgeted.at("/aggregation/stopped_because").asText().startsWith("budget:"),
        budgeted.at("/aggregation").toString());
    int asked = budgeted.at("/aggregation/queries_asked").asInt();
    assertEquals("budget-filter", budgeted.at("/privacy/guarantee/basis").asText());
    assertEquals(budget, budgeted.at("/privacy/epsilon_data_independent").asDouble(), 1e-9);
    assertTrue(budgeted.at("/privacy/epsilon_data_independent").asDouble() >= budget,
        "never below the budget");
    // Every query asked in full would be more than the budget: the abstentions' savings were
    // spent on further queries, which is what the filter allows.
    assertTrue(everyQueryInFull(asked).epsilon() > budget, "asked " + asked);

    LedgerContents ledger = LedgerReader.read(budgetedFolder.resolve(Ledger.FILE));
    assertEquals(asked, ledger.entries().size());
    RdpLedger spent = new RdpLedger(ledger.header().orders());
    ledger.entries().forEach(e -> spent.add(e.spentRdp()));
    assertTrue(spent.epsilon(1e-5, Conversion.IMPROVED).epsilon() <= budget);
    assertEquals(java.util.OptionalInt.of(QUERIES), ledger.header().maxQueries());
    assertEquals(Map.of("epsilon", budget, "delta", 1e-5, "conversion", "improved"),
        ledger.header().budget().orElseThrow());
  }

  /** Names of figures computed from private data without a charge. */
  private static final Set<String> PRIVATE_FIGURES = Set.of("mean_test_accuracy",
      "min_test_accuracy", "max_test_accuracy", "min_partition_size", "max_partition_size",
      "cache", "ensemble_accuracy", "epsilon_data_dependent", "private_examples_used",
      "private_file", "unseen_categories", "non_private_ceiling");

  @Test
  void everyFigureOfPrivateDataSitsInAPrivateObject() {
    for (JsonNode report : List.of(unbudgeted, budgeted)) {
      List<String> paths = new ArrayList<>();
      collect(report, "", paths);
      List<String> found = new ArrayList<>();
      for (String path : paths) {
        String[] parts = path.split("/");
        for (int i = 0; i < parts.length; i++) {
          if (PRIVATE_FIGURES.contains(parts[i])) {
            found.add(path);
            assertTrue(i > 0 && List.of(parts).subList(0, i).contains("private"),
                path + " is a private figure outside a 'private' object");
          }
        }
      }
      assertTrue(found.stream().anyMatch(p -> p.contains("mean_test_accuracy")), found::toString);
      assertTrue(found.stream().anyMatch(p -> p.contains("epsilon_data_dependent")));
      assertTrue(report.at("/disclosure").asText().contains("'private'"));
    }
  }

  private static void collect(JsonNode node, String path, List<String> out) {
    if (node.isObject()) {
      Iterator<Map.Entry<String, JsonNode>> fields = node.fields();
      while (fields.hasNext()) {
        Map.Entry<String, JsonNode> f = fields.next();
        collect(f.getValue(), path + "/" + f.getKey(), out);
      }
    } else if (node.isArray()) {
      for (int i = 0; i < node.size(); i++) {
        collect(node.get(i), path + "/" + i, out);
      }
    } else {
      out.add(path);
    }
  }

  /**
   * A resume whose ledger was lost is refused when queries may have been answered (votes.csv
   * exists): a new ledger would forget their charges.
   */
  @Test
  void aResumeWithoutItsLedgerIsRefusedOnceQueriesWereRecorded() throws IOException {
    Path copy = dir.resolve("lost-ledger");
    RunFolders.copyTree(unbudgetedFolder, copy);
    Files.delete(copy.resolve("report.json"));
    Files.delete(copy.resolve(Ledger.FILE));
    // The user's error (exit 2 at the command line), in one line.
    UserError e = assertThrows(UserError.class, () -> TinyRuns.resume(copy));
    String message = e.getMessage().strip();
    assertFalse(message.contains("\n"), message);
    assertTrue(message.contains(Ledger.FILE + ": missing, but votes.csv exists"), message);
    assertFalse(Files.exists(copy.resolve(Ledger.FILE)), "no new ledger was started");
  }
}
