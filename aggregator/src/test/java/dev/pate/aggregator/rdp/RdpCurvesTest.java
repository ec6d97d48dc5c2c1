package dev.pate.aggregator.rdp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The basic RDP curves: ordering between them, exactness, numerics near order 1. */
class RdpCurvesTest {

  /** D_alpha between discrete Laplace P(k) ~ exp(-eps |k|) and its shift by one, summed. */
  private static double discreteLaplaceShiftDivergence(double eps, double a) {
    double t = Math.exp(-eps);
    double c = (1 - t) / (1 + t);
    double sum = 0;
    for (int k = -20000; k <= 20000; k++) {
      double p = c * Math.pow(t, Math.abs(k));
      double q = c * Math.pow(t, Math.abs(k - 1));
      if (p > 0 && q > 0) {
        sum += Math.exp(a * Math.log(p) + (1 - a) * Math.log(q));
      }
    }
    return Math.log(sum) / (a - 1);
  }

  @Test
  void laplaceIsBelowRandomizedResponseIsBelowPureDp() {
    for (double eps : new double[] {1e-4, 0.01, 0.1, 0.5, 1, 3, 10}) {
      for (double a : new double[] {1.001, 1.05, 1.1, 1.5, 2, 5, 32, 1024}) {
        double laplace = RdpCurves.laplace(eps, a);
        double rr = RdpCurves.randomizedResponse(eps, a);
        double pure = RdpCurves.pureDp(eps, a);
        String what = "eps=" + eps + " a=" + a;
        assertTrue(laplace >= 0 && laplace <= rr * (1 + 1e-9) + 1e-15, what + " " + laplace);
        assertTrue(rr <= pure, what);
        assertEquals(Math.min(eps, 0.5 * eps * eps * a), pure, 0.0, what);
      }
    }
  }

  @Test
  void randomizedResponseIsTheExactDiscreteLaplaceDivergence() {
    for (double eps : new double[] {0.05, 0.2, 1.0}) {
      for (double a : new double[] {1.5, 2, 7.25, 40}) {
        double brute = discreteLaplaceShiftDivergence(eps, a);
        assertEquals(brute, RdpCurves.randomizedResponse(eps, a), 1e-9 * brute,
            "eps=" + eps + " a=" + a);
      }
    }
  }

  @Test
  void laplaceTaylorBranchJoinsTheClosedForm() {
    for (double eps : new double[] {0.01, 0.2, 2}) {
      double below = RdpCurves.laplace(eps, Math.nextDown(1.1));
      double at = RdpCurves.laplace(eps, 1.1);
      assertEquals(at, below, 1e-9 * at, "eps=" + eps);
      // Towards order 1 it tends to the KL divergence eps + expm1(-eps) (dp_accounting a == 1).
      assertEquals(eps + Math.expm1(-eps), RdpCurves.laplace(eps, 1 + 1e-9), 1e-6 * eps);
    }
  }
}
