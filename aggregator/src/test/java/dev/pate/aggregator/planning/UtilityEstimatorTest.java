package dev.pate.aggregator.planning;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pate.aggregator.accounting.Budget;
import dev.pate.aggregator.accounting.NoiseKind;
import dev.pate.aggregator.mechanism.Aggregators;
import dev.pate.aggregator.mechanism.Mechanism;
import dev.pate.aggregator.mechanism.NoisyArgMax;
import dev.pate.aggregator.votes.VoteMatrix;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class UtilityEstimatorTest {

  @Test
  void exactAccuracyAgreesWithTheAggregatorItself() {
    // Seeded Monte-Carlo of the production aggregator, ties and all (small sigma: many ties).
    int draws = 40_000;
    double[][] rows = {{5, 4, 4, 0}, {3, 3, 2, 1}, {9, 2, 2, 2}, {6, 6, 6, 6}};
    for (double sigma : new double[] {0.6, 2.5}) {
      NoiseTable table = NoiseTable.gaussian(sigma);
      NoisyArgMax gnmax = Aggregators.gnmax(sigma);
      for (double[] row : rows) {
        double exact = UtilityEstimator.probabilityCorrect(row, table, new double[row.length]);
        assertMatchesSimulation(exact, gnmax, row, draws, "gnmax sigma " + sigma);
      }
    }
    NoisyArgMax lnmax = Aggregators.lnmax(0.5);
    NoiseTable laplace = NoiseTable.laplace(0.5);
    for (double[] row : rows) {
      double exact = UtilityEstimator.probabilityCorrect(row, laplace, new double[row.length]);
      assertMatchesSimulation(exact, lnmax, row, draws, "lnmax gamma 0.5");
    }
  }

  private static void assertMatchesSimulation(double exact, NoisyArgMax aggregator, double[] row,
      int draws, String what) {
    int[] counts = new int[row.length];
    for (int i = 0; i < row.length; i++) {
      counts[i] = (int) row[i];
    }
    SplittableRandom rng = new SplittableRandom(42);
    int hits = 0;
    for (int d = 0; d < draws; d++) {
      if (aggregator.answer(counts, rng).label() == 0) {
        hits++;
      }
    }
    double simulated = (double) hits / draws;
    double standardError = Math.sqrt(exact * (1 - exact) / draws);
    assertEquals(exact, simulated, 5 * standardError + 1e-9,
        what + " row " + java.util.Arrays.toString(row));
  }

  @Test
  void symmetricAndExtremeRows() {
    NoiseTable table = NoiseTable.gaussian(3);
    double tie = UtilityEstimator.probabilityCorrect(new double[] {7, 7, 7, 7, 7}, table,
        new double[5]);
    assertEquals(0.2, tie, 1e-12, "equal counts: each class wins 1/m of the time");
    double sure = UtilityEstimator.probabilityCorrect(new double[] {250, 0, 0}, table,
        new double[3]);
    assertEquals(1, sure, 1e-15);
    double hopeless = UtilityEstimator.probabilityCorrect(new double[] {0, 250, 0}, table,
        new double[3]);
    assertEquals(0, hopeless, 1e-15);
  }

  @Test
  void utilityIsSaneOnSyntheticProfiles() {
    Budget budget = Budget.of(2, 1e-5);
    int queries = 500;
    double previousCorrect = -1;
    for (double accuracy : new double[] {0.3, 0.6, 0.9}) {
      VoteProfile profile = VoteProfile.fromTeacherAccuracy(accuracy, 100, 10, 300, 7);
      NoisePlan plan = (NoisePlan) Planner.plan(
          PlanRequest.pate(Mechanism.Kind.GNMAX, budget, queries, 100, 10).withProfile(profile));
      ExpectedUtility u = plan.utility().orElseThrow();
      assertEquals(queries, u.answered(), 1e-9, "gnmax answers every query");
      assertEquals(u.answered() * u.accuracy(), u.correct(), 1e-9);
      assertTrue(u.correct() > previousCorrect, "better teachers, more correct labels");
      assertTrue(u.accuracy() > 0.1 && u.accuracy() <= 1, "accuracy " + u.accuracy());
      assertTrue(u.dataDependentEpsilon().epsilon() <= plan.epsilon().epsilon(),
          "expected data-dependent epsilon above the data-independent one");
      previousCorrect = u.correct();
    }
  }

  @Test
  void confidentPlanRecommendsTheMostExpectedCorrectLabels() {
    Budget budget = Budget.of(4, 1e-5);
    int teachers = 100;
    VoteProfile profile = VoteProfile.fromTeacherAccuracy(0.75, teachers, 10, 200, 1);
    ConfidentGrid grid = new ConfidentGrid(new double[] {0.4, 0.6, 0.8}, new double[] {0.3, 0.6});
    ConfidentGnmaxPlan plan = (ConfidentGnmaxPlan) Planner.plan(
        PlanRequest.pate(Mechanism.Kind.CONFIDENT_GNMAX, budget, 300, teachers, 10)
            .withGrid(grid).withProfile(profile));
    int best = plan.recommended().orElseThrow();
    double bestCorrect = plan.candidates().get(best).utility().orElseThrow().correct();
    double previousAnswered = Double.POSITIVE_INFINITY;
    for (ConfidentCandidate c : plan.candidates()) {
      if (!c.feasible()) {
        continue;
      }
      ExpectedUtility u = c.utility().orElseThrow();
      assertTrue(u.correct() <= bestCorrect, "recommended is not the best");
      assertTrue(u.answered() <= 300 && u.answered() > 0);
      assertTrue(u.dataDependentEpsilon().epsilon() <= c.epsilon().orElseThrow().epsilon());
      if (c.sigma1() == 60) {
        assertTrue(u.answered() < previousAnswered, "a higher threshold answers fewer queries");
        previousAnswered = u.answered();
      }
    }
    assertEquals(best, plan.toMap().get("recommended"));
    assertTrue(plan.toMap().containsKey("epsilon"));
    PlannerTest.assertFinite(plan.toMap());
  }

  @Test
  void profilesFromVotes() {
    VoteMatrix votes = VoteMatrix.of(new double[][] {{1, 8, 1}, {8, 1, 1}, {1, 1, 8}, {5, 5, 0}});
    VoteProfile profile = VoteProfile.fromVotes(votes);
    assertEquals(3, profile.classes());
    assertEquals(4, profile.sourceRows());
    assertEquals(2, profile.distinctRows(), "three rows are the same up to class order");
    assertEquals(3, profile.rows().get(0).counts().length);
    assertEquals(8, profile.rows().get(0).counts()[0], "target (plurality) first");
    assertEquals(0.75, profile.rows().get(0).weight(), 1e-15);

    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> VoteProfile.fromVotes(VoteMatrix.of(new double[][] {{0.5, 1}})));
    assertTrue(e.getMessage().startsWith("votes:"), e.getMessage());
    e = assertThrows(IllegalArgumentException.class, () -> PlanRequest.pate(Mechanism.Kind.GNMAX,
        Budget.of(1, 1e-5), 10, 10, 4).withProfile(profile));
    assertTrue(e.getMessage().startsWith("profile:"), e.getMessage());
    e = assertThrows(IllegalArgumentException.class, () -> PlanRequest.pate(Mechanism.Kind.GNMAX,
        Budget.of(1, 1e-5), 10, 5, 3).withProfile(profile));
    assertTrue(e.getMessage().startsWith("profile:"), e.getMessage());
    e = assertThrows(IllegalArgumentException.class,
        () -> VoteProfile.fromTeacherAccuracy(1.5, 10, 3));
    assertTrue(e.getMessage().startsWith("accuracy:"), e.getMessage());

    // The same seed gives the same profile.
    assertEquals(VoteProfile.fromTeacherAccuracy(0.7, 50, 5, 100, 3).rows().size(),
        VoteProfile.fromTeacherAccuracy(0.7, 50, 5, 100, 3).rows().size());
    // LNMax on a vote-file profile: utility and the plan's JSON.
    NoisePlan lnmax = (NoisePlan) Planner.plan(PlanRequest.pate(Mechanism.Kind.LNMAX,
        Budget.of(8, 1e-5), 4, 10, 3).withProfile(profile).withNoise(NoiseKind.CONTINUOUS));
    ExpectedUtility u = lnmax.utility().orElseThrow();
    assertTrue(u.accuracy() > 0.5 && u.accuracy() <= 1, "accuracy " + u.accuracy());
    assertTrue(lnmax.toMap().containsKey("gamma"));
    PlannerTest.assertFinite(lnmax.toMap());
  }
}
