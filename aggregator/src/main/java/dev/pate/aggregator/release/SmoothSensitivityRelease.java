package dev.pate.aggregator.release;

import dev.pate.aggregator.rdp.Conversion;
import dev.pate.aggregator.rdp.RdpConversions;
import dev.pate.files.DpPreconditions;
import java.util.Objects;
import java.util.Optional;
import java.util.function.DoubleUnaryOperator;

/**
 * Publishing the data-dependent RDP of GNMax or Confident-GNMax with the GNSS mechanism (PATE
 * 2018, Section 4.2 and Appendix C): {@code beta(D) + SS_beta(D) N(0, sigma_ss^2)} at one Renyi
 * order, rounded to a fixed grid, charged its exact cost ({@link GnssCost#releaseRdp}, not the
 * paper's Theorem 23, which under-states it).
 *
 * <p>Use: construct for a {@link ReleaseTarget} and the order of {@link ReleaseParameters} fixed
 * in advance, add every query (in any order) with {@link #add(double[], double)}, or for a run's
 * transcript with {@link #add(double[], boolean)}, then {@link #release}. One instance per
 * release; not thread-safe. A run should use {@link RunRelease}, which exposes nothing private.
 *
 * <p><b>What is private and what is published.</b> {@link #rdp()}, {@link #smoothSensitivity}
 * and anything derived from them (the noise's standard deviation, the epsilon before the release)
 * are functions of the votes and must not be published; {@link Release} holds only what may be:
 * the released RDP, its epsilon, and the data-independent parameters and cost. The released
 * epsilon is a private, unbiased estimate (up to the rounding) of the true cost of the answers
 * plus the release at the order: not a certain upper bound, it is below the true value about half
 * the time.
 *
 * <p><b>Soundness.</b> The smooth sensitivity is {@code max_d e^(-beta d) sum_q A_d(q)} with the
 * per-query bounds of {@link QuerySensitivity}, which cover the jumps of Confident-GNMax's
 * accounting that the official script leaves out, and for discrete noise use the bounds of {@link
 * DiscreteGnmaxSensitivity} instead of the paper's; the noise is drawn and rounded as {@link
 * GridNoise} explains. The parameters are never chosen here from the votes: {@link
 * #optimalParameters} chooses them for modelled (public) votes, {@link #pate2018Parameters}
 * replays the official choice for the paper's tables only.
 */
public final class SmoothSensitivityRelease {
  /** Released RDP values are multiples of this, 2^-10. */
  public static final double GRID = GridNoise.GRID;

  private final ReleaseTarget target;
  private final double order;
  private final QuerySensitivity query;
  private final double[] localSensitivity;
  private double rdp;
  private double queries;

  public SmoothSensitivityRelease(ReleaseTarget target, double order) {
    this.target = Objects.requireNonNull(target, "target");
    this.query = new QuerySensitivity(target, order);
    this.order = order;
    this.localSensitivity = new double[target.teachers() + 1];
  }

  public ReleaseTarget target() {
    return target;
  }

  public double order() {
    return order;
  }

  public boolean dataIndependentStep1() {
    return query.dataIndependentStep1();
  }

  public boolean dataIndependentStep2() {
    return query.dataIndependentStep2();
  }

  /** C5/C6 for GNMax at this order ((true, true) when GNMax is charged data-independently). */
  public SmoothSensitivity.Conditions conditions() {
    return query.conditions();
  }

  /**
   * Whether both steps are charged data-independently at this order: then there is nothing to
   * release, and the data-independent epsilon is the one to publish.
   */
  public boolean allDataIndependent() {
    return dataIndependentStep1() && dataIndependentStep2();
  }

  /** Whether a release can be made at this order: something is data-dependent and C5/C6 hold. */
  public boolean possible() {
    return !allDataIndependent() && conditions().hold();
  }

  /**
   * One query's data-dependent RDP at the order, as {@link #add(double[], double)} sums it (not
   * publishable).
   *
   * @throws IllegalStateException for the transcript accounting (see {@link #queryRdp(double[],
   *     boolean)})
   */
  public double queryRdp(double[] counts) {
    return query.rdp(counts);
  }

  /**
   * One transcript query's data-dependent RDP at the order, as {@link #add(double[], boolean)}
   * sums it: for discrete noise exactly the accountant's {@code dataDependentRdp(counts,
   * answered)} at the order (not publishable).
   *
   * @throws IllegalStateException unless the accounting is the transcript's
   */
  public double queryRdp(double[] counts, boolean answered) {
    return query.rdp(counts, answered ? 1 : 0);
  }

  /**
   * Adds {@code multiplicity} queries with these counts (whole numbers, at most {@code teachers}
   * in all). The multiplicity may be fractional for a modelled profile.
   *
   * @throws IllegalStateException if conditions C5/C6 fail at the order, or for the transcript
   *     accounting (whose queries come with their answers: {@link #add(double[], boolean)})
   */
  public void add(double[] counts, double multiplicity) {
    checkMultiplicity(multiplicity);
    accumulate(query.rdp(counts), query.localSensitivity(counts), multiplicity);
  }

  /**
   * Adds one query of a run: its counts and its released outcome. For the transcript accounting
   * {@code answered} is the fixed, public {@code a_q} of {@link
   * ReleaseTarget.Accounting#CONFIDENT_TRANSCRIPT}; GNMax answers every query and, like its
   * accountant, ignores it.
   *
   * @throws IllegalStateException for the actual and expected accountings (their weight is a
   *     function of the votes: {@link #add(double[], double)}), or if conditions fail
   */
  public void add(double[] counts, boolean answered) {
    if (target.accounting() == ReleaseTarget.Accounting.GNMAX) {
      add(counts, 1.0);
      return;
    }
    double a = answered ? 1 : 0;
    accumulate(query.rdp(counts, a), query.localSensitivity(counts, a), 1);
  }

  /**
   * For planning on modelled (public) votes: {@link #add(double[], double)}, except that for the
   * transcript accounting the unknown answers {@code a_q} are replaced by their expectation, the
   * answer probability of the counts. The RDP and every local-sensitivity bound are linear in
   * {@code a_q}, so the sums are the expected sums of the transcript.
   */
  public void addModelled(double[] counts, double multiplicity) {
    if (!target.transcript()) {
      add(counts, multiplicity);
      return;
    }
    checkMultiplicity(multiplicity);
    double a = query.answerProbability(counts);
    accumulate(query.rdp(counts, a), query.localSensitivity(counts, a), multiplicity);
  }

  /** One modelled query's RDP as {@link #addModelled} sums it. */
  public double modelledQueryRdp(double[] counts) {
    return target.transcript()
        ? query.rdp(counts, query.answerProbability(counts))
        : query.rdp(counts);
  }

  private static void checkMultiplicity(double multiplicity) {
    DpPreconditions.checkPositive(multiplicity, "multiplicity");
  }

  private void accumulate(double queryRdp, double[] ls, double multiplicity) {
    rdp += multiplicity * queryRdp;
    queries += multiplicity;
    for (int d = 0; d < ls.length; d++) {
      localSensitivity[d] += multiplicity * ls[d];
    }
  }

  /** The data-dependent RDP at the order summed so far: the private value the release hides. */
  public double rdp() {
    return rdp;
  }

  /** Queries added so far. */
  public double queries() {
    return queries;
  }

  /** The beta-smooth sensitivity of {@link #rdp()} (private: it depends on the votes). */
  public double smoothSensitivity(double beta) {
    return SmoothSensitivity.discountedMax(beta, localSensitivity);
  }

  /**
   * {@link #optimalParameters(double, double, double[])} for the queries added so far; empty
   * when nothing is data-dependent or the smooth sensitivity is 0.
   */
  public Optional<ParameterChoice> optimalParameters() {
    if (allDataIndependent()) {
      return Optional.empty();
    }
    return optimalParameters(order, rdp, localSensitivity);
  }

  /**
   * A choice of release parameters and what it is expected to publish: {@code rdp +
   * releaseRdp + 2 ss sigma_ss}, the upper end of a two-standard-deviation interval of the
   * released RDP (the paper's criterion).
   */
  public record ParameterChoice(ReleaseParameters parameters, double expectedUpperRdp) {}

  /** Betas tried, as fractions of the largest beta with a finite cost at the order. */
  static final int BETA_STEPS = 99;

  /**
   * The (beta, sigma_ss) that minimise {@code rdp + releaseRdp + 2 ss sigma_ss} at this order,
   * with the exact cost of the release ({@link GnssCost#releaseRdp}): beta over {@code 1%, 2%,
   * ..., 99%} of the largest beta whose cost at the order is finite, and for each beta sigma_ss
   * by golden-section search (the criterion is {@code A / sigma^2 + B / sigma + C + 2 ss sigma},
   * convex in sigma). Empty when the smooth sensitivity is 0 at every beta.
   *
   * <p>Its result is a function of {@code rdp} and {@code localSensitivity}: run on private votes
   * it is private too. Use it on modelled votes ({@code
   * dev.pate.aggregator.planning.ReleasePlanner}).
   */
  public static Optional<ParameterChoice> optimalParameters(
      double order, double rdp, double[] localSensitivity) {
    SmoothSensitivity.checkOrder(order);
    double betaLimit = GnssCost.maxBeta(order);
    ParameterChoice best = null;
    for (int i = 1; i <= BETA_STEPS; i++) {
      double beta = betaLimit * i / (BETA_STEPS + 1);
      double ss = SmoothSensitivity.discountedMax(beta, localSensitivity);
      if (!(ss > 0)) {
        continue;
      }
      double w = GnssCost.widthAtWorstPair(beta, order);
      // Minimiser of the dominant terms, A / sigma^2 + 2 ss sigma with A = l e^{-2 beta} / (2w).
      double start = Math.cbrt(order * Math.exp(-2 * beta) / (2 * w) / ss);
      DoubleUnaryOperator cost =
          sigma -> GnssCost.releaseRdp(beta, sigma, order) + 2 * ss * sigma;
      double sigma = goldenSectionMinimum(cost, start / 4, start * 4);
      double upper = rdp + cost.applyAsDouble(sigma);
      if (best == null || upper < best.expectedUpperRdp()) {
        best = new ParameterChoice(new ReleaseParameters(order, beta, sigma), upper);
      }
    }
    return Optional.ofNullable(best);
  }

  /** The minimum of a convex function on [lo, hi] by golden-section search (to 1e-9 relative). */
  private static double goldenSectionMinimum(DoubleUnaryOperator f, double lo, double hi) {
    double ratio = (Math.sqrt(5) - 1) / 2;
    double a = lo;
    double b = hi;
    double c = b - ratio * (b - a);
    double d = a + ratio * (b - a);
    double fc = f.applyAsDouble(c);
    double fd = f.applyAsDouble(d);
    while (b - a > 1e-9 * b) {
      if (fc < fd) {
        b = d;
        d = c;
        fd = fc;
        c = b - ratio * (b - a);
        fc = f.applyAsDouble(c);
      } else {
        a = c;
        c = d;
        fc = fd;
        d = a + ratio * (b - a);
        fd = f.applyAsDouble(d);
      }
    }
    return (a + b) / 2;
  }

  /**
   * {@code smooth_sensitivity_table._find_optimal_smooth_sensitivity_parameters}, for replaying
   * the paper's tables only: over {@code beta = 0.30/order, 0.31/order, ..., 0.49/order} (as
   * numpy.arange), with {@code sigma_ss = (order e^{2 beta} / ss)^(1/3)}, minimises {@code rdp +
   * pate2018Theorem23NotABound + 2 ss sigma_ss}. Its cost formula under-states the release's
   * cost in exactly this range (see {@link GnssCost}): a release must use {@link
   * #optimalParameters}. Empty when the smooth sensitivity is 0 at every beta.
   */
  public static Optional<ParameterChoice> pate2018Parameters(
      double order, double rdp, double[] localSensitivity) {
    SmoothSensitivity.checkOrder(order);
    double start = .3 / order;
    double stop = .495 / order;
    double step = .01 / order;
    int n = (int) Math.ceil((stop - start) / step);
    double delta = (start + step) - start; // numpy's arange fills start + i * delta
    ParameterChoice best = null;
    for (int i = 0; i < n; i++) {
      double beta = i == 0 ? start : start + i * delta;
      double ss = SmoothSensitivity.discountedMax(beta, localSensitivity);
      if (!(ss > 0)) {
        continue;
      }
      double sigmaSs = Math.cbrt(order * Math.exp(2 * beta) / ss);
      double upper = rdp + GnssCost.pate2018Theorem23NotABound(beta, sigmaSs, order)
          + 2 * ss * sigmaSs;
      if (best == null || upper < best.expectedUpperRdp()) {
        best = new ParameterChoice(new ReleaseParameters(order, beta, sigmaSs), upper);
      }
    }
    return Optional.ofNullable(best);
  }

  /**
   * What a release publishes; every field may be printed.
   *
   * @param parameters the data-independent order, beta and sigma_ss
   * @param delta the delta of the released epsilon
   * @param conversion how the released RDP became epsilon
   * @param releaseRdp the cost of the release itself at the order ({@link GnssCost#releaseRdp})
   * @param rdpReleased the noisy data-dependent RDP, a multiple of {@link #GRID} (may be
   *     negative)
   * @param epsilonReleased {@code rdpReleased} clamped at 0 (post-processing) plus {@code
   *     releaseRdp}, converted at delta (clamped at 0)
   */
  public record Release(
      ReleaseParameters parameters,
      double delta,
      Conversion conversion,
      double releaseRdp,
      double rdpReleased,
      double epsilonReleased) {}

  /**
   * Draws the noise and computes the published values.
   *
   * @throws IllegalArgumentException if the parameters are for another order
   * @throws IllegalStateException if conditions C5/C6 fail at the order
   */
  public Release release(ReleaseParameters parameters, double delta, Conversion conversion,
      GaussianSampler noise) {
    Objects.requireNonNull(parameters, "parameters");
    Objects.requireNonNull(conversion, "conversion");
    Objects.requireNonNull(noise, "noise");
    if (parameters.order() != order) {
      throw new IllegalArgumentException("parameters: order " + parameters.order()
          + " is not the order of this release, " + order);
    }
    if (!conditions().hold()) {
      throw new IllegalStateException(
          "smooth sensitivity: conditions C5/C6 fail at order " + order);
    }
    double std = smoothSensitivity(parameters.beta()) * parameters.sigmaSs();
    double rdpReleased = GridNoise.release(rdp, std, noise);
    double releaseRdp = parameters.releaseRdp();
    double epsilon = RdpConversions.epsilonAtOrder(
        order, Math.max(0, rdpReleased) + releaseRdp, delta, conversion);
    return new Release(parameters, delta, conversion, releaseRdp, rdpReleased,
        Math.max(0, epsilon));
  }
}
