package dev.pate.pipeline.labelling;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pate.aggregator.accounting.Budget;
import dev.pate.aggregator.accounting.NoiseKind;
import dev.pate.aggregator.gnmax.ConfidentGnmaxAccounting;
import dev.pate.aggregator.mechanism.Mechanism;
import dev.pate.aggregator.planning.ConfidentGnmaxPlan;
import dev.pate.aggregator.planning.PlanRequest;
import dev.pate.aggregator.planning.Planner;
import dev.pate.aggregator.planning.VoteProfile;
import dev.pate.aggregator.rdp.Conversion;
import dev.pate.aggregator.rdp.EpsilonBound;
import dev.pate.aggregator.rdp.Orders;
import dev.pate.aggregator.rdp.RdpConversions;
import dev.pate.config.ConfigLoader;
import dev.pate.config.NoiseMode;
import dev.pate.config.RunConfig;
import dev.pate.files.UserError;
import dev.pate.pipeline.output.Json;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The noise a run labels with, from the config alone (no data, no training). */
class RunNoiseTest {

  private static RunConfig config(String yaml) {
    return ConfigLoader.parse("name: exp\n" + yaml, "exp.yaml", List.of());
  }

  /** privacy.orders pasted from the PATE 2018 scripts (100 twice): each order tracked once. */
  @Test
  void aRepeatedOrderInTheConfigIsTrackedOnce() {
    RunConfig c = config("privacy: {orders: [2, 100, 3, 100]}\n");
    assertEquals(Orders.of(2, 100, 3), Mechanisms.orders(c.privacy()));
    assertEquals(3, Mechanisms.of(c.aggregator(), c.privacy())
        .accountant(c.aggregator(), c.privacy()).accounting().orders().size());
  }

  @Test
  void fixedNoiseIsTheConfigsOwn() {
    RunConfig c = config("aggregator: {mechanism: gnmax, sigma: 40}\n");
    RunNoise noise = RunNoise.of(c);
    assertSame(c.aggregator(), noise.aggregator());
    assertTrue(noise.plan().isEmpty());
  }

  @Test
  void autoGnmaxUsesThePlannersSigmaWithTheRunsOwnAccountingSettings() {
    RunConfig c = config("aggregator: {mechanism: gnmax, noise: auto, queries: 500}\n"
        + "privacy: {delta: 1.0e-6, orders: [2, 4, 8, 16, 32, 64], conversion: classic,"
        + " budget: {epsilon: 3.0, delta: 1.0e-5}}\n");
    RunNoise noise = RunNoise.of(c);
    PlanReport plan = noise.plan().orElseThrow();
    // The budget's delta (not privacy.delta), the config's orders and conversion.
    Budget budget = new Budget(3.0, 1e-5, Conversion.CLASSIC, Orders.of(2, 4, 8, 16, 32, 64));
    double sigma = Planner.gnmax(budget, 500).value();
    assertEquals(sigma, plan.parameters().get("sigma"));
    assertEquals(sigma, noise.aggregator().sigma().getAsDouble());
    assertEquals(NoiseMode.FIXED, noise.aggregator().noise());
    assertEquals(List.of("sigma"), List.copyOf(plan.parameters().keySet()));
    assertEquals(1e-5, plan.delta());
    assertEquals("classic", plan.conversion());
    assertEquals(500, plan.queries());
    assertTrue(plan.plannedAPriori());
    assertEquals("data-independent", plan.kind());
    assertTrue(plan.epsilonDataIndependent() <= 3.0, "planned " + plan.epsilonDataIndependent());
    assertEquals(null, plan.expected());
  }

  @Test
  void autoConfidentGnmaxTakesTheRecommendationForTheStatedTeacherAccuracy() {
    RunConfig c = config("aggregator: {mechanism: confident-gnmax, noise: auto, queries: 640,"
        + " expected_teacher_accuracy: 0.9}\nprivacy: {budget: {epsilon: 2.0}}\n");
    RunNoise noise = RunNoise.of(c);
    PlanReport plan = noise.plan().orElseThrow();
    // The same plan, made here from the same stated expectation (250 teachers by default).
    Budget budget = Budget.of(2.0, 1e-5);
    ConfidentGnmaxPlan expected = (ConfidentGnmaxPlan) Planner.plan(PlanRequest.pate(
        Mechanism.Kind.CONFIDENT_GNMAX, budget, 640, 250, 10)
        .withProfile(VoteProfile.fromTeacherAccuracy(0.9, 250, 10)));
    var best = expected.recommendation().orElseThrow();
    double t = noise.aggregator().threshold().getAsDouble();
    double s1 = noise.aggregator().sigma1().getAsDouble();
    double s2 = noise.aggregator().sigma2().getAsDouble();
    assertEquals(best.threshold(), t);
    assertEquals(best.sigma1(), s1);
    assertEquals(best.sigma2().getAsDouble(), s2);
    assertEquals(List.of("threshold", "sigma1", "sigma2"),
        List.copyOf(plan.parameters().keySet()));
    assertTrue(plan.profile().contains("expected_teacher_accuracy 0.9"), plan.profile());
    assertEquals(best.utility().orElseThrow().correct(), plan.expected().get("expected_correct"));

    // Every query answered, the worst case, fits the budget on the run's accounting.
    double[] perAnswer = new ConfidentGnmaxAccounting(t, s1, s2, Orders.defaults(),
        NoiseKind.DISCRETE).dataIndependentRdp();
    double[] total = perAnswer.clone();
    for (int i = 0; i < total.length; i++) {
      total[i] *= 640;
    }
    EpsilonBound worst = RdpConversions.epsilon(Orders.defaults(), total, 1e-5,
        Conversion.IMPROVED);
    assertTrue(worst.epsilon() <= 2.0, worst.toString());
    assertEquals(worst.epsilon(), plan.epsilonDataIndependent(), 1e-9);
  }

  @Test
  void aBudgetNoCandidateMeetsIsOneLineNamingTheBudget() {
    RunConfig c = config("teachers: {count: 6}\naggregator: {mechanism: confident-gnmax,"
        + " noise: auto, queries: 60, expected_teacher_accuracy: 0.8}\n"
        + "privacy: {budget: {epsilon: 1.0}}\n");
    UserError e = assertThrows(UserError.class, () -> RunNoise.of(c));
    assertTrue(e.getMessage().startsWith("privacy.budget.epsilon: 1.0 cannot be met by any"
        + " Confident-GNMax candidate for 60 queries"), e.getMessage());
    assertTrue(!e.getMessage().contains("\n"), e.getMessage());
  }

  @Test
  void samePlanEveryTime() {
    RunConfig c = config("aggregator: {noise: auto}\nprivacy: {budget: {epsilon: 1.5}}\n");
    assertEquals(Json.write(RunNoise.of(c).plan().orElseThrow()),
        Json.write(RunNoise.of(c).plan().orElseThrow()));
  }
}
