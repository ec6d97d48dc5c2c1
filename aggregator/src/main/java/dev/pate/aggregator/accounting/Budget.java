package dev.pate.aggregator.accounting;

import dev.pate.aggregator.rdp.Conversion;
import dev.pate.aggregator.rdp.EpsilonBound;
import dev.pate.aggregator.rdp.Orders;
import dev.pate.files.DpPreconditions;
import java.util.Objects;

/**
 * The privacy budget a plan must meet, and how epsilon is read off RDP to check it.
 *
 * @param epsilon the largest acceptable epsilon, finite and > 0
 * @param delta the delta at which epsilon is computed, in (0, 1)
 * @param conversion RDP to (epsilon, delta) conversion
 * @param orders the Renyi orders optimised over
 */
public record Budget(double epsilon, double delta, Conversion conversion, Orders orders) {
  public Budget {
    DpPreconditions.checkPositive(epsilon, "epsilon");
    DpPreconditions.checkDelta(delta, "delta");
    Objects.requireNonNull(conversion, "conversion");
    Objects.requireNonNull(orders, "orders");
  }

  /** The improved conversion over {@link Orders#defaults()}. */
  public static Budget of(double epsilon, double delta) {
    return new Budget(epsilon, delta, Conversion.IMPROVED, Orders.defaults());
  }

  public Budget withConversion(Conversion conversion) {
    return new Budget(epsilon, delta, conversion, orders);
  }

  public Budget withOrders(Orders orders) {
    return new Budget(epsilon, delta, conversion, orders);
  }

  /** Whether a guarantee (at this budget's delta) is within the budget. */
  public boolean admits(EpsilonBound bound) {
    return bound.epsilon() <= epsilon;
  }
}
