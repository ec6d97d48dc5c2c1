package dev.pate.aggregator.sgm;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class LogGammaTest {

  @Test
  void exactAtSmallIntegersAndPoles() {
    assertEquals(0.0, LogGamma.logAbsGamma(1));
    assertEquals(0.0, LogGamma.logAbsGamma(2));
    assertEquals(Math.log(6), LogGamma.logAbsGamma(4));
    assertEquals(Double.POSITIVE_INFINITY, LogGamma.logAbsGamma(0));
    assertEquals(Double.POSITIVE_INFINITY, LogGamma.logAbsGamma(-3));
  }

  @Test
  void knownValues() {
    double logSqrtPi = 0.5 * Math.log(Math.PI);
    assertEquals(logSqrtPi, LogGamma.logAbsGamma(0.5), 1e-15);
    // Gamma(-1/2) = -2 sqrt(pi); Gamma(-3/2) = 4 sqrt(pi) / 3.
    assertEquals(Math.log(2) + logSqrtPi, LogGamma.logAbsGamma(-0.5), 4e-15);
    assertEquals(Math.log(4.0 / 3) + logSqrtPi, LogGamma.logAbsGamma(-1.5), 4e-15);
    // log(100!) from the exact product of logs.
    double log100Factorial = 0;
    for (int k = 2; k <= 100; k++) {
      log100Factorial += Math.log(k);
    }
    assertEquals(log100Factorial, LogGamma.logAbsGamma(101), 1e-12);
  }

  @Test
  void recurrenceHoldsAcrossTheMethodBoundaries() {
    // Gamma(x + 1) = x Gamma(x): checks the shift, the Stirling range and the reflection together.
    for (double x = -30.3; x < 40; x += 0.173) {
      if (x == Math.rint(x)) {
        continue;
      }
      double expected = LogGamma.logAbsGamma(x) + Math.log(Math.abs(x));
      double actual = LogGamma.logAbsGamma(x + 1);
      assertEquals(expected, actual, 1e-13 * Math.max(1, Math.abs(expected)), "x = " + x);
    }
  }
}
