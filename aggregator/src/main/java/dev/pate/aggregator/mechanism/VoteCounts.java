package dev.pate.aggregator.mechanism;

/** Precondition checks on one query's vote counts. */
final class VoteCounts {

  private VoteCounts() {}

  /** Checks the counts (non-null, at least 2 classes, all {@code >= 0}); returns the largest. */
  static int checkedMax(int[] counts) {
    if (counts == null) {
      throw new IllegalArgumentException("counts: null, expected one vote count per class");
    }
    if (counts.length < 2) {
      throw new IllegalArgumentException(
          "counts: " + counts.length + " classes, expected at least 2");
    }
    int max = 0;
    for (int i = 0; i < counts.length; i++) {
      if (counts[i] < 0) {
        throw new IllegalArgumentException("counts[" + i + "]: " + counts[i] + " is not >= 0");
      }
      max = Math.max(max, counts[i]);
    }
    return max;
  }
}
