package dev.pate.aggregator.lnmax;

/** Checks and small helpers for a vector of vote counts (package-private). */
final class Counts {
  private Counts() {}

  /**
   * Rejects null, empty, NaN or infinite scores. Negative scores are allowed: the reference
   * functions take any real scores (the smooth-sensitivity search moves votes below zero).
   */
  static void check(double[] counts) {
    if (counts == null || counts.length == 0) {
      throw new IllegalArgumentException("counts: empty; give one vote count per class");
    }
    for (int i = 0; i < counts.length; i++) {
      double c = counts[i];
      if (Double.isNaN(c) || Double.isInfinite(c)) {
        throw new IllegalArgumentException(
            "counts: " + c + " at class " + i + " is not a finite number");
      }
    }
  }

  /** As {@link #check}, and every count must be >= 0 (vote counts of a real query). */
  static void checkVotes(double[] counts) {
    check(counts);
    for (int i = 0; i < counts.length; i++) {
      if (counts[i] < 0) {
        throw new IllegalArgumentException(
            "counts: " + counts[i] + " at class " + i + " is not a vote count >= 0");
      }
    }
  }

  /** Index of the largest count, the first one on ties (as {@code numpy.argmax}). */
  static int argmax(double[] counts) {
    int best = 0;
    for (int i = 1; i < counts.length; i++) {
      if (counts[i] > counts[best]) {
        best = i;
      }
    }
    return best;
  }

  static double max(double[] counts) {
    return counts[argmax(counts)];
  }
}
