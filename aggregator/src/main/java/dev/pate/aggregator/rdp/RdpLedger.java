package dev.pate.aggregator.rdp;

import java.util.Arrays;
import java.util.Objects;

/**
 * Renyi-DP spent so far, per order. Composition of mechanisms is addition of their RDP at each
 * order; an {@link EpsilonBound} is read off by minimising the chosen {@link Conversion} over the
 * orders.
 *
 * <p>Mutable and not thread-safe: one ledger belongs to one labelling run or one analysis.
 */
public final class RdpLedger {
  private final Orders orders;
  private final double[] total;
  private long charges;

  public RdpLedger(Orders orders) {
    this.orders = Objects.requireNonNull(orders, "orders");
    this.total = new double[orders.size()];
  }

  public Orders orders() {
    return orders;
  }

  /**
   * Adds one mechanism's RDP, one value per order (same order list as this ledger). A value of
   * {@code +inf} (no guarantee at that order) is allowed: it makes that order unusable.
   */
  public void add(double[] rdpPerOrder) {
    checkAddable(rdpPerOrder);
    for (int i = 0; i < total.length; i++) {
      total[i] += rdpPerOrder[i];
    }
    charges++;
  }

  /**
   * Throws the exception {@link #add} would throw for these values, without adding them (lets a
   * caller that keeps several ledgers validate every charge before changing any).
   */
  public void checkAddable(double[] rdpPerOrder) {
    if (rdpPerOrder.length != total.length) {
      throw new IllegalArgumentException(
          "rdp: " + rdpPerOrder.length + " values for " + total.length + " orders");
    }
    for (int i = 0; i < total.length; i++) {
      double r = rdpPerOrder[i];
      if (Double.isNaN(r) || r < 0) {
        throw new IllegalArgumentException("rdp: value " + r + " at order " + orders.get(i)
            + " is not a non-negative number");
      }
    }
  }

  /** Adds another ledger's total (same orders). */
  public void addAll(RdpLedger other) {
    if (!other.orders.equals(orders)) {
      throw new IllegalArgumentException("rdp: ledgers over different orders cannot be composed");
    }
    add(other.total);
    charges += other.charges - 1;
  }

  /** How many charges were added. */
  public long charges() {
    return charges;
  }

  /** A copy of the accumulated RDP per order. */
  public double[] rdp() {
    return total.clone();
  }

  /**
   * The smallest epsilon over all orders for this delta, with the order that achieved it.
   *
   * @throws IllegalArgumentException if no order gives a finite epsilon
   */
  public EpsilonBound epsilon(double delta, Conversion conversion) {
    return RdpConversions.epsilon(orders, total, delta, conversion);
  }

  /** The smallest delta over all orders for this epsilon, with the order that achieved it. */
  public DeltaBound delta(double epsilon, Conversion conversion) {
    return RdpConversions.delta(orders, total, epsilon, conversion);
  }

  @Override
  public String toString() {
    return "RdpLedger[" + orders + ", total=" + Arrays.toString(total) + ", charges=" + charges
        + "]";
  }
}
