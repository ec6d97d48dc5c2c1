package dev.pate.aggregator.gnmax;

import java.util.Objects;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.function.DoubleUnaryOperator;

/**
 * A function of one number whose values at the whole numbers 0..4095 are each computed once,
 * when first asked for, and then read back: vote counts are whole numbers, so the accountant
 * asks for the tail of the same few gaps again and again (a release's sensitivity bounds over
 * 1000 teachers ask for them millions of times). Any other argument is computed every time.
 * The values read back are the function's own, bit for bit. Thread-safe: writers that race
 * store the same value.
 */
final class WholeArgumentMemo implements DoubleUnaryOperator {
  private static final int SIZE = 4096;
  /** A value not computed yet; a function whose value is NaN is recomputed, which is harmless. */
  private static final long EMPTY = Double.doubleToRawLongBits(Double.NaN);

  private final DoubleUnaryOperator function;
  /**
   * Made when first needed: most accountants are built to be asked for something else (a
   * planner's search builds one per candidate noise), and 4096 slots cost 32 KB each time.
   * Threads that race may each make one; the values the loser stored are computed again.
   */
  private volatile AtomicLongArray values;

  WholeArgumentMemo(DoubleUnaryOperator function) {
    this.function = Objects.requireNonNull(function, "function");
  }

  @Override
  public double applyAsDouble(double x) {
    if (!(x >= 0 && x < SIZE && x == Math.rint(x))) {
      return function.applyAsDouble(x);
    }
    AtomicLongArray table = values;
    if (table == null) {
      table = new AtomicLongArray(SIZE);
      for (int i = 0; i < SIZE; i++) {
        table.set(i, EMPTY);
      }
      values = table;
    }
    int i = (int) x;
    long bits = table.get(i);
    if (bits != EMPTY) {
      return Double.longBitsToDouble(bits);
    }
    double value = function.applyAsDouble(x);
    table.set(i, Double.doubleToRawLongBits(value));
    return value;
  }
}
