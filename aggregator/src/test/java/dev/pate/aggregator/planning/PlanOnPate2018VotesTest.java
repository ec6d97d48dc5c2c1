package dev.pate.aggregator.planning;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pate.aggregator.accounting.Budget;
import dev.pate.aggregator.accounting.NoiseKind;
import dev.pate.aggregator.analysis.AnalysisRequest;
import dev.pate.aggregator.analysis.AnalysisResult;
import dev.pate.aggregator.analysis.VoteAnalysis;
import dev.pate.aggregator.gnmax.ConfidentGnmaxAccounting;
import dev.pate.aggregator.gnmax.GnmaxAccounting;
import dev.pate.aggregator.mechanism.Aggregator;
import dev.pate.aggregator.mechanism.Aggregators;
import dev.pate.aggregator.mechanism.Answer;
import dev.pate.aggregator.mechanism.Mechanism;
import dev.pate.aggregator.noise.RandomSources;
import dev.pate.aggregator.rdp.EpsilonBound;
import dev.pate.aggregator.rdp.RdpConversions;
import dev.pate.aggregator.votes.RowSelection;
import dev.pate.aggregator.votes.VoteFiles;
import dev.pate.aggregator.votes.VoteMatrix;
import java.nio.file.Path;
import java.util.random.RandomGenerator;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The planner on the real votes of PATE 2018 (MNIST, 250 teachers; the first 640 queries, as the
 * paper's student): a plan made with those votes as its expected profile must forecast what the
 * analysis of the same votes computes, and stay within its budget.
 *
 * <p>Tolerances: the expected answers and the expected data-dependent epsilon are the same sums
 * of the same per-query terms, added in another order by {@link VoteAnalysis}, so they must agree
 * to {@value #SAME_SUM} relative. Expected accuracy has no counterpart in the analysis; it is
 * checked against the real aggregator run on these votes with seeded noise, within five binomial
 * standard errors ({@code 5 x 0.5 / sqrt(draws)}).
 */
class PlanOnPate2018VotesTest {
  private static final double SAME_SUM = 1e-9;
  private static final int QUERIES = 640;
  private static final int TEACHERS = 250;
  private static final int PASSES = 25;

  private static VoteMatrix votes;
  private static Budget budget;

  @BeforeAll
  static void readVotes() {
    Path file = Path.of(System.getProperty("pate.repo.root"), "..", "shared", "data",
        "pate2018-votes", "mnist_250_teachers.npy");
    votes = VoteFiles.read(file).select(new RowSelection(0, QUERIES));
    budget = Budget.of(2.0, 1e-5);
  }

  private static PlanRequest request(Mechanism.Kind mechanism) {
    return PlanRequest.pate(mechanism, budget, QUERIES, TEACHERS, votes.classes())
        .withProfile(VoteProfile.fromVotes(votes));
  }

  private static AnalysisResult analyse(Mechanism mechanism) {
    return new VoteAnalysis().analyze(votes, AnalysisRequest.of(mechanism)
        .withDelta(budget.delta())
        .withOrders(budget.orders())
        .withConversion(budget.conversion())
        .withNoise(NoiseKind.DISCRETE)
        .withExpected(true));
  }

  private static void assertSameSum(double expected, double actual, String what) {
    assertEquals(expected, actual, SAME_SUM * Math.max(1, Math.abs(expected)), what);
  }

  /** The worst-case data-independent epsilon of QUERIES answers, through the run's accounting. */
  private static EpsilonBound worstCase(double[] perAnswer) {
    double[] total = perAnswer.clone();
    for (int i = 0; i < total.length; i++) {
      total[i] *= QUERIES;
    }
    return RdpConversions.epsilon(budget.orders(), total, budget.delta(), budget.conversion());
  }

  @Test
  void confidentGnmaxRecommendationForecastsTheAnalysisOfTheSameVotes() {
    ConfidentGnmaxPlan plan = (ConfidentGnmaxPlan) Planner.plan(
        request(Mechanism.Kind.CONFIDENT_GNMAX));
    ConfidentCandidate best = plan.recommendation().orElseThrow();
    ExpectedUtility forecast = best.utility().orElseThrow();
    double t = best.threshold();
    double s1 = best.sigma1();
    double s2 = best.sigma2().getAsDouble();

    // Within the budget whatever the threshold decides, by the run's own accounting.
    EpsilonBound independent = worstCase(new ConfidentGnmaxAccounting(t, s1, s2,
        budget.orders(), NoiseKind.DISCRETE).dataIndependentRdp());
    assertTrue(independent.epsilon() <= budget.epsilon(), independent.toString());
    assertEquals(independent.epsilon(), best.epsilon().orElseThrow().epsilon(), 1e-9);
    assertTrue(independent.epsilon() >= budget.epsilon() * (1 - 1e-3), "needlessly noisy: "
        + independent);

    // The same expectations as the analysis of these votes.
    AnalysisResult analysis = analyse(new Mechanism.ConfidentGnmax(t, s1, s2));
    assertSameSum(analysis.answered(), forecast.answered(), "expected answered");
    assertSameSum(analysis.epsilon().epsilon(), forecast.dataDependentEpsilon().epsilon(),
        "expected data-dependent epsilon");
    assertEquals(analysis.epsilon().order(), forecast.dataDependentEpsilon().order());
    assertTrue(forecast.dataDependentEpsilon().epsilon() <= independent.epsilon());

    // Accuracy: the real aggregator on these votes.
    Observed observed = observe(Aggregators.confidentGnmax(t, s1, s2));
    double tolerance = 5 * 0.5 / Math.sqrt(observed.draws);
    assertEquals(forecast.answered() / QUERIES, observed.answered / observed.draws, tolerance,
        "answer rate");
    assertEquals(forecast.correct() / QUERIES, observed.correct / observed.draws, tolerance,
        "rate of answers with the plurality label");
  }

  @Test
  void gnmaxPlanForecastsTheAnalysisOfTheSameVotes() {
    NoisePlan plan = (NoisePlan) Planner.plan(request(Mechanism.Kind.GNMAX));
    ExpectedUtility forecast = plan.utility().orElseThrow();
    EpsilonBound independent = worstCase(new GnmaxAccounting(plan.value(), budget.orders(),
        NoiseKind.DISCRETE).dataIndependentRdp());
    assertTrue(independent.epsilon() <= budget.epsilon(), independent.toString());

    AnalysisResult analysis = analyse(new Mechanism.Gnmax(plan.value()));
    assertSameSum(analysis.epsilonDataIndependent().epsilon(), independent.epsilon(),
        "data-independent epsilon");
    assertSameSum(analysis.epsilon().epsilon(), forecast.dataDependentEpsilon().epsilon(),
        "expected data-dependent epsilon");
    assertEquals(QUERIES, forecast.answered(), 1e-9);

    Observed observed = observe(Aggregators.gnmax(plan.value()));
    assertEquals(forecast.correct() / QUERIES, observed.correct / observed.draws,
        5 * 0.5 / Math.sqrt(observed.draws), "rate of answers with the plurality label");
  }

  private record Observed(double draws, double answered, double correct) {}

  /** {@value #PASSES} passes of the aggregator over the votes, seeded. */
  private static Observed observe(Aggregator aggregator) {
    RandomGenerator random = RandomSources.seeded(2018);
    int[] counts = new int[votes.classes()];
    long answered = 0;
    long correct = 0;
    for (int pass = 0; pass < PASSES; pass++) {
      for (int q = 0; q < QUERIES; q++) {
        int plurality = 0;
        for (int c = 0; c < counts.length; c++) {
          counts[c] = (int) votes.count(q, c);
          if (counts[c] > counts[plurality]) {
            plurality = c;
          }
        }
        Answer answer = aggregator.answer(counts, random);
        if (answer.answered()) {
          answered++;
          if (answer.label() == plurality) {
            correct++;
          }
        }
      }
    }
    return new Observed((double) PASSES * QUERIES, answered, correct);
  }
}
