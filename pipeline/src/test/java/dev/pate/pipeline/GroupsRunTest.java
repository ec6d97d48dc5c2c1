package dev.pate.pipeline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.pate.aggregator.accounting.Budget;
import dev.pate.aggregator.groups.GroupGuarantee;
import dev.pate.aggregator.groups.GroupPlanner;
import dev.pate.aggregator.groups.GroupStatement;
import dev.pate.aggregator.groups.PrivacyGroup;
import dev.pate.aggregator.mechanism.Mechanism;
import dev.pate.aggregator.rdp.Conversion;
import dev.pate.aggregator.rdp.Orders;
import dev.pate.config.ConfigLoader;
import dev.pate.config.RunConfig;
import dev.pate.files.UserError;
import dev.pate.ledger.GroupRunAccountant;
import dev.pate.ledger.Ledger;
import dev.pate.ledger.LedgerCharge;
import dev.pate.ledger.LedgerContents;
import dev.pate.ledger.LedgerEntry;
import dev.pate.ledger.LedgerReader;
import dev.pate.pipeline.labelling.LedgerReplay;
import dev.pate.pipeline.output.Json;
import dev.pate.pipeline.report.RunReport;
import dev.pate.pipeline.report.SummaryTable;
import dev.pate.pipeline.testdata.RunFolders;
import dev.pate.pipeline.testdata.SyntheticTable;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Tiny CSV runs with three privacy groups (budgets 1, 2, 3, groups drawn in proportions 0.34 /
 * 0.43 / 0.23), one per method, seeded GNMax noise small enough that a group's filter stops
 * labelling: every group's reported guarantee is its own accountant's for the queries asked
 * and within its budget, the ledger replays into the same figures, report.json and release.json
 * state no group's size, a resumed run with other budgets is refused, and uniform answers exactly
 * as a run without groups at the strictest budget.
 */
class GroupsRunTest {
  private static final double SIGMA = 40;
  private static final double[] BUDGETS = {1.0, 2.0, 3.0};
  private static final List<String> NAMES = List.of("strict", "standard", "open");
  private static final double DELTA = 1e-5;

  @TempDir static Path dir;
  static Path out;
  static String base;
  static final Map<String, Path> FOLDERS = new java.util.LinkedHashMap<>();

  static String groups(String method) {
    return String.join("\n",
        "privacy:",
        "  delta: " + DELTA,
        "  groups:",
        "    method: " + method,
        "    source: {draw: {strict: 0.34, standard: 0.43, open: 0.23}}",
        "    budgets:",
        "      strict: {epsilon: " + BUDGETS[0] + "}",
        "      standard: {epsilon: " + BUDGETS[1] + "}",
        "      open: {epsilon: " + BUDGETS[2] + "}",
        "");
  }

  @BeforeAll
  static void runEveryMethod() throws IOException {
    Path privateFile = SyntheticTable.write(dir.resolve("private.csv"), 600, 1, 10, "");
    Path publicFile = SyntheticTable.write(dir.resolve("public.csv"), 300, 2, 0, ".");
    base = SyntheticTable.config(privateFile, publicFile)
        .replace("  mechanism: lnmax\n  gamma: 0.5\n", "  mechanism: gnmax\n  sigma: " + SIGMA
            + "\n")
        .replace("baseline:\n  non_private: true\n  epochs: 3\n", "");
    out = dir.resolve("runs");
    for (String method : List.of("uniform", "upsampling", "weighting")) {
      FOLDERS.put(method, TinyRuns.run(base.replace("name: tiny-csv", "name: " + method)
          + groups(method), out));
    }
  }

  private static JsonNode json(Path file) throws IOException {
    return Json.mapper().readTree(file.toFile());
  }

  private static RunConfig config(Path folder) {
    return ConfigLoader.load(folder.resolve("config.yaml"), List.of());
  }

  @Test
  void everyGroupsGuaranteeIsItsAccountantsForTheQueriesAskedAndWithinItsBudget()
      throws IOException {
    for (var run : FOLDERS.entrySet()) {
      JsonNode report = json(run.getValue().resolve("report.json"));
      JsonNode groups = report.at("/privacy/groups");
      assertEquals(run.getKey(), report.at("/privacy/group_method").asText());
      assertEquals(3, groups.size(), run.getKey());
      int asked = report.at("/aggregation/queries_asked").asInt();
      // A group's filter stopped the run before its 60 queries, naming the group (under
      // upsampling and weighting the loosest: its s^2 = 9 grows faster than its budget).
      assertTrue(asked > 0 && asked < 60, run.getKey() + " asked " + asked);
      assertTrue(report.at("/aggregation/stopped_because").asText().contains("group '"),
          report.at("/aggregation/stopped_because").asText());
      // The multipliers the method allows: floor(epsilon / 1), capped at 1 by uniform.
      boolean uniform = run.getKey().equals("uniform");
      List<PrivacyGroup> expected = new ArrayList<>();
      for (int g = 0; g < 3; g++) {
        JsonNode group = groups.get(g);
        assertEquals(NAMES.get(g), group.get("name").asText());
        int multiplier = uniform ? 1 : (int) Math.floor(BUDGETS[g] / BUDGETS[0]);
        assertEquals(multiplier, group.get("multiplier").asInt(), run.getKey());
        double budget = uniform ? BUDGETS[0] : BUDGETS[g];
        assertEquals(budget, group.get("budget_epsilon").asDouble(), run.getKey());
        expected.add(new PrivacyGroup(NAMES.get(g), new Budget(budget, DELTA,
            Conversion.IMPROVED, Orders.defaults()), multiplier));
      }
      // GNMax answers every query it asks: each group's guarantee is every asked query at its
      // worst case, s^2 times the base, as the planner's accounting states it.
      List<GroupGuarantee> guarantees = GroupPlanner.guarantees(new Mechanism.Gnmax(SIGMA),
          expected, asked);
      for (int g = 0; g < 3; g++) {
        JsonNode guarantee = groups.get(g).get("guarantee");
        assertEquals("guarantee", guarantee.get("kind").asText());
        assertEquals(guarantees.get(g).epsilon().epsilon(), guarantee.get("epsilon").asDouble(),
            1e-9 * guarantee.get("epsilon").asDouble(), run.getKey() + " " + NAMES.get(g));
        assertEquals(DELTA, guarantee.get("delta").asDouble());
        assertTrue(guarantee.get("epsilon").asDouble()
            <= groups.get(g).get("budget_epsilon").asDouble() * (1 + 1e-12), guarantee.toString());
        assertEquals("data-dependent",
            groups.get(g).at("/private/data_dependent/kind").asText());
      }
      // The headline is the weakest group's guarantee: the largest.
      double largest = 0;
      for (JsonNode g : groups) {
        largest = Math.max(largest, g.at("/guarantee/epsilon").asDouble());
      }
      assertEquals(largest, report.at("/privacy/epsilon_data_independent").asDouble());
    }
  }

  @Test
  void theLedgerReplaysIntoTheSamePerGroupFigures() throws IOException {
    for (var run : FOLDERS.entrySet()) {
      Path folder = run.getValue();
      RunConfig config = config(folder);
      LedgerContents ledger = LedgerReader.read(folder.resolve(Ledger.FILE));
      assertEquals(run.getKey(), ledger.header().groups().orElseThrow().method());
      GroupRunAccountant replay = (GroupRunAccountant) dev.pate.pipeline.labelling.RunGroups
          .of(config).orElseThrow().accountant(new Mechanism.Gnmax(SIGMA),
              config.aggregator().queries());
      for (LedgerEntry e : ledger.entries()) {
        replay.add(LedgerCharge.of(e));
      }
      JsonNode groups = json(folder.resolve("report.json")).at("/privacy/groups");
      List<GroupStatement> statements = replay.groupAccountant().report();
      for (int g = 0; g < 3; g++) {
        assertEquals(statements.get(g).statement().epsilonDataIndependent().epsilon(),
            groups.get(g).at("/guarantee/epsilon").asDouble(), run.getKey());
        assertEquals(statements.get(g).statement().epsilonDataDependent().epsilon(),
            groups.get(g).at("/private/data_dependent/epsilon").asDouble(), run.getKey());
      }
      // The run's own replay (pate ledger, studies) states the weakest group's figures.
      assertEquals(json(folder.resolve("report.json")).at("/privacy/epsilon_data_independent")
          .asDouble(), LedgerReplay.of(folder, config).report(DELTA, Conversion.IMPROVED)
          .epsilonDataIndependent().epsilon());
    }
  }

  @Test
  void reportAndReleaseStateNoGroupsSize() throws IOException {
    Set<String> allowed = new HashSet<>(ReportAllowlistTest.PUBLIC);
    allowed.addAll(ReportAllowlistTest.GROUPS);
    allowed.add("privacy/comparison_pate2017"); // null: LNMax only (the allowlist run's)
    for (Path folder : FOLDERS.values()) {
      Set<String> found = new TreeSet<>();
      ReportAllowlistTest.publicPaths(json(folder.resolve("report.json")), "", found);
      Set<String> unexpected = new TreeSet<>(found);
      unexpected.removeAll(allowed);
      assertEquals(Set.of(), unexpected, folder.toString());
      assertTrue(found.containsAll(ReportAllowlistTest.GROUPS), found.toString());

      JsonNode release = json(folder.resolve("release/release.json"));
      JsonNode groups = release.at("/privacy/groups");
      assertEquals(3, groups.size());
      for (JsonNode g : groups) {
        Set<String> keys = new TreeSet<>();
        for (Iterator<String> k = g.fieldNames(); k.hasNext(); ) {
          keys.add(k.next());
        }
        assertEquals(new TreeSet<>(List.of("name", "budget_epsilon", "budget_delta",
            "multiplier", "epsilon", "delta", "order", "conversion", "kind")), keys);
      }
      String card = Files.readString(folder.resolve("release/MODEL_CARD.md"));
      for (String name : NAMES) {
        assertTrue(card.contains("- " + name + ": (epsilon "), card);
      }
    }
  }

  @Test
  void theConsoleSummaryStatesEveryGroupsGuaranteeOnALineOfItsOwn() {
    for (Path folder : FOLDERS.values()) {
      RunReport report = Json.read(folder.resolve("report.json"), RunReport.class);
      String summary = SummaryTable.of(report);
      for (RunReport.Group g : report.privacy().groups()) {
        assertTrue(summary.lines().filter(line -> line.contains("group " + g.name())
            && line.contains(String.format(java.util.Locale.ROOT, "epsilon %.4f",
                g.guarantee().epsilon()))).count() == 1, summary);
      }
    }
  }

  /** A group of no record, from a per-record file: one line, before any teacher trains. */
  @Test
  void aDeclaredGroupWithoutARecordIsRefusedBeforeAnyTeacherTrains() throws IOException {
    Path groups = dir.resolve("groups.csv");
    StringBuilder lines = new StringBuilder();
    for (int r = 0; r < 600; r++) {
      lines.append(r % 2 == 0 ? "strict" : "standard").append('\n');
    }
    Files.writeString(groups, lines);
    Path empty = dir.resolve("empty-group");
    UserError e = assertThrows(UserError.class, () -> TinyRuns.run(base.replace(
        "name: tiny-csv", "name: empty") + groups("upsampling").replace(
            "source: {draw: {strict: 0.34, standard: 0.43, open: 0.23}}",
            "source: {file: '" + groups + "'}"), empty));
    assertTrue(e.getMessage().contains("group 'open' is declared"), e.getMessage());
    assertFalse(e.getMessage().contains("\n"), e.getMessage());
    assertFalse(Files.exists(empty.resolve("cache/teachers")) && Files.list(
        empty.resolve("cache/teachers")).findAny().isPresent(), "a teacher was trained");
  }

  @Test
  void aResumedRunWithOtherBudgetsIsRefused() throws IOException {
    Path folder = FOLDERS.get("upsampling");
    String yaml = Files.readString(folder.resolve("config.yaml"));
    Path changed = dir.resolve("changed.yaml");
    Files.writeString(changed, yaml.replace("epsilon: 3.0", "epsilon: 4.0"));
    RunConfig other = ConfigLoader.load(changed, List.of());
    String message = assertThrows(UserError.class, () -> LedgerReplay.of(folder, other))
        .getMessage();
    assertTrue(message.contains("its charges were made for the privacy groups"), message);
    assertFalse(message.contains("\n"), message);
  }

  @Test
  void uniformAnswersAsARunWithoutGroupsAtTheStrictestBudget() throws IOException {
    Path plain = TinyRuns.run(base.replace("name: tiny-csv", "name: plain")
        + "privacy:\n  delta: " + DELTA + "\n  budget:\n    epsilon: " + BUDGETS[0] + "\n", out);
    assertEquals(Files.readString(plain.resolve("labels.csv")),
        Files.readString(FOLDERS.get("uniform").resolve("labels.csv")));
    JsonNode plainReport = json(plain.resolve("report.json"));
    JsonNode uniform = json(FOLDERS.get("uniform").resolve("report.json"));
    assertEquals(plainReport.at("/aggregation/queries_asked"),
        uniform.at("/aggregation/queries_asked"));
    assertEquals(plainReport.at("/privacy/epsilon_data_independent").asDouble(),
        uniform.at("/privacy/epsilon_data_independent").asDouble());
    assertEquals(RunFolders.only(out.resolve("plain")), plain);
  }

  @Test
  void autoNoiseFitsEveryGroupWithEveryQueryAsked() throws IOException {
    Path folder = TinyRuns.run(base.replace("name: tiny-csv", "name: auto")
        .replace("  sigma: " + SIGMA + "\n", "  noise: auto\n") + groups("upsampling"), out);
    JsonNode report = json(folder.resolve("report.json"));
    assertEquals(60, report.at("/aggregation/queries_asked").asInt());
    JsonNode plan = report.at("/plan/groups");
    assertEquals(3, plan.size());
    for (int g = 0; g < 3; g++) {
      JsonNode group = report.at("/privacy/groups").get(g);
      assertTrue(group.at("/guarantee/epsilon").asDouble()
          <= BUDGETS[g] * (1 + 1e-12), group.toString());
      assertEquals(plan.get(g).get("epsilon").asDouble(), group.at("/guarantee/epsilon")
          .asDouble(), 1e-9);
    }
    // The least noise: the binding group is at its budget (to the planner's tolerance).
    double tightest = 0;
    for (int g = 0; g < 3; g++) {
      tightest = Math.max(tightest,
          report.at("/privacy/groups").get(g).at("/guarantee/epsilon").asDouble() / BUDGETS[g]);
    }
    assertTrue(tightest > 0.99, "no group near its budget: " + tightest);
  }
}
