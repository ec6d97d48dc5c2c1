package dev.pate.aggregator.rdp;

import dev.pate.files.DpPreconditions;
import java.util.Objects;

/**
 * The smallest delta for a target epsilon read off RDP values, with the order that achieved it
 * and the conversion used (the inverse of {@link EpsilonBound}). {@code delta} is in [0, 1]; 1 is
 * the trivial guarantee, reported when no order gives anything better.
 */
public record DeltaBound(double delta, double epsilon, double order, Conversion conversion) {
  public DeltaBound {
    DpPreconditions.checkProbability(delta, "delta");
    DpPreconditions.checkNonNegative(epsilon, "epsilon");
    DpPreconditions.checkOrder(order, "order");
    Objects.requireNonNull(conversion, "conversion");
  }
}
