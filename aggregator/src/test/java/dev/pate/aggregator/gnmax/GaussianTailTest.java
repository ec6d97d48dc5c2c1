package dev.pate.aggregator.gnmax;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pate.aggregator.rdp.LogMath;
import org.junit.jupiter.api.Test;

class GaussianTailTest {

  /** erfc and log erfc to 30 digits (mpmath); a relative error of 1e-15 is allowed. */
  @Test
  void erfcMatchesHighPrecisionValues() {
    double[][] known = {
      {0.25, 0.72367360983176306701},
      {0.5, 0.47950012218695346232},
      {1, 0.15729920705028513066},
      {3, 2.2090496998585441373e-5},
      {10, 2.088487583762544757e-45},
      {-2, 1.9953222650189527342},
      {-0.3, 1.3286267594591274276},
    };
    for (double[] k : known) {
      assertRelative(k[1], GaussianTail.erfc(k[0]), 1e-15, "erfc(" + k[0] + ")");
      assertRelative(Math.log(k[1]), GaussianTail.logErfc(k[0]), 1e-15, "logErfc(" + k[0] + ")");
    }
  }

  @Test
  void logErfcStaysFiniteWhereErfcUnderflows() {
    assertEquals(0.0, GaussianTail.erfc(30));
    assertRelative(-903.97411711064387808, GaussianTail.logErfc(30), 1e-15, "logErfc(30)");
    assertRelative(-1000007.4801207219062, GaussianTail.logErfc(1e3), 1e-15, "logErfc(1e3)");
    assertRelative(-1000000000014.3878755, GaussianTail.logErfc(1e6), 1e-15, "logErfc(1e6)");
    assertEquals(Math.log(2), GaussianTail.logErfc(-1e300), 1e-16);
  }

  @Test
  void logSfIsTheNormalSurvivalFunction() {
    // norm.logsf(250, scale=40 sqrt 2): a unanimous GNMax gap at sigma 40 (mpmath value).
    assertRelative(-12.216452871625253694, GaussianTail.logSf(250, 40 * Math.sqrt(2)), 1e-14,
        "logSf");
    assertEquals(Math.log(0.5), GaussianTail.logSf(0, 3), 1e-16);
    for (double x = -8; x <= 8; x += 0.37) {
      // Pr[X >= x] + Pr[X >= -x] = 1
      double sum = Math.exp(GaussianTail.logSf(x, 2)) + Math.exp(GaussianTail.logSf(-x, 2));
      assertEquals(1.0, sum, 1e-15, "symmetry at " + x);
    }
  }

  @Test
  void erfcInverseRoundTrips() {
    for (double y : new double[] {1e-300, 1e-30, 1e-9, 0.01, 0.3, 0.5, 0.999, 1, 1.2, 1.9, 1.999}) {
      double x = GaussianTail.erfcInv(y);
      assertRelative(y, GaussianTail.erfc(x), 1e-13, "erfc(erfcInv(" + y + "))");
    }
    for (double logY : new double[] {-1e5, -3000, -745, -50}) {
      double x = GaussianTail.erfcInvOfLog(logY);
      assertRelative(logY, GaussianTail.logErfc(x), 1e-14, "logErfc(erfcInvOfLog(" + logY + "))");
    }
    assertEquals(0.0, GaussianTail.erfcInv(1), 1e-16);
  }

  @Test
  void rejectsBadArguments() {
    assertThrows(IllegalArgumentException.class, () -> GaussianTail.erfc(Double.NaN));
    assertThrows(IllegalArgumentException.class, () -> GaussianTail.logSf(1, 0));
    assertThrows(IllegalArgumentException.class, () -> GaussianTail.erfcInv(2));
    assertThrows(IllegalArgumentException.class, () -> GaussianTail.erfcInvOfLog(Math.log(2)));
  }

  @Test
  void logSfComplementAgreesWithLog1mExp() {
    for (double x = 0.1; x < 6; x += 0.5) {
      double viaComplement = LogMath.log1mExp(GaussianTail.logSf(x, 1));
      assertRelative(GaussianTail.logSf(-x, 1), viaComplement, 1e-13, "complement at " + x);
    }
  }

  static void assertRelative(double expected, double actual, double rel, String what) {
    assertTrue(Math.abs(expected - actual) <= rel * Math.abs(expected),
        what + ": expected " + expected + " but got " + actual);
  }
}
