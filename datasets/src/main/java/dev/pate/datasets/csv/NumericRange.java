package dev.pate.datasets.csv;

/**
 * A range fixed in the schema for a numeric column: values are scaled to {@code (x - low) / (high
 * - low)}, without looking at any data.
 *
 * @param low the value that becomes 0
 * @param high the value that becomes 1; greater than {@code low}
 */
public record NumericRange(double low, double high) {
  public NumericRange {
    if (!Double.isFinite(low) || !Double.isFinite(high) || !(low < high)) {
      throw new IllegalArgumentException("range: [" + low + ", " + high + "] is not finite with"
          + " low < high");
    }
  }
}
