package dev.pate.aggregator.lnmax;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The closed-form tail of the difference of two discrete Laplace variables. */
class DiscreteLaplaceDifferenceTest {

  /** P(Z1 - Z2 >= gap) by direct summation of P(Z1 = a) P(Z2 <= a - gap). */
  private static double bruteForce(int gap, double gamma) {
    double t = Math.exp(-gamma);
    double c = (1 - t) / (1 + t);
    double sum = 0;
    for (int a = -40000; a <= 40000; a++) {
      double pa = c * Math.pow(t, Math.abs(a));
      int m = a - gap;
      double cdf = m >= 0 ? 1 - Math.pow(t, m + 1) / (1 + t) : Math.pow(t, -m) / (1 + t);
      sum += pa * cdf;
    }
    return sum;
  }

  @Test
  void closedFormEqualsDirectSummation() {
    for (double gamma : new double[] {0.01, 0.05, 0.5, 2}) {
      for (int gap : new int[] {-7, -1, 0, 1, 2, 5, 40}) {
        double expected = bruteForce(gap, gamma);
        double actual = Math.exp(DiscreteLaplaceDifference.logSurvival(gap, gamma));
        assertEquals(expected, actual, 1e-10 * expected + 1e-15, "gamma=" + gamma + " gap=" + gap);
      }
    }
  }

  @Test
  void tiesCountAndTheTwoSidesAddUpToOne() {
    for (double gamma : new double[] {0.01, 0.1, 1, 5}) {
      double tie = Math.exp(DiscreteLaplaceDifference.logSurvival(0, gamma));
      assertTrue(tie > 0.5, "P(D >= 0) includes P(D = 0) > 0");
      for (int gap = -5; gap <= 5; gap++) {
        double up = Math.exp(DiscreteLaplaceDifference.logSurvival(gap, gamma));
        double down = Math.exp(DiscreteLaplaceDifference.logSurvival(1 - gap, gamma));
        assertEquals(1.0, up + down, 1e-12, "gamma=" + gamma + " gap=" + gap);
      }
    }
  }

  @Test
  void decreasingInTheGapAndFiniteForHugeGaps() {
    double previous = 0;
    for (double gap : new double[] {-1e6, -3, 0, 1, 10, 1e3, 1e6, 1e12, 1e300}) {
      double log = DiscreteLaplaceDifference.logSurvival(gap, 0.05);
      assertTrue(!Double.isNaN(log) && log <= previous, "gap " + gap + ": " + log);
      assertTrue(log > Double.NEGATIVE_INFINITY || gap > 1e12, "gap " + gap);
      previous = log;
    }
    assertEquals(-0.05 * 1e12, DiscreteLaplaceDifference.logSurvival(1e12, 0.05), 1e-6 * 5e10);
  }

  @Test
  void nonIntegerGapsRoundUp() {
    assertEquals(DiscreteLaplaceDifference.logSurvival(3, 0.2),
        DiscreteLaplaceDifference.logSurvival(2.3, 0.2));
    assertEquals(DiscreteLaplaceDifference.logSurvival(-2, 0.2),
        DiscreteLaplaceDifference.logSurvival(-2.7, 0.2));
  }

  @Test
  void rejectsBadArguments() {
    assertThrows(IllegalArgumentException.class,
        () -> DiscreteLaplaceDifference.logSurvival(Double.NaN, 0.1));
    assertThrows(IllegalArgumentException.class,
        () -> DiscreteLaplaceDifference.logSurvival(1, 0));
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> DiscreteLaplaceDifference.logSurvival(1, -1));
    assertTrue(e.getMessage().startsWith("gamma: -1.0"), e.getMessage());
  }
}
