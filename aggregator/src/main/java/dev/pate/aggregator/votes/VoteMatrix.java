package dev.pate.aggregator.votes;

import java.util.Arrays;
import java.util.Objects;

/**
 * Teacher vote counts, one row per student query and one column per class: entry (q, c) is the
 * number of teachers that voted c on query q. Immutable; every entry is finite and non-negative,
 * there are at least two classes and at least one query. Counts are doubles because the
 * published matrices are float64 (and interactive baselines are fractional); runs give integers,
 * and so must a vote file (see {@link #recordedCountProblem}).
 */
public final class VoteMatrix {
  private final double[] counts; // row-major
  private final int queries;
  private final int classes;

  private VoteMatrix(double[] counts, int queries, int classes) {
    this.counts = counts;
    this.queries = queries;
    this.classes = classes;
  }

  /** A matrix from rows (copied); rejects ragged, negative, NaN or infinite input. */
  public static VoteMatrix of(double[][] rows) {
    Objects.requireNonNull(rows, "rows");
    if (rows.length == 0) {
      throw new IllegalArgumentException("votes: no queries (expected at least one row)");
    }
    int classes = rows[0] == null ? 0 : rows[0].length;
    checkShape(rows.length, classes);
    double[] data = new double[rows.length * classes];
    for (int q = 0; q < rows.length; q++) {
      if (rows[q] == null || rows[q].length != classes) {
        throw new IllegalArgumentException("votes: row " + q + " has "
            + (rows[q] == null ? "no" : Integer.toString(rows[q].length))
            + " counts, expected " + classes + " (as row 0)");
      }
      System.arraycopy(rows[q], 0, data, q * classes, classes);
    }
    return ofRowMajor(data, rows.length, classes);
  }

  /** A matrix over a row-major array (taken over, not copied: package-private for readers). */
  static VoteMatrix ofRowMajor(double[] data, int queries, int classes) {
    checkShape(queries, classes);
    if (data.length != (long) queries * classes) {
      throw new IllegalArgumentException("votes: " + data.length + " counts for " + queries
          + " x " + classes);
    }
    for (int i = 0; i < data.length; i++) {
      String problem = countProblem(data[i]);
      if (problem != null) {
        throw new IllegalArgumentException("votes: row " + i / classes + ", class "
            + i % classes + ": " + problem);
      }
    }
    return new VoteMatrix(data, queries, classes);
  }

  /** Null if the value is a valid count, else what is wrong with it. */
  static String countProblem(double v) {
    if (Double.isNaN(v)) {
      return "NaN is not a count (expected a finite number >= 0)";
    }
    if (Double.isInfinite(v)) {
      return v + " is not a count (expected a finite number >= 0)";
    }
    if (v < 0) {
      return "negative count " + v + " (expected a finite number >= 0)";
    }
    return null;
  }

  /** The most teachers a recorded count can stand for: runs count votes in an {@code int}. */
  static final double MAX_RECORDED_COUNT = Integer.MAX_VALUE;

  /**
   * Null if the value can be a count read from a vote file, else what is wrong with it. A file
   * records how many teachers voted for a class: a whole number (the PATE 2018 authors' float64
   * files hold whole values too). A fraction there is a corrupt or a wrong file, and an analysis
   * of it would print an epsilon for votes no ensemble can cast.
   */
  static String recordedCountProblem(double v) {
    String problem = countProblem(v);
    if (problem != null) {
      return problem;
    }
    if (v != Math.rint(v)) {
      return v + " is not a whole number of votes (a count of teachers)";
    }
    if (v > MAX_RECORDED_COUNT) {
      return String.format(java.util.Locale.ROOT, "%.0f votes is more than %.0f teachers", v,
          MAX_RECORDED_COUNT);
    }
    return null;
  }

  private static void checkShape(int queries, int classes) {
    if (queries < 1) {
      throw new IllegalArgumentException("votes: no queries (expected at least one row)");
    }
    if (classes < 2) {
      throw new IllegalArgumentException(
          "votes: " + classes + " class(es) per row, expected at least 2");
    }
    if ((long) queries * classes > Integer.MAX_VALUE - 8) {
      throw new IllegalArgumentException(
          "votes: " + queries + " x " + classes + " counts do not fit in one array");
    }
  }

  public int queries() {
    return queries;
  }

  public int classes() {
    return classes;
  }

  /** The count of class {@code c} on query {@code q}. */
  public double count(int q, int c) {
    Objects.checkIndex(q, queries);
    Objects.checkIndex(c, classes);
    return counts[q * classes + c];
  }

  /** A copy of row {@code q}. */
  public double[] row(int q) {
    double[] out = new double[classes];
    copyRow(q, out);
    return out;
  }

  /** Copies row {@code q} into {@code destination} (length {@link #classes()}). */
  public void copyRow(int q, double[] destination) {
    Objects.checkIndex(q, queries);
    if (destination.length != classes) {
      throw new IllegalArgumentException(
          "destination: length " + destination.length + ", expected " + classes);
    }
    System.arraycopy(counts, q * classes, destination, 0, classes);
  }

  /** The sum of row {@code q} (the number of teachers that voted on it). */
  public double rowSum(int q) {
    Objects.checkIndex(q, queries);
    double s = 0;
    for (int c = 0; c < classes; c++) {
      s += counts[q * classes + c];
    }
    return s;
  }

  /** The largest row sum: the number of teachers when every teacher votes on every query. */
  public double maxRowSum() {
    double max = 0;
    for (int q = 0; q < queries; q++) {
      max = Math.max(max, rowSum(q));
    }
    return max;
  }

  /** Whether every count is a whole number (as in every run; not always in analyses). */
  public boolean integral() {
    for (double v : counts) {
      if (v != Math.rint(v)) {
        return false;
      }
    }
    return true;
  }

  /** Rows {@code [from, to)}. */
  public VoteMatrix rows(int from, int to) {
    return select(new RowSelection(from, to));
  }

  /** The rows of a half-open selection (see {@link RowSelection#parse}). */
  public VoteMatrix select(RowSelection selection) {
    int end = selection.resolveEnd(queries);
    if (end == selection.from()) {
      throw new IllegalArgumentException("rows: " + selection + " selects no queries");
    }
    return new VoteMatrix(
        Arrays.copyOfRange(counts, selection.from() * classes, end * classes),
        end - selection.from(),
        classes);
  }

  /** The rows at these indices, in this order (repeats allowed: each is a query). */
  public VoteMatrix rows(int[] indices) {
    Objects.requireNonNull(indices, "indices");
    if (indices.length == 0) {
      throw new IllegalArgumentException("indices: the list is empty (expected at least one row)");
    }
    double[] data = new double[indices.length * classes];
    for (int i = 0; i < indices.length; i++) {
      int q = indices[i];
      if (q < 0 || q >= queries) {
        throw new IllegalArgumentException("indices: entry " + i + " is " + q
            + ", expected 0 <= index < " + queries);
      }
      System.arraycopy(counts, q * classes, data, i * classes, classes);
    }
    return new VoteMatrix(data, indices.length, classes);
  }

  /** A copy of the counts as rows. */
  public double[][] toArray() {
    double[][] out = new double[queries][];
    for (int q = 0; q < queries; q++) {
      out[q] = row(q);
    }
    return out;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof VoteMatrix m
        && m.queries == queries
        && m.classes == classes
        && Arrays.equals(m.counts, counts);
  }

  @Override
  public int hashCode() {
    return 31 * (31 * queries + classes) + Arrays.hashCode(counts);
  }

  @Override
  public String toString() {
    return "VoteMatrix[" + queries + " queries x " + classes + " classes]";
  }
}
