package dev.pate.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.pate.aggregator.accounting.Budget;
import dev.pate.aggregator.groups.GroupBudget;
import dev.pate.aggregator.groups.GroupPlan;
import dev.pate.aggregator.groups.GroupPlanRequest;
import dev.pate.aggregator.groups.GroupPlanner;
import dev.pate.aggregator.mechanism.Mechanism;
import dev.pate.pipeline.output.Json;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@code pate plan --group ...}: the noise for every group's budget, and its one-line errors. */
class PlanGroupsCommandTest {

  @Test
  void gnmaxPlanForThreeGroupsStatesEachGroupsMultiplierAndGuarantee() throws Exception {
    Captured c = Captured.run("plan", "--group", "strict=1", "--group", "middle=2:1e-6",
        "--group", "loose=3", "--group-method", "weighting", "--queries", "1000",
        "--mechanism", "gnmax", "--json");
    assertEquals(0, c.exitCode(), c.err());
    JsonNode plan = Json.mapper().readTree(c.out());
    assertEquals("weighting", plan.get("method").asText());
    JsonNode candidate = plan.get("candidates").get(0);
    JsonNode groups = candidate.get("groups");
    assertEquals(3, groups.size());
    int[] multipliers = {1, 2, 3};
    double[] budgets = {1, 2, 3};
    double[] deltas = {1e-5, 1e-6, 1e-5};
    for (int g = 0; g < 3; g++) {
      assertEquals(multipliers[g], groups.get(g).get("multiplier").asInt());
      assertEquals(deltas[g], groups.get(g).get("delta").asDouble());
      assertTrue(groups.get(g).get("epsilon").asDouble() <= budgets[g], groups.get(g).toString());
    }
    // The command prints what the library plans.
    GroupPlan expected = GroupPlanner.plan(GroupPlanRequest.of(Mechanism.Kind.GNMAX,
        List.of(new GroupBudget("strict", Budget.of(1, 1e-5)),
            new GroupBudget("middle", Budget.of(2, 1e-6)),
            new GroupBudget("loose", Budget.of(3, 1e-5))), 1000, 250));
    assertEquals(((Mechanism.Gnmax) expected.candidates().get(0).planned().orElseThrow())
        .sigma(), candidate.get("sigma").asDouble());
  }

  @Test
  void theTableNamesEveryGroup() {
    Captured c = Captured.run("plan", "--group", "minors=0.5", "--group", "adults=2",
        "--group-method", "upsampling", "--teachers", "3", "--queries", "200",
        "--mechanism", "gnmax");
    assertEquals(0, c.exitCode(), c.err());
    assertTrue(c.out().contains("  group method                   upsampling\n"), c.out());
    // 2 / 0.5 = 4, capped at the 3 teachers by upsampling.
    assertTrue(c.out().contains("  group adults                 multiplier 3, budget epsilon 2.0"),
        c.out());
    assertTrue(c.out().contains("  group minors                 multiplier 1, budget epsilon 0.5"),
        c.out());
  }

  @Test
  void confidentGnmaxListsTheGridWithEveryGroupsGuarantee() throws Exception {
    Captured c = Captured.run("plan", "--group", "minors=1", "--group", "adults=3",
        "--group-method", "weighting", "--queries", "500", "--mechanism", "confident-gnmax",
        "--json");
    assertEquals(0, c.exitCode(), c.err());
    JsonNode candidates = Json.mapper().readTree(c.out()).get("candidates");
    assertEquals(20, candidates.size());
    int feasible = 0;
    for (JsonNode candidate : candidates) {
      if (candidate.get("feasible").asBoolean()) {
        feasible++;
        assertTrue(candidate.get("sigma2").asDouble() > 0);
        assertEquals(2, candidate.get("groups").size());
        assertTrue(candidate.get("groups").get(1).get("epsilon").asDouble() <= 3);
      } else {
        assertTrue(candidate.get("note").asText().startsWith("infeasible"));
      }
    }
    assertTrue(feasible > 0);
  }

  private static void assertBadInput(String line, String... args) {
    Captured c = Captured.run(args);
    assertEquals(2, c.exitCode(), c.err());
    assertEquals(List.of("pate: " + line), c.err().lines().toList());
  }

  @Test
  void badGroupsAreOneLineErrors() {
    assertBadInput("--group: 'a' is not NAME=EPSILON[:DELTA]",
        "plan", "--group", "a", "--group-method", "weighting", "--mechanism", "gnmax");
    assertBadInput("--group: 'a=x': epsilon 'x' is not a number",
        "plan", "--group", "a=x", "--group-method", "weighting", "--mechanism", "gnmax");
    assertBadInput("--group: 'a=-1': epsilon -1.0 is not a finite number > 0",
        "plan", "--group", "a=-1", "--group-method", "weighting", "--mechanism", "gnmax");
    assertBadInput("--group: 'a=1:2': delta 2.0 is not in (0, 1)",
        "plan", "--group", "a=1:2", "--group-method", "weighting", "--mechanism", "gnmax");
    assertBadInput("--group: 'a' is given twice; give each group once", "plan", "--group",
        "a=1", "--group", "a=2", "--group-method", "weighting", "--mechanism", "gnmax");
    assertBadInput("--group-method: required with --group (uniform, upsampling, weighting)",
        "plan", "--group", "a=1", "--mechanism", "gnmax");
    assertBadInput("--group-method: 'copies' is not one of uniform, upsampling, weighting",
        "plan", "--group", "a=1", "--group-method", "copies", "--mechanism", "gnmax");
    assertBadInput("--max-multiplier: 0 is not >= 1", "plan", "--group", "a=1",
        "--group-method", "weighting", "--max-multiplier", "0", "--mechanism", "gnmax");
    assertBadInput("--mechanism: 'lnmax' has no per-group accounting; with --group give gnmax"
        + " or confident-gnmax", "plan", "--group", "a=1", "--group-method", "weighting",
        "--mechanism", "lnmax");
    assertBadInput("--epsilon and --group: give one budget, or one per group, not both",
        "plan", "--epsilon", "1", "--group", "a=1", "--group-method", "weighting",
        "--mechanism", "gnmax");
    assertBadInput("--group-method/--max-multiplier: only with --group",
        "plan", "--epsilon", "1", "--group-method", "weighting", "--mechanism", "gnmax");
    assertBadInput("--epsilon: required (or give a budget per group with --group)",
        "plan", "--mechanism", "gnmax");
  }

  @Test
  void anUnattainableBudgetNamesTheGroup() {
    Captured c = Captured.run("plan", "--group", "tiny=1e-9", "--group-method", "weighting",
        "--mechanism", "gnmax");
    assertEquals(2, c.exitCode(), c.err());
    List<String> lines = c.err().lines().toList();
    assertEquals(1, lines.size(), c.err());
    assertTrue(lines.get(0).startsWith("pate: --group: infeasible: epsilon: every group's budget"
        + " cannot be met"), lines.get(0));
    assertTrue(lines.get(0).contains("group 'tiny' (multiplier 1) epsilon"), lines.get(0));
  }
}
