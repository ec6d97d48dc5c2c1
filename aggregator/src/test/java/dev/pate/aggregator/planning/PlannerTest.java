package dev.pate.aggregator.planning;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pate.aggregator.accounting.Budget;
import dev.pate.aggregator.accounting.NoiseKind;
import dev.pate.aggregator.gnmax.ConfidentGnmaxAccounting;
import dev.pate.aggregator.gnmax.GnmaxAccounting;
import dev.pate.aggregator.lnmax.LnmaxAccounting;
import dev.pate.aggregator.mechanism.Mechanism;
import dev.pate.aggregator.rdp.Conversion;
import dev.pate.aggregator.rdp.EpsilonBound;
import dev.pate.aggregator.rdp.Orders;
import dev.pate.aggregator.rdp.RdpLedger;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class PlannerTest {

  /** "Within 0.1% below the budget, never above." */
  private static void assertTight(double budget, EpsilonBound achieved, String what) {
    assertTrue(achieved.epsilon() <= budget, what + ": " + achieved.epsilon() + " > " + budget);
    assertTrue(achieved.epsilon() >= budget * (1 - 1e-3),
        what + ": " + achieved.epsilon() + " is needlessly far below " + budget);
  }

  /** The data-independent epsilon of {@code queries} charges, through the run-time accountant. */
  private static EpsilonBound charged(Budget budget, int queries, double[] perQuery) {
    RdpLedger ledger = new RdpLedger(budget.orders());
    for (int i = 0; i < queries; i++) {
      ledger.add(perQuery);
    }
    return ledger.epsilon(budget.delta(), budget.conversion());
  }

  @Test
  void gnmaxDoneCriterion() {
    Budget budget = Budget.of(2, 1e-5);
    Plan plan = Planner.plan(PlanRequest.pate(Mechanism.Kind.GNMAX, budget, 1000, 250, 10));
    NoisePlan gnmax = (NoisePlan) plan;
    assertTight(2, gnmax.epsilon(), "gnmax");
    assertTrue(gnmax.epsilon().epsilon() >= 2 * 0.99, "within 1% of 2");
    // What a run with this sigma would be charged.
    double[] perQuery =
        new GnmaxAccounting(gnmax.value(), budget.orders(), NoiseKind.DISCRETE)
            .dataIndependentRdp();
    EpsilonBound run = charged(budget, 1000, perQuery);
    assertEquals(run.epsilon(), gnmax.epsilon().epsilon(), 1e-9);
    assertEquals(run.order(), gnmax.epsilon().order());

    Map<String, Object> json = plan.toMap();
    for (String key : List.of("mechanism", "sigma", "epsilon", "order", "conversion", "delta",
        "budget")) {
      assertTrue(json.containsKey(key), "missing " + key + " in " + json);
    }
    assertEquals("gnmax", json.get("mechanism"));
    assertEquals("improved", json.get("conversion"));
    assertEquals(gnmax.value(), json.get("sigma"));
    assertFinite(json);
  }

  @Test
  void leastNoiseMeetsTheBudgetTightlyAcrossSettings() {
    for (Conversion conversion : Conversion.values()) {
      for (double eps : new double[] {0.3, 2, 8}) {
        for (int queries : new int[] {100, 1000, 20000}) {
          Budget budget = Budget.of(eps, 1e-6).withConversion(conversion);
          String what = conversion.id() + " eps " + eps + " queries " + queries;

          NoisePlan gnmax = Planner.gnmax(budget, queries);
          assertTight(eps, gnmax.epsilon(), "gnmax " + what);
          // A little less noise would overspend: not needlessly noisy.
          double[] quieter = new GnmaxAccounting(gnmax.value() * (1 - 2e-3), budget.orders(),
              NoiseKind.DISCRETE).dataIndependentRdp();
          assertTrue(charged(budget, queries, quieter).epsilon() > eps, "gnmax not least " + what);

          NoisePlan lnmax = Planner.lnmax(budget, queries);
          assertTight(eps, lnmax.epsilon(), "lnmax " + what);
          double[] lnmaxRun = new LnmaxAccounting(lnmax.value(), budget.orders(),
              NoiseKind.DISCRETE).dataIndependentRdp();
          assertEquals(charged(budget, queries, lnmaxRun).epsilon(), lnmax.epsilon().epsilon(),
              1e-9 * eps, "lnmax run " + what);
        }
      }
    }
  }

  @Test
  void moreQueriesOrSmallerBudgetsNeedMoreNoise() {
    Budget budget = Budget.of(2, 1e-5);
    double previousSigma = 0;
    double previousGamma = Double.POSITIVE_INFINITY;
    double previousMultiplier = 0;
    for (int queries : new int[] {10, 100, 1000, 10000}) {
      double sigma = Planner.gnmax(budget, queries).value();
      double gamma = Planner.lnmax(budget, queries).value();
      double multiplier = Planner.subsampledGaussian(budget, 0.01, queries, 0).noiseMultiplier();
      assertTrue(sigma > previousSigma, "sigma for " + queries);
      assertTrue(gamma < previousGamma, "gamma for " + queries);
      assertTrue(multiplier > previousMultiplier, "noise multiplier for " + queries + " steps");
      previousSigma = sigma;
      previousGamma = gamma;
      previousMultiplier = multiplier;
    }
    double lastSigma = Double.POSITIVE_INFINITY;
    for (double eps : new double[] {0.5, 1, 4, 16}) {
      double sigma = Planner.gnmax(Budget.of(eps, 1e-5), 1000).value();
      assertTrue(sigma < lastSigma, "sigma for budget " + eps);
      lastSigma = sigma;
    }
  }

  @Test
  void unattainableBudgetsNameEpsilon() {
    Budget tiny = Budget.of(1e-7, 1e-5);
    for (Runnable r : List.<Runnable>of(
        () -> Planner.gnmax(tiny, 1000),
        () -> Planner.lnmax(tiny, 1000),
        () -> Planner.subsampledGaussian(tiny, 0.5, 100000, 0))) {
      UnreachableBudget e = assertThrows(UnreachableBudget.class, r::run);
      assertTrue(e.getMessage().startsWith("epsilon: 1.0E-7 cannot be met"), e.getMessage());
      assertTrue(e.withoutKey().startsWith("1.0E-7 cannot be met"), e.withoutKey());
    }
    assertThrows(IllegalArgumentException.class, () -> Budget.of(0, 1e-5));
    assertThrows(IllegalArgumentException.class, () -> Budget.of(1, 1));
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> PlanRequest.pate(Mechanism.Kind.GNMAX, Budget.of(1, 1e-5), 0, 250, 10));
    assertTrue(e.getMessage().startsWith("queries:"), e.getMessage());
    e = assertThrows(IllegalArgumentException.class,
        () -> PlanRequest.subsampledGaussian(Budget.of(1, 1e-5), 0, 10));
    assertTrue(e.getMessage().startsWith("samplingRate:"), e.getMessage());
    e = assertThrows(IllegalArgumentException.class, () -> Mechanism.Kind.fromId("dp-sgd"));
    assertTrue(e.getMessage().startsWith("mechanism:"), e.getMessage());
  }

  @Test
  void confidentCandidatesSpendTheBudgetWithEveryQueryAnswered() {
    Budget budget = Budget.of(2, 1e-5);
    int queries = 1000;
    int teachers = 250;
    ConfidentGnmaxPlan plan = (ConfidentGnmaxPlan) Planner.plan(
        PlanRequest.pate(Mechanism.Kind.CONFIDENT_GNMAX, budget, queries, teachers, 10));
    ConfidentGrid grid = ConfidentGrid.defaults();
    assertEquals(grid.thresholdFractions().length * grid.sigma1Fractions().length,
        plan.candidates().size());
    double gnmaxSigma = Planner.gnmax(budget, queries).value();
    int feasible = 0;
    for (ConfidentCandidate c : plan.candidates()) {
      // Under the worst case the composed curve is alpha (1/(2 sigma1^2) + 1/sigma2^2) per
      // query, linear in alpha like GNMax's: the solver must land on the GNMax sigma's curve.
      boolean roomLeft = c.sigma1() > gnmaxSigma / Math.sqrt(2) * 1.01;
      assertEquals(roomLeft, c.feasible(), "feasibility of sigma1 " + c.sigma1());
      if (!c.feasible()) {
        assertTrue(c.note().orElseThrow().contains("threshold check alone"), c.note().get());
        continue;
      }
      feasible++;
      double sigma2 = c.sigma2().getAsDouble();
      double perAlpha = 1 / (2 * c.sigma1() * c.sigma1()) + 1 / (sigma2 * sigma2);
      assertEquals(1 / (gnmaxSigma * gnmaxSigma), perAlpha, 1e-4 / (gnmaxSigma * gnmaxSigma));
      assertTight(2, c.epsilon().orElseThrow(), "candidate " + c);
      double[] perQuery = new ConfidentGnmaxAccounting(c.threshold(), c.sigma1(), sigma2,
          budget.orders(), NoiseKind.DISCRETE).dataIndependentRdp();
      assertEquals(charged(budget, queries, perQuery).epsilon(), c.epsilon().get().epsilon(),
          1e-9);
    }
    assertTrue(feasible > 0 && feasible < plan.candidates().size(), "grid spans the boundary");
    // No profile: no recommendation, and no top-level epsilon.
    assertTrue(plan.recommended().isEmpty());
    assertFalse(plan.toMap().containsKey("epsilon"));
    assertFinite(plan.toMap());
    assertEquals(plan.candidates().size() + 1, plan.candidateTable().size());
  }

  @Test
  void subsampledGaussianPlanRecoversTheReferenceNoise() {
    // At the reference's own orders and epsilon for (q 0.01, sigma 1, 1000 steps), the least
    // noise multiplier is sigma 1 again.
    var c = dev.pate.aggregator.rdp.ReferenceVectors.sgm().get("cases").get(0);
    Orders orders = Orders.of(dev.pate.aggregator.rdp.ReferenceVectors.array(c.get("orders")));
    Budget budget = new Budget(c.get("epsilon_improved").asDouble(), c.get("delta").asDouble(),
        Conversion.IMPROVED, orders);
    SubsampledGaussianPlan plan = Planner.subsampledGaussian(budget,
        c.get("sampling_rate").asDouble(), c.get("steps").asLong(), 0);
    assertEquals(c.get("noise_multiplier").asDouble(), plan.noiseMultiplier(), 1e-4);
    assertTrue(plan.epsilon().epsilon() <= budget.epsilon());
  }

  @Test
  void closedFormIsReportedBesideTheExactNoise() {
    Budget budget = Budget.of(2, 1e-5);
    SubsampledGaussianPlan plan = Planner.subsampledGaussian(budget, 0.01, 1000, 60000);
    assertTight(2, plan.epsilon(), "sgm");
    ClosedFormComparison closed = plan.closedForm();
    assertEquals(Math.sqrt(2 * (2 + Math.log(1e5)) / 2), closed.sigma(), 1e-12);
    assertEquals(closed.sigma() / plan.noiseMultiplier(), closed.ratioToExact(), 1e-12);
    assertEquals(1000.0 / (60000.0 * 60000.0), closed.stepsOverDataSizeSquared().getAsDouble(),
        1e-20);
    assertTrue(closed.premiseHolds().orElseThrow());
    // The closed form ignores q and T: here it is far noisier than needed, so it spends less.
    assertTrue(closed.epsilonAtClosedForm().orElseThrow().epsilon() < plan.epsilon().epsilon());

    SubsampledGaussianPlan small = Planner.subsampledGaussian(Budget.of(0.05, 1e-5), 1, 10, 10);
    assertFalse(small.closedForm().premiseHolds().orElseThrow(), "T/N^2 = 0.1 > 0.05");
    assertTrue(small.closedForm().epsilonAtClosedForm().orElseThrow().epsilon() > 0.05,
        "the closed form overspends with 10 unsampled steps");
    assertTrue(small.closedForm().explanation().contains("overspends"));

    SubsampledGaussianPlan unknown = Planner.subsampledGaussian(budget, 0.01, 1000, 0);
    assertTrue(unknown.closedForm().premiseHolds().isEmpty());
    Map<String, Object> json = unknown.toMap();
    for (String key : List.of("noise_multiplier", "epsilon", "order", "conversion",
        "closed_form")) {
      assertTrue(json.containsKey(key), "missing " + key);
    }
    assertFinite(json);
  }

  /** Every number in a toMap() tree is finite. */
  static void assertFinite(Object value) {
    if (value instanceof Map<?, ?> m) {
      m.values().forEach(PlannerTest::assertFinite);
    } else if (value instanceof List<?> l) {
      l.forEach(PlannerTest::assertFinite);
    } else if (value instanceof Double d) {
      assertTrue(Double.isFinite(d), "not finite: " + d);
    }
  }
}
