package dev.pate.aggregator.release;

import java.util.function.DoubleUnaryOperator;

/**
 * Brent's root finder (R. P. Brent, "Algorithms for Minimization without Derivatives", 1973,
 * ch. 4), as {@code scipy.optimize.brentq} with its default tolerances: inverse quadratic
 * interpolation or secant steps, falling back to bisection so the bracket always shrinks.
 */
final class Brent {
  private Brent() {}

  private static final double XTOL = 2e-12;
  private static final double RTOL = 4 * Math.ulp(1.0);
  private static final int MAX_ITERATIONS = 200;

  /** A root of f in [a, b], where f(a) and f(b) differ in sign (or one is 0). */
  static double root(DoubleUnaryOperator f, double a, double b) {
    double fa = f.applyAsDouble(a);
    double fb = f.applyAsDouble(b);
    if (fa == 0) {
      return a;
    }
    if (fb == 0) {
      return b;
    }
    if (!(fa * fb < 0)) {
      throw new ArithmeticException(
          "root: f(" + a + ") = " + fa + " and f(" + b + ") = " + fb + " do not bracket a root");
    }
    double c = a;
    double fc = fa;
    double d = b - a;
    double e = d;
    for (int i = 0; i < MAX_ITERATIONS; i++) {
      if (Math.abs(fc) < Math.abs(fb)) { // b is the best estimate, c the other end
        a = b;
        b = c;
        c = a;
        fa = fb;
        fb = fc;
        fc = fa;
      }
      double tol = 2 * RTOL * Math.abs(b) + XTOL / 2;
      double m = (c - b) / 2;
      if (Math.abs(m) <= tol || fb == 0) {
        return b;
      }
      if (Math.abs(e) >= tol && Math.abs(fa) > Math.abs(fb)) {
        double s = fb / fa;
        double p;
        double q;
        if (a == c) { // secant
          p = 2 * m * s;
          q = 1 - s;
        } else { // inverse quadratic interpolation
          double r = fb / fc;
          double t = fa / fc;
          p = s * (2 * m * t * (t - r) - (b - a) * (r - 1));
          q = (t - 1) * (r - 1) * (s - 1);
        }
        if (p > 0) {
          q = -q;
        } else {
          p = -p;
        }
        if (2 * p < Math.min(3 * m * q - Math.abs(tol * q), Math.abs(e * q))) {
          e = d;
          d = p / q;
        } else {
          d = m;
          e = m;
        }
      } else {
        d = m;
        e = m;
      }
      a = b;
      fa = fb;
      b += Math.abs(d) > tol ? d : (m > 0 ? tol : -tol);
      fb = f.applyAsDouble(b);
      if ((fb > 0) == (fc > 0)) {
        c = a;
        fc = fa;
        d = b - a;
        e = d;
      }
    }
    throw new ArithmeticException("root: no convergence in " + MAX_ITERATIONS + " iterations");
  }
}
