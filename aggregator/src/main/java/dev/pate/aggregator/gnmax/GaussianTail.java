package dev.pate.aggregator.gnmax;

import dev.pate.files.DpPreconditions;

/**
 * Tails of the Gaussian distribution, accurate in log space far into the tail: the Java
 * counterpart of {@code scipy.special.erfc}, {@code erfcinv} and {@code scipy.stats.norm.logsf},
 * which the PATE 2018 code uses and the JDK lacks.
 *
 * <p>The complementary error function follows W. J. Cody, "Rational Chebyshev approximations for
 * the error function", Math. Comp. 23 (1969) 631-637 (netlib SPECFUN {@code CALERF}, about 1e-16
 * relative error). For {@code x > 0.46875} it evaluates the scaled function {@code erfcx(x) =
 * exp(x^2) erfc(x)}, so {@code log erfc(x) = log erfcx(x) - x^2} stays exact where {@code erfc}
 * itself underflows (x > 26.5): a GNMax vote gap of 10 000 at sigma 1 is still a finite log
 * probability.
 */
public final class GaussianTail {
  private GaussianTail() {}

  private static final double LOG_2 = Math.log(2);
  private static final double SQRT_2 = Math.sqrt(2);
  private static final double INV_SQRT_PI = 0.56418958354775628695;
  private static final double SQRT_PI = 1.7724538509055160273;
  /** Cody's interval boundaries: erf series below, rational erfcx in between, asymptotic above. */
  private static final double SMALL_BREAK = 0.46875;
  private static final double MIDDLE_BREAK = 4.0;
  /** Above this, {@code erfcx(x) = 1 / (sqrt(pi) x)} to double precision (Cody's XHUGE). */
  private static final double HUGE = 6.71e7;

  // Cody (1969), Table for erf on |x| <= 0.46875.
  private static final double[] A = {
    3.16112374387056560e00, 1.13864154151050156e02, 3.77485237685302021e02,
    3.20937758913846947e03, 1.85777706184603153e-1
  };
  private static final double[] B = {
    2.36012909523441209e01, 2.44024637934444173e02, 1.28261652607737228e03,
    2.84423683343917062e03
  };
  // erfcx on 0.46875 < x <= 4.
  private static final double[] C = {
    5.64188496988670089e-1, 8.88314979438837594e00, 6.61191906371416295e01,
    2.98635138197400131e02, 8.81952221241769090e02, 1.71204761263407058e03,
    2.05107837782607147e03, 1.23033935479799725e03, 2.15311535474403846e-8
  };
  private static final double[] D = {
    1.57449261107098347e01, 1.17693950891312499e02, 5.37181101862009858e02,
    1.62138957456669019e03, 3.29079923573345963e03, 4.36261909014324716e03,
    3.43936767414372164e03, 1.23033935480374942e03
  };
  // erfcx on x > 4, in powers of 1/x^2.
  private static final double[] P = {
    3.05326634961232344e-1, 3.60344899949804439e-1, 1.25781726111229246e-1,
    1.60837851487422766e-2, 6.58749161529837803e-4, 1.63153871373020978e-2
  };
  private static final double[] Q = {
    2.56852019228982242e00, 1.87295284992346047e00, 5.27905102951428412e-1,
    6.05183413124413191e-2, 2.33520497626869185e-3
  };

  /** {@code erf(x)} for {@code |x| <= 0.46875} (Cody's first interval). */
  private static double erfSmall(double x) {
    double z = x * x;
    double num = A[4] * z;
    double den = z;
    for (int i = 0; i < 3; i++) {
      num = (num + A[i]) * z;
      den = (den + B[i]) * z;
    }
    return x * (num + A[3]) / (den + B[3]);
  }

  /** {@code exp(y^2) erfc(y)} for {@code y > 0.46875}. */
  private static double erfcxLarge(double y) {
    if (y <= MIDDLE_BREAK) {
      double num = C[8] * y;
      double den = y;
      for (int i = 0; i < 7; i++) {
        num = (num + C[i]) * y;
        den = (den + D[i]) * y;
      }
      return (num + C[7]) / (den + D[7]);
    }
    if (y >= HUGE) {
      return INV_SQRT_PI / y;
    }
    double z = 1 / (y * y);
    double num = P[5] * z;
    double den = z;
    for (int i = 0; i < 4; i++) {
      num = (num + P[i]) * z;
      den = (den + Q[i]) * z;
    }
    double r = z * (num + P[4]) / (den + Q[4]);
    return (INV_SQRT_PI - r) / y;
  }

  /**
   * {@code -y^2} for {@code y >= 0}, with Cody's split {@code y = y16 + (y - y16)} so the exactly
   * representable part {@code y16^2} carries most of the magnitude.
   */
  private static double minusSquare(double y) {
    double y16 = Math.floor(y * 16) / 16;
    double del = (y - y16) * (y + y16);
    return -(y16 * y16) - del;
  }

  /** The complementary error function {@code erfc(x) = 1 - erf(x)}; 0 beyond x = 26.6. */
  public static double erfc(double x) {
    checkNotNaN(x, "x");
    double y = Math.abs(x);
    double upper; // erfc(|x|)
    if (y <= SMALL_BREAK) {
      return 1 - erfSmall(x);
    }
    if (y == Double.POSITIVE_INFINITY) {
      upper = 0;
    } else {
      double y16 = Math.floor(y * 16) / 16;
      double del = (y - y16) * (y + y16);
      upper = Math.exp(-y16 * y16) * Math.exp(-del) * erfcxLarge(y);
    }
    return x > 0 ? upper : 2 - upper;
  }

  /**
   * {@code log erfc(x)}, finite for every finite x: {@code -x^2 - log(x sqrt(pi))} asymptotically,
   * {@code log 2} as x goes to minus infinity. {@code -inf} only at {@code x = +inf}.
   */
  public static double logErfc(double x) {
    checkNotNaN(x, "x");
    double y = Math.abs(x);
    if (y <= SMALL_BREAK) {
      return Math.log1p(-erfSmall(x));
    }
    if (x > 0) {
      if (x == Double.POSITIVE_INFINITY) {
        return Double.NEGATIVE_INFINITY;
      }
      if (x > 1e150) { // x^2 overflows long before erfcx loses meaning; the log is -inf in double
        return Double.NEGATIVE_INFINITY;
      }
      return Math.log(erfcxLarge(x)) + minusSquare(x);
    }
    // erfc(x) = 2 - erfc(|x|) for x < 0; the second term is below 1 here.
    return LOG_2 + Math.log1p(-0.5 * erfc(y));
  }

  /**
   * {@code log Pr[X >= x]} for {@code X ~ N(0, scale^2)}: {@code scipy.stats.norm.logsf(x,
   * scale=scale)}, as {@code log(erfc(x / (scale sqrt 2)) / 2)}.
   */
  public static double logSf(double x, double scale) {
    DpPreconditions.checkPositive(scale, "scale");
    double z = x / scale / SQRT_2;
    if (z < 0) {
      // Pr = 1 - erfc(|z|)/2: log1p keeps the digits that log 2 + log1p(...) - log 2 would lose.
      return Math.log1p(-0.5 * erfc(-z));
    }
    return logErfc(z) - LOG_2;
  }

  /**
   * The inverse of {@link #logErfc}: the x with {@code log erfc(x) = logY}, for {@code logY <
   * log 2}. Works for y far below the smallest double ({@code logY = -1e4} is fine), which {@code
   * scipy.special.erfcinv(y)} cannot take.
   */
  public static double erfcInvOfLog(double logY) {
    checkNotNaN(logY, "logY");
    if (!(logY < LOG_2)) {
      throw new IllegalArgumentException("logY: " + logY + " is not < log 2 (erfc < 2)");
    }
    if (logY == Double.NEGATIVE_INFINITY) {
      return Double.POSITIVE_INFINITY;
    }
    if (logY > 0) {
      // erfc(-x) = 2 - erfc(x): solve on the positive side, where erfc < 1.
      double y = Math.exp(logY);
      return -erfcInvOfLog(Math.log(2 - y));
    }
    // log erfc is concave and decreasing, so after one Newton step the iterates decrease
    // monotonically to the root: stop when they no longer decrease.
    double x = initialGuess(logY);
    x = newtonStep(x, logY);
    for (int i = 0; i < 100; i++) {
      double next = newtonStep(x, logY);
      if (!(next < x)) {
        break;
      }
      x = next;
    }
    return x;
  }

  /** {@code erfcinv(y)} for {@code 0 < y < 2}, as {@code scipy.special.erfcinv}. */
  public static double erfcInv(double y) {
    if (!(y > 0 && y < 2)) {
      throw new IllegalArgumentException("y: " + y + " is not in (0, 2)");
    }
    return erfcInvOfLog(Math.log(y));
  }

  private static double newtonStep(double x, double logY) {
    // d/dx log erfc(x) = -2 exp(-x^2) / (sqrt(pi) erfc(x)) = -2 / (sqrt(pi) erfcx(x)).
    double erfcx = x > SMALL_BREAK ? erfcxLarge(x) : Math.exp(x * x) * erfc(x);
    double slope = -2 / (SQRT_PI * erfcx);
    return x - (logErfc(x) - logY) / slope;
  }

  /** Within a few percent of the root, from the asymptotic {@code erfc(x) ~ e^{-x^2}/(x sqrt pi)}. */
  private static double initialGuess(double logY) {
    if (logY > -1) {
      return 0; // erfc(0) = 1; Newton converges from here for y in (e^-1, 1].
    }
    double t = -logY;
    double x = Math.sqrt(t);
    for (int i = 0; i < 3; i++) {
      x = Math.sqrt(Math.max(t - Math.log(SQRT_PI * x), 0.25));
    }
    return x;
  }

  private static void checkNotNaN(double v, String name) {
    if (Double.isNaN(v)) {
      throw new IllegalArgumentException(name + ": NaN is not a number");
    }
  }
}
