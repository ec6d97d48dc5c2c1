package dev.pate.aggregator.noise;

import java.util.function.LongToDoubleFunction;

/**
 * The two pmfs computed independently of the production code, straight from their definitions,
 * for the statistical tests; plus moments of a symmetric pmf.
 */
public final class ExactPmfs {

  private ExactPmfs() {}

  /** Discrete Laplace: P(k) = exp(-|k|/scale) / sum_j exp(-|j|/scale), by the geometric series. */
  public static LongToDoubleFunction laplace(double scale) {
    double r = Math.exp(-1 / scale);
    double normaliser = (1 + r) / (1 - r);
    return k -> Math.exp(-Math.abs((double) k) / scale) / normaliser;
  }

  /** Discrete Gaussian: P(k) = exp(-k^2/(2 sigma^2)) / sum_j exp(-j^2/(2 sigma^2)), summed. */
  public static LongToDoubleFunction gaussian(double sigma) {
    double twoSigmaSquared = 2 * sigma * sigma;
    double normaliser = 1;
    for (long j = 1; j <= 40 * sigma + 40; j++) {
      normaliser += 2 * Math.exp(-(double) j * j / twoSigmaSquared);
    }
    double z = normaliser;
    return k -> Math.exp(-(double) k * k / twoSigmaSquared) / z;
  }

  /** E[X^power] for a pmf on [-maxAbs, maxAbs]. */
  public static double moment(LongToDoubleFunction pmf, int power, long maxAbs) {
    double sum = 0;
    for (long k = maxAbs; k >= -maxAbs; k--) {
      sum += Math.pow(k, power) * pmf.applyAsDouble(k);
    }
    return sum;
  }

  /** Sum of pmf(k) for k from {@code from} to {@code to}, inclusive. */
  public static double mass(LongToDoubleFunction pmf, long from, long to) {
    double sum = 0;
    for (long k = from; k <= to; k++) {
      sum += pmf.applyAsDouble(k);
    }
    return sum;
  }
}
