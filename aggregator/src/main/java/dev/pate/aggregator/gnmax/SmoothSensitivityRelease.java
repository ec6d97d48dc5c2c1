package dev.pate.aggregator.gnmax;

import dev.pate.aggregator.rdp.Conversion;
import dev.pate.aggregator.rdp.Orders;
import dev.pate.aggregator.rdp.RdpConversions;
import java.util.Objects;
import java.util.Optional;

/**
 * Publishing a data-dependent epsilon of GNMax or Confident-GNMax with the GNSS mechanism (PATE
 * 2018, Section 4.2 and Appendix C): the pipeline of tensorflow/privacy {@code
 * research/pate_2018/ICLR2018/smooth_sensitivity_table.py} at one Renyi order.
 *
 * <p>Use: construct for the order the data-dependent analysis chose, {@link #add} every query (in
 * any order), then {@link #optimalParameters} and {@link #release}. One instance per analysis;
 * not thread-safe.
 *
 * <p><b>What the released epsilon claims.</b> The data-dependent RDP {@code beta(D)} at order
 * lambda depends on the sensitive votes, so it cannot be published as is. The release publishes
 * {@code beta(D) + SS_beta(D) N(0, sigma_ss^2)}, whose own RDP at lambda is {@code
 * rdpOfSmoothSensitivityGaussian(beta, sigma_ss, lambda)} (Theorem 23); that cost is added before
 * converting to epsilon at delta. The released epsilon is therefore a private, unbiased estimate
 * (with standard deviation {@link Release#noiseStd}) of the true total cost (answers plus
 * release) at lambda: it is not a certain upper bound, it is below the true value about half the
 * time. As in the paper, the parameters beta and sigma_ss are chosen here by minimising the
 * expected published value with full view of the votes (the official script notes that they
 * therefore "cannot be released"); a strict deployment fixes them in advance, e.g. from a previous
 * run, and calls {@link #release} with them.
 */
public final class SmoothSensitivityRelease {
  private final int numTeachers;
  private final int numClasses;
  private final double order;
  private final double sigma2;
  private final boolean confident;
  private final double threshold;
  private final double sigma1;
  private final boolean dataIndependentStep1;
  private final boolean dataIndependentStep2;
  private final SmoothSensitivity.Conditions conditions;
  private final SmoothSensitivity.GnmaxLocalSensitivity gnmaxLocalSensitivity;
  private final Orders one;

  private double rdp;
  private double answered;
  private long queries;
  private final double[] localSensitivity;

  /** For plain GNMax (every query answered). */
  public static SmoothSensitivityRelease gnmax(
      int numTeachers, int numClasses, double order, double sigma) {
    return new SmoothSensitivityRelease(
        numTeachers, numClasses, order, sigma, false, Double.NaN, Double.NaN);
  }

  /** For Confident-GNMax: threshold T with sigma1, then GNMax with sigma2. */
  public static SmoothSensitivityRelease confidentGnmax(int numTeachers, int numClasses,
      double order, double threshold, double sigma1, double sigma2) {
    ThresholdRdp.checkThreshold(threshold);
    GnmaxRdp.checkSigma(sigma1, "sigma1");
    return new SmoothSensitivityRelease(
        numTeachers, numClasses, order, sigma2, true, threshold, sigma1);
  }

  private SmoothSensitivityRelease(int numTeachers, int numClasses, double order, double sigma2,
      boolean confident, double threshold, double sigma1) {
    if (numTeachers < 1) {
      throw new IllegalArgumentException("numTeachers: " + numTeachers + " is not >= 1");
    }
    SmoothSensitivity.checkClasses(numClasses);
    SmoothSensitivity.checkOrder(order);
    GnmaxRdp.checkSigma(sigma2, "sigma2");
    this.numTeachers = numTeachers;
    this.numClasses = numClasses;
    this.order = order;
    this.sigma2 = sigma2;
    this.confident = confident;
    this.threshold = threshold;
    this.sigma1 = sigma1;
    this.one = Orders.of(order);
    // _is_data_ind_step1 / _is_data_ind_step2: where the data-independent bound is always as
    // good, that step is charged data-independently and contributes no sensitivity.
    this.dataIndependentStep1 = !confident
        || ThresholdRdp.dataIndependentAlwaysOptimal(numTeachers, threshold, sigma1, order);
    this.dataIndependentStep2 =
        GnmaxRdp.dataIndependentAlwaysOptimal(numTeachers, numClasses, sigma2, order);
    // C5/C6 concern GNMax's bound only; the threshold's local sensitivity is exact enumeration.
    // (The official script checks them whenever anything is data-dependent.)
    this.conditions = dataIndependentStep2
        ? new SmoothSensitivity.Conditions(true, true)
        : SmoothSensitivity.checkConditions(sigma2, numClasses, order);
    this.gnmaxLocalSensitivity = dataIndependentStep2 || !conditions.hold()
        ? null
        : new SmoothSensitivity.GnmaxLocalSensitivity(numClasses, sigma2, order);
    this.localSensitivity = new double[numTeachers];
  }

  public double order() {
    return order;
  }

  public boolean dataIndependentStep1() {
    return dataIndependentStep1;
  }

  public boolean dataIndependentStep2() {
    return dataIndependentStep2;
  }

  /** C5/C6 for GNMax at this order ((true, true) when GNMax is charged data-independently). */
  public SmoothSensitivity.Conditions conditions() {
    return conditions;
  }

  /** Whether nothing is data-dependent: the epsilon may be published without any release. */
  public boolean allDataIndependent() {
    return dataIndependentStep1 && dataIndependentStep2;
  }

  /**
   * Adds {@code multiplicity} queries with these counts. {@code answeredWeight} is the weight of
   * the GNMax step: the answer probability for the expected accounting of the paper, 1 or 0 for
   * an actual run; plain GNMax always uses 1.
   */
  public void add(double[] counts, double answeredWeight, long multiplicity) {
    GnmaxRdp.checkCounts(counts);
    if (counts.length != numClasses) {
      throw new IllegalArgumentException(
          "counts: " + counts.length + " classes, expected " + numClasses);
    }
    if (!(answeredWeight >= 0 && answeredWeight <= 1)) {
      throw new IllegalArgumentException("answeredWeight: " + answeredWeight + " is not in [0, 1]");
    }
    if (multiplicity < 1) {
      throw new IllegalArgumentException("multiplicity: " + multiplicity + " is not >= 1");
    }
    if (!conditions.hold()) {
      throw new IllegalStateException("smooth sensitivity: conditions C5/C6 fail at order " + order);
    }
    double weight = confident ? answeredWeight : 1;
    double step1 = 0;
    double[] ls1 = null;
    if (confident) {
      if (dataIndependentStep1) {
        step1 = ThresholdRdp.dataIndependent(sigma1, one)[0];
      } else {
        step1 = ThresholdRdp.dataDependent(
            ThresholdRdp.logq(threshold, sigma1, counts), sigma1, one)[0];
        ls1 = SmoothSensitivity.localSensitivityBoundsThreshold(
            counts, numTeachers, threshold, sigma1, order);
      }
    }
    double step2;
    double[] ls2 = null;
    if (dataIndependentStep2) {
      step2 = order / (sigma2 * sigma2);
    } else {
      step2 = GnmaxRdp.dataDependent(GnmaxRdp.logq(counts, sigma2), sigma2, one)[0];
      ls2 = gnmaxLocalSensitivity.bounds(counts, numTeachers);
    }
    rdp += multiplicity * (step1 + weight * step2);
    answered += multiplicity * weight;
    queries += multiplicity;
    for (int d = 0; d < numTeachers; d++) {
      double ls = (ls1 == null ? 0 : ls1[d]) + (ls2 == null ? 0 : weight * ls2[d]);
      localSensitivity[d] += multiplicity * ls;
    }
  }

  /** The data-dependent RDP at the order accumulated so far (the value the release estimates). */
  public double rdp() {
    return rdp;
  }

  /** Answered queries so far (expected number when weights are probabilities). */
  public double answered() {
    return answered;
  }

  public long queries() {
    return queries;
  }

  /** Beta, the smooth sensitivity at beta, and the GNSS noise scale sigma_ss. */
  public record Parameters(double beta, double smoothSensitivity, double sigmaSs) {}

  /**
   * {@code _find_optimal_smooth_sensitivity_parameters}: over {@code beta = 0.30/order,
   * 0.31/order, ..., 0.49/order} (as numpy.arange), with {@code sigma_ss = (order e^{2 beta} /
   * ss)^(1/3)} minimising {@code order e^{2 beta}/sigma^2 + 2 ss sigma}, minimises {@code rdp +
   * GNSS cost + 2 ss sigma_ss} (the upper end of a two-standard-deviation interval of the
   * published value). Empty when nothing is data-dependent (see {@link #allDataIndependent}) or
   * the smooth sensitivity is 0.
   */
  public Optional<Parameters> optimalParameters() {
    if (allDataIndependent()) {
      return Optional.empty();
    }
    double start = .3 / order;
    double stop = .495 / order;
    double step = .01 / order;
    int n = (int) Math.ceil((stop - start) / step);
    double delta = (start + step) - start; // numpy's arange fills start + i * delta
    Parameters best = null;
    double bestCost = Double.POSITIVE_INFINITY;
    for (int i = 0; i < n; i++) {
      double beta = i == 0 ? start : start + i * delta;
      double ss = SmoothSensitivity.discountedMax(beta, localSensitivity);
      if (!(ss > 0)) {
        continue;
      }
      double sigmaSs = Math.cbrt(order * Math.exp(2 * beta) / ss);
      double cost = rdp + SmoothSensitivity.rdpOfSmoothSensitivityGaussian(beta, sigmaSs, order)
          + 2 * ss * sigmaSs;
      if (cost < bestCost) {
        bestCost = cost;
        best = new Parameters(beta, ss, sigmaSs);
      }
    }
    return Optional.ofNullable(best);
  }

  /**
   * The outcome of a release at {@link #order()} and delta.
   *
   * @param rdp the data-dependent RDP of the answers (not publishable itself)
   * @param releaseRdp the GNSS cost of publishing it (Theorem 23)
   * @param epsilonBeforeRelease epsilon of the answers alone (not publishable)
   * @param epsilonWithReleaseCost epsilon of answers plus release, the value estimated
   * @param noiseStd standard deviation of the published value: {@code ss * sigma_ss}
   * @param noisyRdp {@code rdp + ss * N(0, sigma_ss^2)}, the released statistic
   * @param epsilonReleased the published epsilon: {@code noisyRdp} (clamped at 0, post-processing)
   *     plus the release cost, converted at delta
   */
  public record Release(
      Parameters parameters,
      double order,
      double delta,
      Conversion conversion,
      double rdp,
      double releaseRdp,
      double epsilonBeforeRelease,
      double epsilonWithReleaseCost,
      double noiseStd,
      double noisyRdp,
      double epsilonReleased) {}

  /** Draws the noise and computes the published epsilon for these parameters. */
  public Release release(
      Parameters parameters, double delta, Conversion conversion, GaussianSampler noise) {
    Objects.requireNonNull(parameters, "parameters");
    Objects.requireNonNull(conversion, "conversion");
    Objects.requireNonNull(noise, "noise");
    double releaseRdp = SmoothSensitivity.rdpOfSmoothSensitivityGaussian(
        parameters.beta(), parameters.sigmaSs(), order);
    double draw = noise.sample(parameters.sigmaSs());
    if (!Double.isFinite(draw)) {
      throw new IllegalArgumentException("noise: the sampler returned " + draw);
    }
    double noisyRdp = rdp + parameters.smoothSensitivity() * draw;
    return new Release(
        parameters,
        order,
        delta,
        conversion,
        rdp,
        releaseRdp,
        RdpConversions.epsilonAtOrder(order, rdp, delta, conversion),
        RdpConversions.epsilonAtOrder(order, rdp + releaseRdp, delta, conversion),
        parameters.smoothSensitivity() * parameters.sigmaSs(),
        noisyRdp,
        RdpConversions.epsilonAtOrder(order, Math.max(0, noisyRdp) + releaseRdp, delta, conversion));
  }
}
