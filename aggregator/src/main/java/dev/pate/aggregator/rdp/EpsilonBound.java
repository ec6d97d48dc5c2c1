package dev.pate.aggregator.rdp;

import java.util.Objects;

/**
 * An (epsilon, delta)-DP guarantee read off a ledger: the order that gave the smallest epsilon and
 * the conversion used. Every epsilon this framework reports is one of these, so it always states
 * its delta, order and conversion.
 *
 * <p>The constructor rejects NaN and infinite values: a bound that is not a finite number is not a
 * privacy claim and must not reach a report.
 */
public record EpsilonBound(double epsilon, double delta, double order, Conversion conversion) {
  public EpsilonBound {
    if (!(epsilon >= 0) || Double.isInfinite(epsilon)) {
      throw new IllegalArgumentException("epsilon: " + epsilon + " is not a finite number >= 0");
    }
    if (!(delta > 0 && delta < 1)) {
      throw new IllegalArgumentException("delta: " + delta + " is not in (0, 1)");
    }
    if (!(order > 1) || Double.isInfinite(order)) {
      throw new IllegalArgumentException("order: " + order + " is not a finite order > 1");
    }
    Objects.requireNonNull(conversion, "conversion");
  }
}
