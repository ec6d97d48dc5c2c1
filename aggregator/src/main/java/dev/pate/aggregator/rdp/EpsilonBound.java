package dev.pate.aggregator.rdp;

import dev.pate.files.DpPreconditions;
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
    DpPreconditions.checkNonNegative(epsilon, "epsilon");
    DpPreconditions.checkDelta(delta, "delta");
    DpPreconditions.checkOrder(order, "order");
    Objects.requireNonNull(conversion, "conversion");
  }
}
