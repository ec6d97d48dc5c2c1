package dev.pate.aggregator.rdp;

/**
 * Arithmetic in log space, as the reference implementations do it (PATE 2018 {@code core.py},
 * dp_accounting). Privacy bounds multiply tiny probabilities by huge ratios; working with logs
 * keeps them finite.
 */
public final class LogMath {
  private LogMath() {}

  /** {@code log(e^a + e^b)}, like {@code numpy.logaddexp}: exact for infinities, no overflow. */
  public static double logAddExp(double a, double b) {
    if (a == Double.NEGATIVE_INFINITY) {
      return b;
    }
    if (b == Double.NEGATIVE_INFINITY) {
      return a;
    }
    double max = Math.max(a, b);
    if (max == Double.POSITIVE_INFINITY) {
      return max;
    }
    return max + Math.log1p(Math.exp(-Math.abs(a - b)));
  }

  /**
   * {@code log(sum_i e^{x_i})}, as {@code core._logaddexp}: {@code m + log(sum exp(x - m))} with
   * {@code m = max x}. An empty array (or all {@code -inf}) is the log of 0, i.e. {@code -inf}.
   */
  public static double logSumExp(double[] xs) {
    double max = Double.NEGATIVE_INFINITY;
    for (double x : xs) {
      max = Math.max(max, x);
    }
    if (max == Double.NEGATIVE_INFINITY || max == Double.POSITIVE_INFINITY) {
      return max;
    }
    double sum = 0;
    for (double x : xs) {
      sum += Math.exp(x - max);
    }
    return max + Math.log(sum);
  }

  /**
   * {@code log(1 - e^x)} for {@code x <= 0}, with the branches of {@code core._log1mexp}: log1p
   * far from 0, expm1 near 0 (where {@code 1 - e^x} cancels), {@code -inf} at 0.
   */
  public static double log1mExp(double x) {
    if (x < -1) {
      return Math.log1p(-Math.exp(x));
    } else if (x < 0) {
      return Math.log(-Math.expm1(x));
    } else if (x == 0) {
      return Double.NEGATIVE_INFINITY;
    }
    throw new IllegalArgumentException("x: " + x + " is not <= 0 (log(1 - e^x) is undefined)");
  }
}
