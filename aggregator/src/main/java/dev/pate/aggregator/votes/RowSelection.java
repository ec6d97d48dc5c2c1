package dev.pate.aggregator.votes;

/**
 * A half-open range of query rows {@code [from, to)}, written {@code A:B} as in Python slices;
 * either end may be left out ({@code :100} is the first 100 rows, {@code 100:} the rest).
 *
 * @param from first row, inclusive
 * @param to last row, exclusive; {@link #OPEN_END} for "to the end"
 */
public record RowSelection(int from, int to) {
  /** {@code to} of a selection that runs to the last row. */
  public static final int OPEN_END = -1;

  public RowSelection {
    if (from < 0) {
      throw new IllegalArgumentException("rows: start " + from + " is negative");
    }
    if (to != OPEN_END && to < from) {
      throw new IllegalArgumentException("rows: end " + to + " is before start " + from);
    }
  }

  /** All rows. */
  public static RowSelection all() {
    return new RowSelection(0, OPEN_END);
  }

  /** Parses {@code A:B}, {@code A:}, {@code :B} or {@code :} (non-negative integers, {@code A <= B}). */
  public static RowSelection parse(String text) {
    String spec = text == null ? "" : text.trim();
    int colon = spec.indexOf(':');
    if (colon < 0 || spec.indexOf(':', colon + 1) >= 0) {
      throw new IllegalArgumentException(
          "rows: '" + text + "' is not of the form A:B (half-open, e.g. 0:1000)");
    }
    String a = spec.substring(0, colon).trim();
    String b = spec.substring(colon + 1).trim();
    int from = a.isEmpty() ? 0 : parseBound(a, text);
    int to = b.isEmpty() ? OPEN_END : parseBound(b, text);
    return new RowSelection(from, to);
  }

  private static int parseBound(String bound, String text) {
    if (!bound.matches("\\d{1,9}")) {
      throw new IllegalArgumentException("rows: '" + bound + "' in '" + text
          + "' is not a non-negative integer (form A:B, half-open)");
    }
    return Integer.parseInt(bound);
  }

  /** The end row for a matrix of {@code queries} rows, checking the range fits. */
  int resolveEnd(int queries) {
    int end = to == OPEN_END ? queries : to;
    if (end > queries || from > queries) {
      throw new IllegalArgumentException(
          "rows: " + this + " is out of range for " + queries + " queries (rows 0:" + queries + ")");
    }
    return end;
  }

  @Override
  public String toString() {
    return from + ":" + (to == OPEN_END ? "" : Integer.toString(to));
  }
}
