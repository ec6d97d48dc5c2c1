package dev.pate.aggregator.sgm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pate.aggregator.gnmax.GnmaxRdp;
import dev.pate.aggregator.rdp.Orders;
import org.junit.jupiter.api.Test;

class SubsampledGaussianRdpTest {

  private static final Orders SOME = Orders.of(1.1, 1.5, 2, 2.5, 3, 7.3, 8, 32, 64.5, 256);

  @Test
  void edgeCasesAsDpAccounting() {
    for (int i = 0; i < SOME.size(); i++) {
      double a = SOME.get(i);
      assertEquals(0, SubsampledGaussianRdp.rdp(0, 1.0, a), "q = 0 releases nothing");
      assertEquals(0, SubsampledGaussianRdp.rdp(0, 0, a), "q = 0 even without noise");
      assertEquals(Double.POSITIVE_INFINITY, SubsampledGaussianRdp.rdp(0.01, 0, a));
      assertEquals(a / (2 * 1.7 * 1.7), SubsampledGaussianRdp.rdp(1, 1.7, a), 1e-15 * a);
    }
    assertEquals(Double.POSITIVE_INFINITY,
        SubsampledGaussianRdp.rdp(0.01, 1, Double.POSITIVE_INFINITY));
  }

  @Test
  void neverAboveTheUnsampledGaussianAndIncreasingInQ() {
    double sigma = 2;
    for (int i = 0; i < SOME.size(); i++) {
      double a = SOME.get(i);
      double full = a / (2 * sigma * sigma);
      double previous = 0;
      for (double q : new double[] {1e-4, 1e-3, 0.01, 0.1, 0.5, 0.9, 0.999}) {
        double r = SubsampledGaussianRdp.rdp(q, sigma, a);
        if (r == Double.POSITIVE_INFINITY && a != Math.rint(a)) {
          // dp_accounting's fractional series does not converge for some (q, alpha), e.g. q = 0.5:
          // the order is then unusable (+inf), never cheaper.
          continue;
        }
        assertTrue(r >= previous - 1e-15, "not increasing in q at order " + a + ", q " + q);
        assertTrue(r <= full * (1 + 1e-12), "above the unsampled Gaussian at " + a + ", q " + q);
        previous = r;
      }
    }
  }

  @Test
  void fractionalOrdersInterpolateTheirIntegerNeighbours() {
    // (alpha - 1) RDP(alpha) = log A_alpha is convex in alpha, so it lies below the chord between
    // the neighbouring integer orders; and RDP is non-decreasing in the order.
    double q = 0.02;
    double sigma = 1.1;
    for (double a = 2.1; a < 12; a += 0.37) {
      double lo = Math.floor(a);
      double hi = Math.ceil(a);
      double logA = (a - 1) * SubsampledGaussianRdp.rdp(q, sigma, a);
      double logLo = (lo - 1) * SubsampledGaussianRdp.rdp(q, sigma, lo);
      double logHi = (hi - 1) * SubsampledGaussianRdp.rdp(q, sigma, hi);
      double chord = logLo + (a - lo) * (logHi - logLo);
      assertTrue(logA <= chord * (1 + 1e-9), "above the chord at order " + a);
      assertTrue(SubsampledGaussianRdp.rdp(q, sigma, lo) <= SubsampledGaussianRdp.rdp(q, sigma, a)
          && SubsampledGaussianRdp.rdp(q, sigma, a) <= SubsampledGaussianRdp.rdp(q, sigma, hi),
          "not monotone in the order at " + a);
    }
  }

  @Test
  void smallSamplingRateMatchesTheLeadingTerm() {
    // For q -> 0, A_alpha = 1 + C(alpha, 2) q^2 (e^{1/sigma^2} - 1) + O(q^3) (Mironov et al. 2019).
    double q = 1e-5;
    double sigma = 3;
    for (double a : new double[] {2, 3, 5, 2.5, 4.25}) {
      double c2 = a * (a - 1) / 2;
      double expected = Math.log1p(c2 * q * q * Math.expm1(1 / (sigma * sigma))) / (a - 1);
      assertEquals(expected, SubsampledGaussianRdp.rdp(q, sigma, a), 1e-4 * expected,
          "order " + a);
    }
  }

  @Test
  void stepsMultiplyAndStayFinite() {
    Orders orders = Orders.defaults();
    double[] one = SubsampledGaussianRdp.rdpPerStep(orders, 0.01, 1.0);
    double[] many = SubsampledGaussianRdp.rdp(orders, 0.01, 1.0, 250);
    for (int i = 0; i < one.length; i++) {
      assertEquals(250 * one[i], many[i]);
      assertTrue(!Double.isNaN(many[i]) && many[i] >= 0, "bad value at order " + orders.get(i));
    }
    // Tiny noise: huge but never NaN.
    for (double r : SubsampledGaussianRdp.rdp(orders, 0.5, 1e-3, 1)) {
      assertTrue(r >= 0 && !Double.isNaN(r));
    }
    for (double r : SubsampledGaussianRdp.rdp(orders, 0.5, 1e-170, 1)) {
      assertTrue(r >= 0 && !Double.isNaN(r));
    }
  }

  @Test
  void preconditionsNameTheParameter() {
    assertMessage("samplingRate", () -> SubsampledGaussianRdp.rdp(1.5, 1, 2));
    assertMessage("samplingRate", () -> SubsampledGaussianRdp.rdp(Double.NaN, 1, 2));
    assertMessage("noiseMultiplier", () -> SubsampledGaussianRdp.rdp(0.1, -1, 2));
    assertMessage("order", () -> SubsampledGaussianRdp.rdp(0.1, 1, 1));
    assertMessage("steps", () -> SubsampledGaussianRdp.rdp(SOME, 0.1, 1, 0));
  }

  @Test
  void unsampledCaseEqualsHalfTheGnmaxDataIndependentBound() {
    // GNMax has L2 sensitivity sqrt 2, so its alpha / sigma^2 is the q = 1 Gaussian at sigma/sqrt2.
    double[] gnmax = GnmaxRdp.dataIndependent(3, SOME);
    double[] gaussian = SubsampledGaussianRdp.rdpPerStep(SOME, 1, 3 / Math.sqrt(2));
    for (int i = 0; i < gnmax.length; i++) {
      assertEquals(gnmax[i], gaussian[i], 1e-12 * gnmax[i]);
    }
  }

  private static void assertMessage(String parameter, Runnable r) {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, r::run);
    assertTrue(e.getMessage().startsWith(parameter + ":"), e.getMessage());
  }
}
