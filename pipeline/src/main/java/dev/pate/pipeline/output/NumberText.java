package dev.pate.pipeline.output;

import dev.pate.aggregator.rdp.Orders;
import java.util.Arrays;
import java.util.Locale;

/** Numbers as people write them: {@code 0.05}, {@code 40} rather than {@code 40.0}. */
public final class NumberText {
  private NumberText() {}

  public static String of(double value) {
    return value == Math.rint(value) && Math.abs(value) < 1e15 ? Long.toString((long) value)
        : Double.toString(value);
  }

  /** The Renyi orders of an analysis in words, e.g. {@code 100 orders from 1.5 to 256}. */
  public static String orders(Orders orders) {
    var range = Arrays.stream(orders.toArray()).summaryStatistics();
    return String.format(Locale.ROOT, "%d orders from %s to %s", orders.size(),
        of(range.getMin()), of(range.getMax()));
  }
}
