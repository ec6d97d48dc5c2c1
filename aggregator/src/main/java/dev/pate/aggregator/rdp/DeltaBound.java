package dev.pate.aggregator.rdp;

import java.util.Objects;

/**
 * The smallest delta for a target epsilon read off RDP values, with the order that achieved it
 * and the conversion used (the inverse of {@link EpsilonBound}). {@code delta} is in [0, 1]; 1 is
 * the trivial guarantee, reported when no order gives anything better.
 */
public record DeltaBound(double delta, double epsilon, double order, Conversion conversion) {
  public DeltaBound {
    if (!(delta >= 0 && delta <= 1)) {
      throw new IllegalArgumentException("delta: " + delta + " is not in [0, 1]");
    }
    if (!(epsilon >= 0) || Double.isInfinite(epsilon)) {
      throw new IllegalArgumentException("epsilon: " + epsilon + " is not a finite number >= 0");
    }
    if (!(order > 1) || Double.isInfinite(order)) {
      throw new IllegalArgumentException("order: " + order + " is not a finite order > 1");
    }
    Objects.requireNonNull(conversion, "conversion");
  }
}
