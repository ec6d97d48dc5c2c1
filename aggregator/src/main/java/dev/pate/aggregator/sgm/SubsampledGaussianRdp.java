package dev.pate.aggregator.sgm;

import dev.pate.aggregator.gnmax.GaussianTail;
import dev.pate.aggregator.rdp.Conversion;
import dev.pate.aggregator.rdp.EpsilonBound;
import dev.pate.aggregator.rdp.LogMath;
import dev.pate.aggregator.rdp.Orders;
import dev.pate.aggregator.rdp.RdpConversions;
import dev.pate.files.DpPreconditions;

/**
 * RDP of the Poisson-subsampled Gaussian mechanism (sampling rate q, noise multiplier sigma = noise
 * standard deviation / L2 sensitivity), computed exactly as dp_accounting {@code
 * rdp_privacy_accountant._compute_rdp_poisson_subsampled_gaussian}: {@code RDP(alpha) = log
 * A_alpha / (alpha - 1)} with {@code A_alpha = E_{z ~ mu0}[(mu(z) / mu0(z))^alpha]}, {@code mu0 =
 * N(0, sigma^2)}, {@code mu = (1 - q) mu0 + q N(1, sigma^2)} (Mironov, Talwar, Zhang 2019, Sec.
 * 3).
 *
 * <ul>
 *   <li>Integer alpha ({@code _compute_log_a_int}): the binomial expansion {@code A = sum_i
 *       C(alpha, i) q^i (1 - q)^(alpha - i) exp((i^2 - i) / (2 sigma^2))}, summed in log space.
 *   <li>Fractional alpha ({@code _compute_log_a_frac}, Sec. 3.3): the integral split at {@code z0
 *       = sigma^2 log(1/q - 1) + 1/2} into two series whose terms carry Gaussian tails; summed
 *       until both series decrease and their terms are below {@code e^-30} of the total, at most
 *       1000 terms, else the order gets {@code +inf} (unusable, as dp_accounting excludes it).
 *   <li>{@code q = 0}: 0 (nothing is released about anyone). {@code sigma = 0} with {@code q > 0}:
 *       {@code +inf} (no guarantee). {@code q = 1}: the plain Gaussian, {@code alpha / (2
 *       sigma^2)}.
 * </ul>
 *
 * <p>Beyond the official code: a value that comes out NaN (only possible for absurd inputs, e.g.
 * sigma near the smallest double, where {@code inf - inf} appears) is reported as {@code +inf},
 * the order being unusable rather than free; and rounding that leaves {@code log A} a hair below
 * 0 (A >= 1 always) is clamped to 0, where dp_accounting would return a negative RDP.
 */
public final class SubsampledGaussianRdp {
  private SubsampledGaussianRdp() {}

  /** {@code _MAX_STEPS_LOG_A_FRAC}: terms of the fractional-order series before giving up. */
  static final int MAX_FRACTIONAL_TERMS = 1000;

  private static final double LOG_HALF = Math.log(0.5);
  private static final double SQRT_2 = Math.sqrt(2);

  /**
   * RDP of one step at one order ({@code compute_one_order}).
   *
   * @param q sampling rate in [0, 1]
   * @param noiseMultiplier in [0, inf)
   * @param order Renyi order, > 1 ({@code +inf} allowed: RDP {@code +inf} unless q = 0)
   * @return a value in [0, +inf]
   */
  public static double rdp(double q, double noiseMultiplier, double order) {
    checkSamplingRate(q);
    checkNoiseMultiplier(noiseMultiplier);
    if (!(order > 1)) {
      throw new IllegalArgumentException("order: " + order + " is not an order > 1");
    }
    if (q == 0) {
      return 0;
    }
    if (order == Double.POSITIVE_INFINITY || noiseMultiplier == 0) {
      return Double.POSITIVE_INFINITY;
    }
    if (q == 1) {
      return order / (2 * noiseMultiplier * noiseMultiplier);
    }
    double logA = order == Math.rint(order)
        ? logAInteger(q, noiseMultiplier, order)
        : logAFractional(q, noiseMultiplier, order);
    if (Double.isNaN(logA)) {
      return Double.POSITIVE_INFINITY;
    }
    return Math.max(0, logA) / (order - 1);
  }

  /** RDP of one step at every order. */
  public static double[] rdpPerStep(Orders orders, double q, double noiseMultiplier) {
    checkSamplingRate(q);
    checkNoiseMultiplier(noiseMultiplier);
    double[] out = new double[orders.size()];
    for (int i = 0; i < out.length; i++) {
      out[i] = rdp(q, noiseMultiplier, orders.get(i));
    }
    return out;
  }

  /**
   * RDP of {@code steps} compositions at every order: {@code steps x} the per-step value (what
   * dp_accounting's {@code RdpAccountant} composes for {@code SelfComposedDpEvent(
   * PoissonSampledDpEvent(q, GaussianDpEvent(sigma)), steps)}).
   */
  public static double[] rdp(Orders orders, double q, double noiseMultiplier, long steps) {
    checkSteps(steps);
    double[] out = rdpPerStep(orders, q, noiseMultiplier);
    for (int i = 0; i < out.length; i++) {
      out[i] *= steps;
    }
    return out;
  }

  /** The (epsilon, delta) guarantee of {@code steps} steps, minimised over the orders. */
  public static EpsilonBound epsilon(Orders orders, double q, double noiseMultiplier, long steps,
      double delta, Conversion conversion) {
    return RdpConversions.epsilon(orders, rdp(orders, q, noiseMultiplier, steps), delta,
        conversion);
  }

  /** {@code _compute_log_a_int}: log A for integer alpha, 0 < q < 1. */
  static double logAInteger(double q, double sigma, double alpha) {
    long a = (long) alpha;
    double logA = Double.NEGATIVE_INFINITY;
    double logQ = Math.log(q);
    double log1mq = Math.log1p(-q);
    double twoVariance = 2 * (sigma * sigma);
    for (long i = 0; i <= a; i++) {
      double di = i;
      double logCoef = logComb(alpha, di) + di * logQ + (alpha - di) * log1mq;
      double s = logCoef + (di * di - di) / twoVariance;
      logA = LogMath.logAddExp(logA, s);
    }
    return logA;
  }

  /** {@code _compute_log_a_frac}: log A for fractional alpha, 0 < q < 1 (or +inf). */
  static double logAFractional(double q, double sigma, double alpha) {
    double logA0 = Double.NEGATIVE_INFINITY;
    double logA1 = Double.NEGATIVE_INFINITY;
    double z0 = sigma * sigma * Math.log(1 / q - 1) + 0.5;
    double logQ = Math.log(q);
    double log1mq = Math.log1p(-q);
    double twoVariance = 2 * (sigma * sigma);
    double scale = SQRT_2 * sigma;
    double lastS0 = Double.NEGATIVE_INFINITY;
    double lastS1 = Double.NEGATIVE_INFINITY;
    for (int i = 0; i < MAX_FRACTIONAL_TERMS; i++) {
      double logCoef = logComb(alpha, i);
      double j = alpha - i;

      double logT0 = logCoef + i * logQ + j * log1mq;
      double logT1 = logCoef + j * logQ + i * log1mq;

      double logE0 = LOG_HALF + GaussianTail.logErfc((i - z0) / scale);
      double logE1 = LOG_HALF + GaussianTail.logErfc((z0 - j) / scale);

      double logS0 = logT0 + ((double) i * i - i) / twoVariance + logE0;
      double logS1 = logT1 + (j * j - j) / twoVariance + logE1;

      logA0 = LogMath.logAddExp(logA0, logS0);
      logA1 = LogMath.logAddExp(logA1, logS1);
      double total = LogMath.logAddExp(logA0, logA1);

      // Both series decreasing and their terms negligible against the total.
      if (logS0 < lastS0 && logS1 < lastS1 && Math.max(logS0, logS1) < total - 30) {
        return total;
      }
      lastS0 = logS0;
      lastS1 = logS1;
    }
    return Double.POSITIVE_INFINITY; // not converged: the order is unusable, as in dp_accounting
  }

  /** {@code _log_comb}: {@code log |C(n, k)|} through log-gamma. */
  static double logComb(double n, double k) {
    return LogGamma.logAbsGamma(n + 1) - LogGamma.logAbsGamma(k + 1)
        - LogGamma.logAbsGamma(n - k + 1);
  }

  static void checkSamplingRate(double q) {
    DpPreconditions.checkProbability(q, "samplingRate");
  }

  static void checkNoiseMultiplier(double sigma) {
    DpPreconditions.checkNonNegative(sigma, "noiseMultiplier");
  }

  static void checkSteps(long steps) {
    DpPreconditions.checkAtLeast(steps, 1, "steps");
  }
}
