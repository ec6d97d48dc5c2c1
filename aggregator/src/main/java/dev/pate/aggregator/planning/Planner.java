package dev.pate.aggregator.planning;

import dev.pate.aggregator.accounting.Budget;
import dev.pate.aggregator.accounting.NoiseKind;
import dev.pate.aggregator.gnmax.GnmaxRdp;
import dev.pate.aggregator.gnmax.ThresholdRdp;
import dev.pate.aggregator.lnmax.LnmaxAccounting;
import dev.pate.aggregator.mechanism.Mechanism;
import dev.pate.aggregator.rdp.EpsilonBound;
import dev.pate.aggregator.rdp.Orders;
import dev.pate.aggregator.rdp.RdpConversions;
import dev.pate.aggregator.sgm.SubsampledGaussianRdp;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.function.Function;
import java.util.stream.IntStream;

/**
 * Chooses noise before touching private data: the least noise whose data-independent epsilon
 * meets a {@link Budget}, found by bisection on the accountant ({@link NoiseSearch}), never by a
 * closed form. The data-independent bounds are those every run charges:
 *
 * <ul>
 *   <li>LNMax: {@code queries x} {@link LnmaxAccounting#dataIndependentRdp} ({@code min(2 gamma,
 *       alpha (2 gamma)^2 / 2)} per query); the plan is the largest gamma.
 *   <li>GNMax: {@code queries x alpha / sigma^2} ({@link GnmaxRdp#dataIndependent}).
 *   <li>Confident-GNMax: {@code queries x (alpha / (2 sigma1^2) + alpha / sigma2^2)}, i.e. every
 *       query answered (see {@link ConfidentGnmaxPlan}); sigma2 is solved per sigma1 of the
 *       {@link ConfidentGrid}.
 *   <li>Subsampled Gaussian: {@code steps x} {@link SubsampledGaussianRdp}.
 * </ul>
 *
 * <p>Searched ranges (outside them a budget is reported as not attainable): sigma and sigma2 in
 * [{@value #MIN_SIGMA}, {@value #MAX_SIGMA}], gamma in [{@value #MIN_GAMMA}, {@value
 * #MAX_GAMMA}], noise multiplier in [{@value #MIN_NOISE_MULTIPLIER}, {@value
 * #MAX_NOISE_MULTIPLIER}].
 */
public final class Planner {
  public static final double MIN_SIGMA = 1e-3;
  public static final double MAX_SIGMA = 1e6;
  public static final double MIN_GAMMA = 1e-6;
  public static final double MAX_GAMMA = 1e3;
  public static final double MIN_NOISE_MULTIPLIER = 1e-2;
  public static final double MAX_NOISE_MULTIPLIER = 1e4;

  private Planner() {}

  /** Plans what the request asks for. */
  public static Plan plan(PlanRequest request) {
    if (request.subsampledGaussian()) {
      return subsampledGaussian(request.budget(), request.samplingRate(), request.steps(),
          request.dataSize());
    }
    return switch (request.mechanism().orElseThrow()) {
      case LNMAX, GNMAX -> noisePlan(request);
      case CONFIDENT_GNMAX -> confidentGnmax(request);
    };
  }

  /** LNMax without a profile: the largest gamma within the budget. */
  public static NoisePlan lnmax(Budget budget, int queries) {
    return noisePlan(PlanRequest.pate(Mechanism.Kind.LNMAX, budget, queries, 1, 2));
  }

  /** GNMax without a profile: the least sigma within the budget. */
  public static NoisePlan gnmax(Budget budget, int queries) {
    return noisePlan(PlanRequest.pate(Mechanism.Kind.GNMAX, budget, queries, 1, 2));
  }

  private static NoisePlan noisePlan(PlanRequest request) {
    Budget budget = request.budget();
    int queries = request.queries();
    Orders orders = budget.orders();
    NoiseSearch.Solution solution;
    Mechanism.Kind kind = request.mechanism().orElseThrow();
    Mechanism mechanism;
    if (kind == Mechanism.Kind.LNMAX) {
      solution = NoiseSearch.leastNoise(budget.epsilon(),
          gamma -> epsilon(budget, queries, new LnmaxAccounting(gamma, orders,
              NoiseKind.DISCRETE).dataIndependentRdp()),
          MIN_GAMMA, MAX_GAMMA, false, "gamma", queries + " lnmax queries" + at(budget));
      mechanism = new Mechanism.Lnmax(solution.parameter());
    } else {
      NoiseSearch.Found<EpsilonBound> found = sigmaSearch(orders,
          new NoiseSearch.EpsilonAtMost(budget.epsilon()), rdp -> epsilon(budget, queries, rdp),
          queries + " gnmax queries" + at(budget));
      solution = new NoiseSearch.Solution(found.parameter(), found.achieved());
      mechanism = new Mechanism.Gnmax(solution.parameter());
    }
    Optional<ExpectedUtility> utility = request.profile().map(p ->
        new UtilityEstimator(p, queries, budget, request.noise()).estimate(mechanism));
    return new NoisePlan(kind, budget, queries, solution.parameter(),
        solution.epsilon(), utility, request.profile().map(VoteProfile::description));
  }

  private static ConfidentGnmaxPlan confidentGnmax(PlanRequest request) {
    Budget budget = request.budget();
    int queries = request.queries();
    int teachers = request.teachers();
    ConfidentGrid grid = request.grid();
    // sigma2 depends only on sigma1 under the worst-case bound: solve once per sigma1.
    Map<Double, NoiseSearch.Solution> sigma2BySigma1 = new HashMap<>();
    Map<Double, String> whyInfeasible = new HashMap<>();
    for (double g : grid.sigma1Fractions()) {
      double sigma1 = g * teachers;
      if (sigma2BySigma1.containsKey(sigma1) || whyInfeasible.containsKey(sigma1)) {
        continue;
      }
      try {
        sigma2BySigma1.put(sigma1, leastSigma2(budget, queries, sigma1));
      } catch (IllegalArgumentException e) {
        whyInfeasible.put(sigma1, infeasibility(budget, queries, sigma1, e));
      }
    }
    record Setting(double threshold, double sigma1) {}
    List<Setting> settings = new ArrayList<>();
    for (double f : grid.thresholdFractions()) {
      for (double g : grid.sigma1Fractions()) {
        settings.add(new Setting(f * teachers, g * teachers));
      }
    }
    UtilityEstimator estimator = request.profile()
        .map(p -> new UtilityEstimator(p, queries, budget, request.noise())).orElse(null);
    List<ConfidentCandidate> candidates = IntStream.range(0, settings.size()).parallel()
        .mapToObj(i -> {
          Setting s = settings.get(i);
          NoiseSearch.Solution solution = sigma2BySigma1.get(s.sigma1());
          if (solution == null) {
            return new ConfidentCandidate(s.threshold(), s.sigma1(), OptionalDouble.empty(),
                Optional.empty(), Optional.empty(), Optional.of(whyInfeasible.get(s.sigma1())));
          }
          Optional<ExpectedUtility> utility = estimator == null ? Optional.empty()
              : Optional.of(estimator.estimate(new Mechanism.ConfidentGnmax(
                  s.threshold(), s.sigma1(), solution.parameter())));
          return new ConfidentCandidate(s.threshold(), s.sigma1(),
              OptionalDouble.of(solution.parameter()), Optional.of(solution.epsilon()), utility,
              Optional.empty());
        }).toList();
    OptionalInt recommended = OptionalInt.empty();
    double mostCorrect = Double.NEGATIVE_INFINITY;
    for (int i = 0; i < candidates.size(); i++) {
      Optional<ExpectedUtility> u = candidates.get(i).utility();
      if (u.isPresent() && u.get().correct() > mostCorrect) { // first best on ties
        mostCorrect = u.get().correct();
        recommended = OptionalInt.of(i);
      }
    }
    return new ConfidentGnmaxPlan(budget, queries, teachers, candidates, recommended,
        request.profile().map(VoteProfile::description));
  }

  /** The least sigma2 with every query paying the threshold check (sigma1) and GNMax (sigma2). */
  static NoiseSearch.Solution leastSigma2(Budget budget, int queries, double sigma1) {
    NoiseSearch.Found<EpsilonBound> found = sigma2Search(budget.orders(), sigma1,
        new NoiseSearch.EpsilonAtMost(budget.epsilon()), rdp -> epsilon(budget, queries, rdp),
        queries + " confident-gnmax queries, all answered, with sigma1 = " + sigma1 + at(budget));
    return new NoiseSearch.Solution(found.parameter(), found.achieved());
  }

  /**
   * The least sigma2 in [{@value #MIN_SIGMA}, {@value #MAX_SIGMA}] such that what every query
   * paying the threshold check (sigma1) and GNMax (sigma2) achieves fits {@code target}: the
   * feasibility check of the Confident-GNMax plan for any target, e.g. every privacy group's
   * budget at once.
   *
   * @param achieved what the planned queries achieve given the per-query RDP (one value per
   *     order of {@code orders}); monotone in it
   * @param what the setting, for the message when no sigma2 fits
   * @throws IllegalArgumentException naming {@code epsilon} when even the largest sigma2 misses
   *     the target
   */
  public static <T> double leastSigma2(Orders orders, double sigma1, NoiseTarget<T> target,
      Function<double[], T> achieved, String what) {
    return sigma2Search(orders, sigma1, target, achieved, what).parameter();
  }

  private static <T> NoiseSearch.Found<T> sigma2Search(Orders orders, double sigma1,
      NoiseTarget<T> target, Function<double[], T> achieved, String what) {
    double[] threshold = ThresholdRdp.dataIndependent(sigma1, orders);
    return NoiseSearch.leastNoise(target, sigma2 -> {
      double[] rdp = GnmaxRdp.dataIndependent(sigma2, orders);
      for (int i = 0; i < rdp.length; i++) {
        rdp[i] += threshold[i];
      }
      return achieved.apply(rdp);
    }, MIN_SIGMA, MAX_SIGMA, true, "sigma2", what);
  }

  /**
   * The least GNMax sigma in [{@value #MIN_SIGMA}, {@value #MAX_SIGMA}] such that what queries
   * costing {@code alpha / sigma^2} each achieve fits {@code target} (e.g. every privacy group's
   * budget at once).
   *
   * @param achieved what the planned queries achieve given the per-query RDP; monotone in it
   * @param what the setting, for the message when no sigma fits
   * @throws IllegalArgumentException naming {@code epsilon} when even the largest sigma misses
   *     the target
   */
  public static <T> double leastSigma(Orders orders, NoiseTarget<T> target,
      Function<double[], T> achieved, String what) {
    return sigmaSearch(orders, target, achieved, what).parameter();
  }

  private static <T> NoiseSearch.Found<T> sigmaSearch(Orders orders, NoiseTarget<T> target,
      Function<double[], T> achieved, String what) {
    return NoiseSearch.leastNoise(target,
        sigma -> achieved.apply(GnmaxRdp.dataIndependent(sigma, orders)), MIN_SIGMA, MAX_SIGMA,
        true, "sigma", what);
  }

  private static String infeasibility(Budget budget, int queries, double sigma1,
      IllegalArgumentException cause) {
    EpsilonBound thresholdAlone =
        epsilon(budget, queries, ThresholdRdp.dataIndependent(sigma1, budget.orders()));
    if (thresholdAlone.epsilon() >= budget.epsilon()) {
      return String.format(Locale.ROOT, "infeasible: the threshold check alone (sigma1 %s) costs"
          + " epsilon %.4f >= %s over %d queries", PlanFormat.number(sigma1),
          thresholdAlone.epsilon(), budget.epsilon(), queries);
    }
    return "infeasible: " + cause.getMessage();
  }

  /**
   * The subsampled Gaussian: the least noise multiplier within the budget after {@code steps}
   * steps at sampling rate q, and the closed form beside it.
   *
   * @param dataSize N for the closed-form premise; 0 if unknown
   */
  public static SubsampledGaussianPlan subsampledGaussian(Budget budget, double samplingRate,
      long steps, long dataSize) {
    PlanRequest checked = PlanRequest.subsampledGaussian(budget, samplingRate, steps)
        .withDataSize(dataSize); // validates
    Orders orders = budget.orders();
    NoiseSearch.Solution solution = NoiseSearch.leastNoise(budget.epsilon(),
        sigma -> sgmEpsilon(budget, samplingRate, sigma, steps),
        MIN_NOISE_MULTIPLIER, MAX_NOISE_MULTIPLIER, true, "noise multiplier",
        steps + " steps of the subsampled Gaussian at q = " + samplingRate + at(budget));
    ClosedFormComparison closedForm =
        closedForm(budget, samplingRate, steps, checked.dataSize(), solution.parameter());
    return new SubsampledGaussianPlan(budget, samplingRate, steps, solution.parameter(),
        solution.epsilon(), closedForm);
  }

  private static EpsilonBound sgmEpsilon(Budget budget, double q, double sigma, long steps) {
    return RdpConversions.epsilon(budget.orders(),
        SubsampledGaussianRdp.rdp(budget.orders(), q, sigma, steps), budget.delta(),
        budget.conversion());
  }

  private static ClosedFormComparison closedForm(Budget budget, double q, long steps,
      long dataSize, double exact) {
    double sigma = ClosedFormComparison.sigma(budget.epsilon(), budget.delta());
    Optional<EpsilonBound> there;
    try {
      there = Optional.of(sgmEpsilon(budget, q, sigma, steps));
    } catch (IllegalArgumentException e) {
      there = Optional.empty(); // no order finite: no guarantee to show
    }
    String spend = there.map(e -> e.epsilon() > budget.epsilon()
        ? String.format(Locale.ROOT, "the closed form overspends (epsilon %.4f > %s)",
            e.epsilon(), budget.epsilon())
        : String.format(Locale.ROOT, "the closed form meets the budget but is %.3gx the noise"
            + " needed", sigma / exact))
        .orElse("the accountant gives no finite epsilon for the closed form");
    if (dataSize == 0) {
      return new ClosedFormComparison(sigma, sigma / exact, there, OptionalLong.empty(),
          OptionalDouble.empty(), Optional.empty(),
          spend + "; premise eps = Omega(T/N^2) not checked: data size N unknown");
    }
    double ratio = steps / ((double) dataSize * dataSize);
    boolean holds = budget.epsilon() >= ratio;
    String premise = String.format(Locale.ROOT, "premise eps = Omega(T/N^2) %s: eps %s %s"
        + " T/N^2 = %.3g", holds ? "plausible" : "fails", budget.epsilon(), holds ? ">=" : "<",
        ratio);
    return new ClosedFormComparison(sigma, sigma / exact, there, OptionalLong.of(dataSize),
        OptionalDouble.of(ratio), Optional.of(holds), spend + "; " + premise);
  }

  /** The epsilon of {@code queries} answers, each costing {@code perQuery} (left unchanged). */
  static EpsilonBound epsilon(Budget budget, int queries, double[] perQuery) {
    double[] rdp = perQuery.clone();
    for (int i = 0; i < rdp.length; i++) {
      rdp[i] *= queries;
    }
    return RdpConversions.epsilon(budget.orders(), rdp, budget.delta(), budget.conversion());
  }

  private static String at(Budget budget) {
    return String.format(Locale.ROOT, " at delta %s (%s conversion)", budget.delta(),
        budget.conversion().id());
  }
}
