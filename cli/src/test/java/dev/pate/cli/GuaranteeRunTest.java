package dev.pate.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.pate.aggregator.accounting.NoiseKind;
import dev.pate.aggregator.gnmax.ConfidentGnmaxAccounting;
import dev.pate.aggregator.rdp.Conversion;
import dev.pate.aggregator.rdp.Orders;
import dev.pate.aggregator.rdp.RdpConversions;
import dev.pate.aggregator.rdp.RdpLedger;
import dev.pate.config.ConfigLoader;
import dev.pate.config.RunConfig;
import dev.pate.ledger.Ledger;
import dev.pate.ledger.LedgerContents;
import dev.pate.ledger.LedgerReader;
import dev.pate.pipeline.labelling.LedgerReplay;
import dev.pate.pipeline.output.Json;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a run's data-independent epsilon guarantees, on tiny Confident-GNMax runs whose threshold
 * makes many queries abstain: every query charged in full without a budget, the budget itself with
 * one; and which figures of report.json are marked private.
 */
class GuaranteeRunTest {
  static final int QUERIES = 60;
  static final String CONFIDENT = """
      name: confident
      seed: 5
      dataset:
        name: mnist
        private_limit: 1200
      teachers:
        count: 6
        workers: 2
        network:
          architecture: mlp
          dense: [32]
          epochs: 4
          learning_rate: 0.01
      aggregator:
        mechanism: confident-gnmax
        threshold: 5
        sigma1: 2
        sigma2: 2
        queries: 60
        randomness: seeded
      student:
        train: false
      """;

  @TempDir static Path dir;
  static JsonNode unbudgeted;
  static JsonNode budgeted;
  static Path budgetedFolder;
  static Path unbudgetedFolder;
  static double budget;

  @BeforeAll
  static void run() throws IOException {
    Path config = dir.resolve("confident.yaml");
    Files.writeString(config, CONFIDENT);
    Path out = dir.resolve("out");
    Captured plain = Captured.run("run", config.toString(), "--out", out.toString());
    assertEquals(0, plain.exitCode(), plain.err());
    unbudgetedFolder = only(out.resolve("confident"));
    unbudgeted = Json.mapper().readTree(unbudgetedFolder.resolve("report.json").toFile());

    // A budget that binds: a third of what every query in full would cost.
    budget = everyQueryInFull(QUERIES).epsilon() / 3;
    Captured limited = Captured.run("run", config.toString(), "--out", out.toString(),
        "name=limited", "privacy.budget.epsilon=" + budget);
    assertEquals(0, limited.exitCode(), limited.err());
    budgetedFolder = only(out.resolve("limited"));
    budgeted = Json.mapper().readTree(budgetedFolder.resolve("report.json").toFile());
  }

  private static Path only(Path parent) throws IOException {
    try (Stream<Path> s = Files.list(parent)) {
      List<Path> runs = s.toList();
      assertEquals(1, runs.size(), runs.toString());
      return runs.get(0);
    }
  }

  /** The epsilon of {@code queries} Confident-GNMax queries, each charged both steps. */
  private static dev.pate.aggregator.rdp.EpsilonBound everyQueryInFull(int queries) {
    double[] perQuery = new ConfidentGnmaxAccounting(5, 2, 2, Orders.defaults(),
        NoiseKind.DISCRETE).dataIndependentRdp();
    double[] total = new double[perQuery.length];
    for (int i = 0; i < total.length; i++) {
      total[i] = queries * perQuery[i];
    }
    return RdpConversions.epsilon(Orders.defaults(), total, 1e-5, Conversion.IMPROVED);
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
   * A resume whose ledger was lost is refused when queries may have been answered (votes.csv
   * exists): a new ledger would forget their charges.
   */
  @Test
  void aResumeWithoutItsLedgerIsRefusedOnceQueriesWereRecorded() throws IOException {
    Path copy = dir.resolve("lost-ledger");
    TinyRun.copyTree(unbudgetedFolder, copy);
    Files.delete(copy.resolve("report.json"));
    Files.delete(copy.resolve(Ledger.FILE));
    Captured resumed = Captured.run("run", "--resume", copy.toString());
    assertEquals(2, resumed.exitCode(), resumed.err());
    String message = resumed.err().strip();
    assertFalse(message.contains("\n"), message);
    assertTrue(message.contains(Ledger.FILE + ": missing, but votes.csv exists"), message);
    assertFalse(Files.exists(copy.resolve(Ledger.FILE)), "no new ledger was started");
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
