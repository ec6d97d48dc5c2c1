package dev.pate.aggregator.groups;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pate.aggregator.accounting.Budget;
import dev.pate.aggregator.accounting.NoiseKind;
import dev.pate.aggregator.mechanism.Mechanism;
import dev.pate.aggregator.planning.ConfidentCandidate;
import dev.pate.aggregator.planning.ConfidentGnmaxPlan;
import dev.pate.aggregator.planning.ConfidentGrid;
import dev.pate.aggregator.planning.PlanRequest;
import dev.pate.aggregator.planning.Planner;
import dev.pate.aggregator.rdp.EpsilonBound;
import java.util.List;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

/** Multipliers from the budgets, and the least noise that keeps every group within its budget. */
class GroupPlannerTest {
  private static final List<GroupBudget> THREE = List.of(
      new GroupBudget("strict", Budget.of(1.0, 1e-5)),
      new GroupBudget("middle", Budget.of(2.0, 1e-6)),
      new GroupBudget("loose", Budget.of(3.5, 1e-5)));

  private static List<Integer> multipliers(List<PrivacyGroup> groups) {
    return groups.stream().map(PrivacyGroup::multiplier).toList();
  }

  @Test
  void multipliersAreTheFloorOfTheRatioToTheStrictest() {
    assertEquals(List.of(1, 2, 3), multipliers(GroupPlanner.multipliers(THREE, 100)));
    assertEquals(List.of(1, 2, 2), multipliers(GroupPlanner.multipliers(THREE, 2)));
    // 0.3 / 0.1 is 2.9999999999999996 in doubles; the epsilons as written give 3.
    assertEquals(List.of(3, 1), multipliers(GroupPlanner.multipliers(List.of(
        new GroupBudget("a", Budget.of(0.3, 1e-5)), new GroupBudget("b", Budget.of(0.1, 1e-5))),
        100)));
  }

  @Test
  void theCapBoundsEveryMultiplier() {
    GroupPlanRequest request = GroupPlanRequest.of(Mechanism.Kind.GNMAX, THREE, 100, 2)
        .withMaxMultiplier(2);
    assertEquals(2, request.multiplierCap());
    assertEquals(List.of(1, 2, 2), multipliers(GroupPlanner.plan(request).groups()));
    assertEquals(Integer.MAX_VALUE, GroupPlanRequest.of(Mechanism.Kind.GNMAX, THREE, 100, 2)
        .multiplierCap());
  }

  @Test
  void strictestForAllGivesEveryGroupTheSmallestBudgetAndPlansAsThatOneBudget() {
    List<GroupBudget> uniform = GroupPlanner.strictestForAll(THREE);
    assertEquals(THREE.stream().map(GroupBudget::name).toList(),
        uniform.stream().map(GroupBudget::name).toList());
    Budget strictest = THREE.stream().map(GroupBudget::budget)
        .min(java.util.Comparator.comparingDouble(Budget::epsilon)).orElseThrow();
    uniform.forEach(g -> assertEquals(strictest, g.budget()));
    GroupPlan plan = GroupPlanner.plan(GroupPlanRequest.of(Mechanism.Kind.GNMAX, uniform, 1000,
        250));
    assertEquals(List.of(1, 1, 1), multipliers(plan.groups()));
    assertEquals(Planner.gnmax(strictest, 1000).value(),
        ((Mechanism.Gnmax) plan.candidates().get(0).planned().orElseThrow()).sigma());
  }

  private static void assertEveryGroupFitsAndLessNoiseDoesNot(Mechanism planned,
      List<GroupGuarantee> guarantees, Mechanism lessNoise, List<PrivacyGroup> groups,
      int queries) {
    for (GroupGuarantee g : guarantees) {
      assertTrue(g.epsilon().epsilon() <= g.group().budget().epsilon(), g.toString());
      assertEquals(g.group().budget().delta(), g.epsilon().delta());
    }
    List<GroupGuarantee> worse = GroupPlanner.guarantees(lessNoise, groups, queries);
    assertTrue(worse.stream().anyMatch(g -> !g.withinBudget()),
        "less noise than " + planned + " still fits: " + worse);
  }

  @Test
  void gnmaxNoiseIsTheLeastThatKeepsEveryGroupWithinItsBudget() {
    {
      GroupPlan plan = GroupPlanner.plan(GroupPlanRequest.of(Mechanism.Kind.GNMAX, THREE,
          1000, 250));
      assertEquals(List.of(1, 2, 3), multipliers(plan.groups()));
      GroupCandidate only = plan.candidates().get(0);
      assertEquals(1, plan.candidates().size());
      Mechanism.Gnmax planned = (Mechanism.Gnmax) only.planned().orElseThrow();
      assertEveryGroupFitsAndLessNoiseDoesNot(planned, only.guarantees(),
          new Mechanism.Gnmax(planned.sigma() * (1 - 1e-4)), plan.groups(), 1000);
      assertEquals(only.guarantees(), GroupPlanner.guarantees(planned, plan.groups(), 1000));
    }
  }

  @Test
  void oneGroupIsPlainPlanning() {
    Budget budget = Budget.of(2, 1e-5);
    List<GroupBudget> one = List.of(new GroupBudget("all", budget));
    GroupPlan plan = GroupPlanner.plan(GroupPlanRequest.of(Mechanism.Kind.GNMAX,
        one, 1000, 250));
    assertEquals(Planner.gnmax(budget, 1000).value(),
        ((Mechanism.Gnmax) plan.candidates().get(0).planned().orElseThrow()).sigma());

    ConfidentGrid grid = new ConfidentGrid(new double[] {0.6}, new double[] {0.25, 0.5, 0.02});
    GroupPlan confident = GroupPlanner.plan(GroupPlanRequest.of(Mechanism.Kind.CONFIDENT_GNMAX,
        one, 1000, 250).withGrid(grid));
    ConfidentGnmaxPlan plain = (ConfidentGnmaxPlan) Planner.plan(PlanRequest.pate(
        Mechanism.Kind.CONFIDENT_GNMAX, budget, 1000, 250, 10).withGrid(grid));
    assertEquals(plain.candidates().size(), confident.candidates().size());
    for (int i = 0; i < plain.candidates().size(); i++) {
      ConfidentCandidate expected = plain.candidates().get(i);
      GroupCandidate actual = confident.candidates().get(i);
      assertEquals(expected.feasible(), actual.feasible());
      if (expected.feasible()) {
        assertEquals(expected.sigma2().getAsDouble(),
            ((Mechanism.ConfidentGnmax) actual.planned().orElseThrow()).sigma2());
        assertEquals(expected.epsilon().orElseThrow(), actual.guarantees().get(0).epsilon());
      }
    }
  }

  @Test
  void confidentGnmaxSigma2IsTheLeastThatKeepsEveryGroupWithinItsBudget() {
    GroupPlan plan = GroupPlanner.plan(GroupPlanRequest.of(Mechanism.Kind.CONFIDENT_GNMAX,
        THREE, 1000, 250));
    assertEquals(ConfidentGrid.defaults().thresholdFractions().length
        * ConfidentGrid.defaults().sigma1Fractions().length, plan.candidates().size());
    int feasible = 0;
    for (GroupCandidate c : plan.candidates()) {
      if (!c.feasible()) {
        assertTrue(c.note().orElseThrow().startsWith("infeasible: epsilon: every group's budget"
            + " cannot be met"), c.note().get());
        continue;
      }
      feasible++;
      Mechanism.ConfidentGnmax planned = (Mechanism.ConfidentGnmax) c.planned().orElseThrow();
      assertEquals(c.setting().get("sigma1"), planned.sigma1());
      assertEveryGroupFitsAndLessNoiseDoesNot(planned, c.guarantees(),
          new Mechanism.ConfidentGnmax(planned.threshold(), planned.sigma1(),
              planned.sigma2() * (1 - 1e-4)), plan.groups(), 1000);
    }
    assertTrue(feasible > 0);
  }

  /** The plan's guarantee is what a run's group accountant states after the planned queries. */
  @Test
  void theGuaranteesAreWhatTheAccountantStates() {
    GroupPlan plan = GroupPlanner.plan(GroupPlanRequest.of(Mechanism.Kind.GNMAX,
        THREE, 200, 250));
    Mechanism planned = plan.candidates().get(0).planned().orElseThrow();
    GroupAccountant accountant = new GroupAccountant(planned, plan.groups(), NoiseKind.DISCRETE,
        200);
    for (int q = 0; q < 200; q++) {
      assertTrue(accountant.refusal().isEmpty(), "refused query " + q);
      accountant.charge(new double[] {200, 30, 20}, true);
    }
    List<GroupStatement> statements = accountant.report();
    for (int g = 0; g < statements.size(); g++) {
      // The accountant sums 200 charges where the plan multiplies by 200: equal to rounding.
      EpsilonBound expected = plan.candidates().get(0).guarantees().get(g).epsilon();
      EpsilonBound stated = statements.get(g).statement().epsilonDataIndependent();
      assertEquals(expected.epsilon(), stated.epsilon(), 1e-12 * expected.epsilon());
      assertEquals(expected.order(), stated.order());
      assertEquals(expected.delta(), stated.delta());
    }
  }

  @Test
  void infeasibleBudgetsSayWhichGroups() {
    GroupPlan plan = GroupPlanner.plan(new GroupPlanRequest(Mechanism.Kind.GNMAX,
        List.of(new GroupBudget("tiny", Budget.of(1e-9, 1e-5))), 1000,
        250, OptionalInt.empty(), ConfidentGrid.defaults()));
    GroupCandidate c = plan.candidates().get(0);
    assertFalse(c.feasible());
    assertTrue(c.note().orElseThrow().contains("group 'tiny' (multiplier 1) epsilon"),
        c.note().get());
  }

  @Test
  void badRequestsAreRefused() {
    assertThrows(IllegalArgumentException.class, () -> GroupPlanRequest.of(
        Mechanism.Kind.LNMAX, THREE, 10, 10));
    assertThrows(IllegalArgumentException.class, () -> GroupPlanRequest.of(
        Mechanism.Kind.GNMAX, List.of(), 10, 10));
    assertThrows(IllegalArgumentException.class, () -> GroupPlanRequest.of(
        Mechanism.Kind.GNMAX, THREE, 0, 10));
    assertThrows(IllegalArgumentException.class, () -> GroupPlanRequest.of(
        Mechanism.Kind.GNMAX, List.of(THREE.get(0), THREE.get(0)), 10,
        10));
  }
}
