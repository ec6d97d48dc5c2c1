package dev.pate.aggregator.gnmax;

import dev.pate.aggregator.accounting.NoiseKind;
import dev.pate.aggregator.accounting.QueryAccounting;
import dev.pate.aggregator.rdp.LogMath;
import dev.pate.aggregator.rdp.Orders;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.function.DoubleUnaryOperator;

/**
 * Per-query RDP of GNMax with noise standard deviation sigma (PATE 2018), for the papers'
 * continuous Gaussian noise or the discrete Gaussian that runs draw.
 *
 * <p><b>What holds for discrete noise.</b> Runs add discrete Gaussian noise {@code N_Z(0,
 * sigma^2)} to the integer counts and break ties among noisy maxima at random.
 *
 * <ul>
 *   <li>Data-independent: the discrete Gaussian, like the continuous one, is {@code
 *       (alpha, alpha Delta^2 / (2 sigma^2))}-RDP for L2 sensitivity Delta, also with independent
 *       noise on each coordinate (Canonne-Kamath-Steinke 2020), and the count vector has L2
 *       sensitivity sqrt 2, so {@code alpha / sigma^2} still holds; arg-max with
 *       random tie-breaking is post-processing.
 *   <li>Data-dependent: Theorem 6 needs only (a) the data-independent RDP at orders mu1 and mu2,
 *       which the discrete mechanism satisfies as above, and (b) an upper bound q on
 *       {@code Pr[answer != i*]}. For discrete noise ties have positive probability, so q counts
 *       a tie as an error: {@code q = sum_{j != i*} Pr[Z_j - Z_i* >= n_i* - n_j]}, the exact tail
 *       of the difference of two discrete Gaussians ({@link DiscreteGaussianTails}). The bound
 *       used is the larger of that and the continuous q: Theorem 6 increases with q in the range
 *       where it is applied (the official code checks that range), so a larger q is always safe.
 * </ul>
 */
public final class GnmaxAccounting implements QueryAccounting {
  /**
   * Above this sigma the exact discrete tails would cost O(sigma) per gap; the discrete q falls
   * back to the trivial {@code 1 - 1/m} (the data-dependent bound is worthless there anyway).
   */
  public static final double MAX_EXACT_DISCRETE_SIGMA = 1e5;

  private final double sigma;
  private final Orders orders;
  private final NoiseKind noiseKind;
  private final double[] dataIndependent;
  /**
   * {@code log Pr[N(0, 2 sigma^2) >= gap]}, memoised at whole gaps: votes are whole numbers, and
   * a release's sensitivity bounds evaluate q at millions of vote vectors.
   */
  private final DoubleUnaryOperator continuousLogTail;

  public GnmaxAccounting(double sigma, Orders orders, NoiseKind noiseKind) {
    GnmaxRdp.checkSigma(sigma, "sigma");
    this.sigma = sigma;
    this.orders = Objects.requireNonNull(orders, "orders");
    this.noiseKind = Objects.requireNonNull(noiseKind, "noiseKind");
    this.dataIndependent = GnmaxRdp.dataIndependent(sigma, orders);
    double scale = Math.sqrt(2 * sigma * sigma);
    this.continuousLogTail = new WholeArgumentMemo(gap -> GaussianTail.logSf(gap, scale));
  }

  public double sigma() {
    return sigma;
  }

  @Override
  public Orders orders() {
    return orders;
  }

  @Override
  public NoiseKind noiseKind() {
    return noiseKind;
  }

  @Override
  public Map<String, Double> parameters() {
    return Map.of("sigma", sigma);
  }

  @Override
  public String mechanismId() {
    return "gnmax";
  }

  /** {@code alpha / sigma^2} at every order alpha (GNMax always answers). */
  @Override
  public double[] dataIndependentRdp() {
    return dataIndependent.clone();
  }

  /** GNMax always answers; {@code answered} is ignored. */
  @Override
  public double[] dataDependentRdp(double[] counts, boolean answered) {
    return GnmaxRdp.dataDependent(logq(counts), sigma, orders);
  }

  /**
   * Adds {@code weight * dataDependentRdp(counts, true)} to {@code total} without allocating (the
   * inner loop of vote-file analyses).
   */
  public void addDataDependentRdp(double[] counts, double weight, double[] total) {
    GnmaxRdp.addDataDependent(logq(counts), sigma, orders, weight, total);
  }

  /**
   * The q used for these counts: {@link GnmaxRdp#logq} for continuous noise; for discrete noise
   * the larger of that and the exact discrete bound with ties counted as errors.
   */
  public double logq(double[] counts) {
    double continuous = GnmaxRdp.logq(counts, continuousLogTail);
    return noiseKind == NoiseKind.CONTINUOUS
        ? continuous
        : Math.max(continuous, discreteLogq(counts, sigma));
  }

  /**
   * {@code log min(1 - 1/m, sum_{j != i*} Pr[Z_j - Z_i* >= ceil(n_i* - n_j)])} for iid
   * discrete Gaussians. Package-private: callers want {@link #logq}, which also takes the
   * continuous bound.
   */
  static double discreteLogq(double[] counts, double sigma) {
    GnmaxRdp.checkCounts(counts);
    double cap = Math.log(1 - 1.0 / counts.length);
    if (sigma > MAX_EXACT_DISCRETE_SIGMA) {
      return cap;
    }
    DiscreteGaussianTails tails = DiscreteGaussianTails.of(sigma);
    int best = GnmaxRdp.argMax(counts);
    double[] logTerms = new double[counts.length - 1];
    int k = 0;
    for (int j = 0; j < counts.length; j++) {
      if (j != best) {
        // Z_j + n_j >= Z_* + n_* (a tie loses too) iff Z_j - Z_* >= ceil(n_* - n_j).
        logTerms[k++] = tails.logDifferenceTail(Math.ceil(counts[best] - counts[j]));
      }
    }
    return Math.min(LogMath.logSumExp(logTerms), cap);
  }

  @Override
  public String toString() {
    return "GnmaxAccounting[sigma=" + sigma + ", noise=" + noiseKind.name().toLowerCase(Locale.ROOT)
        + ", " + orders.size() + " orders]";
  }
}
