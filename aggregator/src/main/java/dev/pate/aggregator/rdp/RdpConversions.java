package dev.pate.aggregator.rdp;

import dev.pate.files.DpPreconditions;
import java.util.Objects;

/**
 * RDP to (epsilon, delta) and back, minimised over a list of orders.
 *
 * <ul>
 *   <li>{@link Conversion#CLASSIC}: Mironov 2017, Prop. 3, exactly as PATE 2018
 *       {@code core.compute_eps_from_delta}: {@code eps = rdp - log(delta) / (alpha - 1)}; its
 *       inverse is {@code delta = exp((alpha - 1) (rdp - eps))}.
 *   <li>{@link Conversion#IMPROVED}: exactly as dp_accounting {@code
 *       rdp_privacy_accountant.compute_epsilon} / {@code compute_delta} (Canonne-Kamath-Steinke
 *       2020 Prop. 12, Asoodeh et al. 2020 Eq. 20), including its edge cases: epsilon is 0 when
 *       the KL bound {@code delta >= sqrt(1 - exp(-rdp))} already gives (0, delta)-DP; orders at
 *       or below 1.01 are not used by the formula (it is unstable there); the result is clamped
 *       at 0.
 * </ul>
 *
 * <p>An infinite RDP value (a mechanism with no guarantee at that order) makes that order
 * unusable; it never turns the result into NaN. NaN or negative RDP values are rejected. If no
 * order gives a finite epsilon there is no guarantee to report and an exception says so.
 */
public final class RdpConversions {
  /** dp_accounting uses the improved formula only above this order (unstable as alpha -> 1). */
  static final double IMPROVED_MIN_ORDER = 1.01;

  private RdpConversions() {}

  /** Minimises the conversion over the orders; the returned order is the (first) minimiser. */
  public static EpsilonBound epsilon(Orders orders, double[] rdp, double delta,
      Conversion conversion) {
    checkInputs(orders, rdp, conversion);
    DpPreconditions.checkDelta(delta, "delta");
    double best = Double.POSITIVE_INFINITY;
    int bestIndex = -1;
    for (int i = 0; i < orders.size(); i++) {
      double eps = epsilonAtOrder(orders.get(i), rdp[i], delta, conversion);
      if (eps < best) { // strict: the first minimiser wins, as numpy.argmin
        best = eps;
        bestIndex = i;
      }
    }
    if (bestIndex < 0) {
      throw new IllegalArgumentException("rdp: no order in " + orders + " gives a finite epsilon"
          + " with the " + conversion.id() + " conversion (RDP infinite everywhere"
          + (conversion == Conversion.IMPROVED ? ", or all orders <= " + IMPROVED_MIN_ORDER : "")
          + ")");
    }
    return new EpsilonBound(Math.max(0, best), delta, orders.get(bestIndex), conversion);
  }

  /**
   * Epsilon for one order; {@code +inf} when the order is unusable (infinite RDP, or an order
   * {@code <=} 1.01 for the improved conversion without the KL shortcut). The improved value may be
   * negative here, as in dp_accounting's list; {@link #epsilon} clamps the minimum at 0.
   */
  public static double epsilonAtOrder(double order, double rdp, double delta,
      Conversion conversion) {
    DpPreconditions.checkOrder(order, "order");
    checkRdp(order, rdp);
    DpPreconditions.checkDelta(delta, "delta");
    return switch (Objects.requireNonNull(conversion, "conversion")) {
      case CLASSIC -> rdp - Math.log(delta) / (order - 1);
      case IMPROVED -> improvedEpsilon(order, rdp, delta);
    };
  }

  /** dp_accounting {@code compute_epsilon}, the body of its loop over orders. */
  private static double improvedEpsilon(double a, double r, double delta) {
    if (delta * delta + Math.expm1(-r) > 0) {
      // KL bound: delta >= sqrt(1 - exp(-KL)) >= total variation, so (0, delta)-DP holds.
      return 0;
    }
    if (a > IMPROVED_MIN_ORDER) {
      return r + Math.log1p(-1 / a) - Math.log(delta * a) / (a - 1);
    }
    return Double.POSITIVE_INFINITY;
  }

  /** The smallest delta for this epsilon over the orders, capped at 1 (the trivial guarantee). */
  public static DeltaBound delta(Orders orders, double[] rdp, double epsilon,
      Conversion conversion) {
    checkInputs(orders, rdp, conversion);
    DpPreconditions.checkNonNegative(epsilon, "epsilon");
    double bestLog = Double.POSITIVE_INFINITY;
    int bestIndex = 0;
    for (int i = 0; i < orders.size(); i++) {
      double logDelta = logDeltaAtOrder(orders.get(i), rdp[i], epsilon, conversion);
      if (logDelta < bestLog) {
        bestLog = logDelta;
        bestIndex = i;
      }
    }
    return new DeltaBound(Math.min(Math.exp(bestLog), 1.0), epsilon, orders.get(bestIndex),
        conversion);
  }

  /** Natural log of the delta one order gives for this epsilon ({@code +inf}: unusable). */
  public static double logDeltaAtOrder(double order, double rdp, double epsilon,
      Conversion conversion) {
    DpPreconditions.checkOrder(order, "order");
    checkRdp(order, rdp);
    DpPreconditions.checkNonNegative(epsilon, "epsilon");
    return switch (Objects.requireNonNull(conversion, "conversion")) {
      case CLASSIC -> rdp == Double.POSITIVE_INFINITY
          ? Double.POSITIVE_INFINITY
          : (order - 1) * (rdp - epsilon);
      case IMPROVED -> improvedLogDelta(order, rdp, epsilon);
    };
  }

  /** dp_accounting {@code compute_delta}, the body of its loop over orders. */
  private static double improvedLogDelta(double a, double r, double epsilon) {
    // KL bound, valid at any order >= 1 since KL <= D_alpha: delta <= sqrt(1 - exp(-r)).
    double logDelta = r == 0 ? Double.NEGATIVE_INFINITY : 0.5 * Math.log1p(-Math.exp(-r));
    if (a > IMPROVED_MIN_ORDER) {
      double rdpBound = (a - 1) * (r - epsilon + Math.log1p(-1 / a)) - Math.log(a);
      logDelta = Math.min(logDelta, rdpBound);
    }
    return logDelta;
  }

  private static void checkInputs(Orders orders, double[] rdp, Conversion conversion) {
    Objects.requireNonNull(orders, "orders");
    Objects.requireNonNull(rdp, "rdp");
    Objects.requireNonNull(conversion, "conversion");
    if (rdp.length != orders.size()) {
      throw new IllegalArgumentException(
          "rdp: " + rdp.length + " values for " + orders.size() + " orders");
    }
  }

  private static void checkRdp(double order, double rdp) {
    if (!(rdp >= 0)) {
      throw new IllegalArgumentException(
          "rdp: value " + rdp + " at order " + order + " is not a non-negative number");
    }
  }
}
