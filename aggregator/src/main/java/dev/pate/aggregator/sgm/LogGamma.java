package dev.pate.aggregator.sgm;

/**
 * {@code log |Gamma(x)|} for every real x, the counterpart of {@code scipy.special.gammaln} that
 * dp_accounting's {@code _log_comb} uses. Fractional Renyi orders need it at negative arguments
 * ({@code alpha - i + 1} for {@code i > alpha + 1}), where the binomial coefficient of a
 * non-integer alpha changes sign; the official series uses the log of its absolute value.
 */
final class LogGamma {
  private LogGamma() {}

  private static final double HALF_LOG_TWO_PI = 0.91893853320467274178;
  /** At and above this the Stirling series below is accurate to double precision. */
  private static final double STIRLING_FROM = 13;
  /** Bernoulli-number coefficients B_2k / (2k (2k - 1)), k = 1..7, of the Stirling series. */
  private static final double[] STIRLING = {
    1.0 / 12, -1.0 / 360, 1.0 / 1260, -1.0 / 1680, 1.0 / 1188, -691.0 / 360360, 1.0 / 156
  };
  /** 0!, 1!, ..., 20!: exact in a long and (all are) exactly representable as doubles. */
  private static final long[] FACTORIALS = new long[21];

  static {
    FACTORIALS[0] = 1;
    for (int n = 1; n < FACTORIALS.length; n++) {
      FACTORIALS[n] = FACTORIALS[n - 1] * n;
    }
  }

  /**
   * {@code log |Gamma(x)|}; {@code +inf} at the poles (0, -1, -2, ...) as {@code gammaln}. Exact
   * up to rounding of one log for integers 1..21 (log of an exact factorial, so
   * {@code logAbsGamma(1) = logAbsGamma(2) = 0}: binomial coefficients {@code C(alpha, 0)} come
   * out exactly 1); otherwise a few ulps of the larger of the result and the terms cancelled.
   */
  static double logAbsGamma(double x) {
    if (Double.isNaN(x)) {
      throw new IllegalArgumentException("x: NaN is not a number");
    }
    if (x == Math.rint(x)) {
      if (x <= 0) {
        return Double.POSITIVE_INFINITY;
      }
      if (x <= FACTORIALS.length) {
        return Math.log(FACTORIALS[(int) x - 1]);
      }
    }
    if (x < 0.5) {
      // Reflection: Gamma(x) Gamma(1 - x) = pi / sin(pi x).
      return Math.log(Math.PI / Math.abs(sinPi(x))) - logAbsGamma(1 - x);
    }
    if (x >= STIRLING_FROM) {
      return stirling(x);
    }
    // Gamma(x) = Gamma(x + k) / (x (x + 1) ... (x + k - 1)), with x + k in the Stirling range.
    double product = 1;
    double y = x;
    while (y < STIRLING_FROM) {
      product *= y;
      y += 1;
    }
    return stirling(y) - Math.log(product);
  }

  /** {@code (x - 1/2) log x - x + log(2 pi)/2 + sum_k B_2k / (2k (2k-1) x^(2k-1))}, x >= 13. */
  private static double stirling(double x) {
    double inverseSquare = 1 / (x * x);
    double series = 0;
    for (int k = STIRLING.length - 1; k >= 0; k--) {
      series = series * inverseSquare + STIRLING[k];
    }
    return (x - 0.5) * Math.log(x) - x + HALF_LOG_TWO_PI + series / x;
  }

  /** {@code sin(pi x)}, with x reduced exactly to [0, 2) first so that large |x| loses nothing. */
  private static double sinPi(double x) {
    double r = x - 2 * Math.floor(x / 2); // exact: x and 2 floor(x/2) share their exponent range
    double sign = 1;
    if (r >= 1) {
      r -= 1;
      sign = -1;
    }
    return sign * Math.sin(Math.PI * Math.min(r, 1 - r));
  }
}
