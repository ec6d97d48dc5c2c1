package dev.pate.aggregator.gnmax;

import dev.pate.aggregator.rdp.Orders;
import dev.pate.files.DpPreconditions;

/**
 * Renyi-DP of the threshold check of Confident-GNMax (PATE 2018, Algorithm 1 step 1): answer only
 * if {@code max_j n_j + N(0, sigma1^2) >= T}. Mirrors the threshold section of tensorflow/privacy
 * {@code research/pate_2018/core.py}.
 *
 * <p>The max count changes by at most 1 when one teacher changes its vote (sensitivity 1, against
 * sqrt 2 for the GNMax count vector), so every GNMax formula applies with {@code sigma1 sqrt 2}:
 * data-independent {@code alpha / (2 sigma1^2)}, and the data-dependent Theorem 6 with q the
 * probability of the less likely of the two outcomes (answer, abstain).
 */
public final class ThresholdRdp {
  private ThresholdRdp() {}

  private static final double SQRT_2 = Math.sqrt(2);

  /**
   * {@code core.compute_logpr_answered}: {@code log Pr[max + N(0, sigma1^2) >= T]}. As in the
   * official code the max count is rounded to the nearest integer first (Python {@code round}:
   * ties to even).
   */
  public static double logPrAnswered(double threshold, double sigma1, double[] counts) {
    checkThreshold(threshold);
    GnmaxRdp.checkSigma(sigma1, "sigma1");
    GnmaxRdp.checkCounts(counts);
    double max = counts[GnmaxRdp.argMax(counts)];
    return GaussianTail.logSf(threshold - Math.rint(max), sigma1);
  }

  /**
   * The q of Theorem 6 for the threshold check, {@code min(p, 1 - p)} for the answer probability
   * p, as in {@code core.compute_rdp_threshold}. Both sides are computed as Gaussian tails
   * ({@code 1 - p = Pr[N(0, sigma1^2) >= max - T]}), which equals the official {@code
   * min(log p, log1mexp(log p))} but stays exact when p is within 1e-16 of 1.
   */
  public static double logq(double threshold, double sigma1, double[] counts) {
    checkThreshold(threshold);
    GnmaxRdp.checkSigma(sigma1, "sigma1");
    GnmaxRdp.checkCounts(counts);
    return logqAtMax(threshold, sigma1, Math.rint(counts[GnmaxRdp.argMax(counts)]));
  }

  private static double logqAtMax(double threshold, double sigma1, double max) {
    return Math.min(GaussianTail.logSf(threshold - max, sigma1),
        GaussianTail.logSf(max - threshold, sigma1));
  }

  /** {@code core.compute_rdp_data_independent_threshold}: {@code alpha / (2 sigma1^2)}. */
  public static double[] dataIndependent(double sigma1, Orders orders) {
    GnmaxRdp.checkSigma(sigma1, "sigma1");
    return GnmaxRdp.dataIndependent(SQRT_2 * sigma1, orders);
  }

  /**
   * {@code core.compute_rdp_threshold} given a bound q on the less likely outcome's probability
   * (see {@link #logq}): Theorem 6 with {@code sigma1 sqrt 2}.
   */
  public static double[] dataDependent(double logq, double sigma1, Orders orders) {
    GnmaxRdp.checkSigma(sigma1, "sigma1");
    return GnmaxRdp.dataDependent(logq, SQRT_2 * sigma1, orders);
  }

  /**
   * {@code core.is_data_independent_always_opt_threshold}: the data-dependent bound never beats
   * the data-independent one at this order, checked at both extremes of the max count (0 and the
   * number of teachers), since the bound depends on the votes only through the max count.
   */
  public static boolean dataIndependentAlwaysOptimal(
      int numTeachers, double threshold, double sigma1, double order) {
    Orders one = Orders.of(order);
    double independent = dataIndependent(sigma1, one)[0];
    for (double max : new double[] {0, numTeachers}) {
      double dependent = dataDependent(logqAtMax(threshold, sigma1, max), sigma1, one)[0];
      if (!GnmaxRdp.isClose(dependent, independent)) {
        return false;
      }
    }
    return true;
  }

  /** Rejects a threshold that is not a finite number. */
  public static void checkThreshold(double threshold) {
    DpPreconditions.checkFinite(threshold, "threshold");
  }

  /** {@link #dataDependent} at one order for a max count {@code v}: the threshold's cost table. */
  public static double dataDependentAtMax(double threshold, double sigma1, double v, Orders order) {
    return dataDependent(logqAtMax(threshold, sigma1, v), sigma1, order)[0];
  }
}
