package dev.pate.aggregator.gnmax;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The exact discrete Gaussian tails against brute-force sums of the pmf. */
class DiscreteGaussianTailsTest {
  private static final double[] SIGMAS = {0.3, 0.9, 1, 2.5, 7, 40};

  /** pmf on [-reach, reach], reach = 15 sigma + 3 (mass beyond is below e^-112). */
  private static double[] pmf(double sigma) {
    int reach = (int) Math.ceil(15 * sigma) + 3;
    double[] p = new double[2 * reach + 1];
    double z = 0;
    for (int k = -reach; k <= reach; k++) {
      p[k + reach] = Math.exp(-(double) k * k / (2 * sigma * sigma));
      z += p[k + reach];
    }
    for (int i = 0; i < p.length; i++) {
      p[i] /= z;
    }
    return p;
  }

  @Test
  void singleTailMatchesBruteForce() {
    for (double sigma : SIGMAS) {
      double[] p = pmf(sigma);
      int reach = p.length / 2;
      DiscreteGaussianTails tails = DiscreteGaussianTails.of(sigma);
      // the brute-force pmf is truncated at reach: compare where that cannot matter
      for (int k = -reach / 2; k <= reach / 2; k++) {
        double tail = 0;
        for (int j = reach; j >= k; j--) { // small terms first
          tail += p[j + reach];
        }
        if (tail < 1e-250) {
          continue;
        }
        assertRelative(tail, Math.exp(tails.logTail(k)), 1e-12, "Pr[Z >= " + k + "], sigma " + sigma);
      }
    }
  }

  @Test
  void differenceTailMatchesBruteForceConvolution() {
    for (double sigma : SIGMAS) {
      double[] p = pmf(sigma);
      int reach = p.length / 2;
      // pmf of Z1 - Z2 on [-2 reach, 2 reach]
      double[] d = new double[4 * reach + 1];
      for (int a = 0; a < p.length; a++) {
        for (int b = 0; b < p.length; b++) {
          d[a - b + 2 * reach] += p[a] * p[b];
        }
      }
      DiscreteGaussianTails tails = DiscreteGaussianTails.of(sigma);
      for (int g = -reach; g <= reach; g++) {
        double tail = 0;
        for (int j = 2 * reach; j >= g; j--) {
          tail += d[j + 2 * reach];
        }
        if (tail < 1e-250) {
          continue;
        }
        assertRelative(tail, Math.exp(tails.logDifferenceTail(g)), 1e-11,
            "Pr[Z1 - Z2 >= " + g + "], sigma " + sigma);
      }
    }
  }

  @Test
  void poissonSummationAgreesWithDirectSum() {
    for (double s = 1; s <= 6; s += 0.25) {
      for (double a : new double[] {0, 0.5}) {
        assertRelative(DiscreteGaussianTails.logThetaDirect(s, a),
            DiscreteGaussianTails.logTheta(s, a), 1e-15, "theta s=" + s + " a=" + a);
      }
    }
  }

  @Test
  void tailsFarOutStayFiniteAndOrdered() {
    DiscreteGaussianTails tails = DiscreteGaussianTails.of(1);
    double previous = 0;
    for (double g : new double[] {1, 10, 100, 1000, 1e6, 1e15, 1e300}) {
      double logTail = tails.logDifferenceTail(g);
      assertTrue(Double.isFinite(logTail), "finite at " + g);
      assertTrue(logTail < previous, "decreasing at " + g);
      previous = logTail;
    }
    assertEquals(0.0, tails.logTail(-1e300), 1e-300);
  }

  @Test
  void tinySigmaTailsAreExactInLogSpace() {
    double sigma = 1e-3;
    // Only Z = +-1 next to 0 matter: Pr[Z1 - Z2 >= 1] = 2 p(1) p(0) = 2 e^{-1/(2 sigma^2)} / Z^2
    // and Pr[Z >= 1] = p(1), with Z = 1 to double precision.
    assertRelative(Math.log(2) - 1 / (2 * sigma * sigma),
        DiscreteGaussianTails.of(sigma).logDifferenceTail(1), 1e-15, "difference tail");
    assertRelative(-1 / (2 * sigma * sigma), DiscreteGaussianTails.of(sigma).logTail(1), 1e-15,
        "single tail");
  }

  @Test
  void rejectsNonIntegers() {
    assertThrows(IllegalArgumentException.class, () -> DiscreteGaussianTails.of(2).logTail(0.5));
    assertThrows(IllegalArgumentException.class, () -> DiscreteGaussianTails.of(-1));
  }

  static void assertRelative(double expected, double actual, double rel, String what) {
    assertTrue(Math.abs(expected - actual) <= rel * Math.abs(expected),
        what + ": expected " + expected + " but got " + actual);
  }
}
