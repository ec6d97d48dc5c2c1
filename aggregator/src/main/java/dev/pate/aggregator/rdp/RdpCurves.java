package dev.pate.aggregator.rdp;

import dev.pate.files.DpPreconditions;

/**
 * Data-independent RDP of basic mechanisms, one value per order. All are exact or valid upper
 * bounds at every real order > 1.
 */
public final class RdpCurves {
  /** Below this order dp_accounting evaluates the Laplace formula by a Taylor series. */
  private static final double LAPLACE_TAYLOR_BELOW = 1.1;

  private RdpCurves() {}

  /**
   * Any pure {@code eps}-DP mechanism: {@code min(eps, alpha * eps^2 / 2)}. The first term is
   * {@code D_alpha <= D_infinity}; the second is eps-DP implies (eps^2/2)-zCDP (Bun and Steinke
   * 2016, Prop. 3.3). These are the data-independent terms of PATE 2018 {@code
   * core.rdp_pure_eps}; in moments they are PATE 2017 {@code logmgf_exact(1.0, eps, l)} =
   * {@code min(eps^2 l (l + 1) / 2, eps l)} divided by {@code l}, with {@code alpha = l + 1}.
   */
  public static double pureDp(double eps, double order) {
    checkEps(eps);
    checkOrder(order);
    return Math.min(eps, 0.5 * eps * eps * order); // core.py evaluation order
  }

  /**
   * Laplace mechanism with sensitivity 1 and scale {@code 1 / eps}, exact (Mironov 2017, Prop.
   * 6), computed as dp_accounting {@code _laplace_rdp(eps, order)}:
   * {@code eps + log(1 + (a - 1) (exp((1 - 2a) eps) - 1) / (2a - 1)) / (a - 1)}.
   */
  public static double laplace(double eps, double order) {
    checkEps(eps);
    checkOrder(order);
    double a = order;
    if (a < LAPLACE_TAYLOR_BELOW) {
      // log(1 + c x) / x = c * sum_{k>=1} (-c x)^{k-1} / k with x = a - 1, as dp_accounting does:
      // the direct formula divides a tiny log by a tiny (a - 1).
      double c = Math.expm1(eps * (1 - 2 * a)) / (2 * a - 1);
      double v = -c * (a - 1);
      double sum = 0;
      double power = 1;
      for (int k = 1; k < 100; k++) {
        sum += power / k;
        power *= v;
      }
      return eps + c * sum;
    }
    return eps + Math.log1p((a - 1) * Math.expm1(eps * (1 - 2 * a)) / (2 * a - 1)) / (a - 1);
  }

  /**
   * Binary randomized response with parameter {@code eps}, exact:
   * {@code log((e^{a eps} + e^{-(a - 1) eps}) / (e^eps + 1)) / (a - 1)}. It is also exactly the
   * RDP of the discrete Laplace mechanism {@code P(k) ~ exp(-eps |k|)} with sensitivity 1: the
   * privacy loss of a shift by one is {@code +eps} on {@code k <= 0} (probability
   * {@code 1 / (1 + e^-eps)}) and {@code -eps} on {@code k >= 1}, the same two-point law. It is
   * the largest RDP any pure eps-DP mechanism can have.
   */
  public static double randomizedResponse(double eps, double order) {
    checkEps(eps);
    checkOrder(order);
    double a = order;
    double logNumerator = LogMath.logAddExp(a * eps, -(a - 1) * eps);
    double logDenominator = LogMath.logAddExp(eps, 0);
    double value = (logNumerator - logDenominator) / (a - 1);
    // Both are upper bounds of the same divergence; the min only removes rounding noise near 1.
    return Math.max(0, Math.min(value, pureDp(eps, order)));
  }

  /** {@link #pureDp} at every order. */
  public static double[] pureDp(double eps, Orders orders) {
    double[] out = new double[orders.size()];
    for (int i = 0; i < out.length; i++) {
      out[i] = pureDp(eps, orders.get(i));
    }
    return out;
  }

  /** {@link #laplace} at every order. */
  public static double[] laplace(double eps, Orders orders) {
    double[] out = new double[orders.size()];
    for (int i = 0; i < out.length; i++) {
      out[i] = laplace(eps, orders.get(i));
    }
    return out;
  }

  /** {@link #randomizedResponse} at every order. */
  public static double[] randomizedResponse(double eps, Orders orders) {
    double[] out = new double[orders.size()];
    for (int i = 0; i < out.length; i++) {
      out[i] = randomizedResponse(eps, orders.get(i));
    }
    return out;
  }

  private static void checkEps(double eps) {
    DpPreconditions.checkNonNegative(eps, "eps");
  }

  private static void checkOrder(double order) {
    DpPreconditions.checkOrder(order, "order");
  }
}
