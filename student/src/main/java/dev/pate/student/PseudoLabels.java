package dev.pate.student;

/**
 * How many unlabelled pool images got a pseudo-label, and how many of those were right.
 *
 * <p>Precision is measured against the pool's true labels, which exist for benchmark datasets
 * only; the student never trains on them. It is a diagnostic for the report, not part of PATE.
 *
 * @param count pool images above the confidence threshold
 * @param correct of those, how many pseudo-labels equal the true label
 * @param poolSize unlabelled images considered
 */
public record PseudoLabels(int count, int correct, int poolSize) {
  public PseudoLabels {
    if (count < 0 || correct < 0 || correct > count || count > poolSize) {
      throw new IllegalArgumentException("pseudo-labels: need 0 <= correct (" + correct
          + ") <= count (" + count + ") <= poolSize (" + poolSize + ")");
    }
  }

  /** Fraction of pseudo-labels that are right; 1 when there are none (nothing wrong was used). */
  public double precision() {
    return count == 0 ? 1.0 : correct / (double) count;
  }

  /** Fraction of the pool that got a pseudo-label. */
  public double coverage() {
    return poolSize == 0 ? 0.0 : count / (double) poolSize;
  }
}
