package dev.pate.student;

import java.util.OptionalDouble;

/**
 * How many unlabelled pool images got a pseudo-label, and how many of those were right.
 *
 * <p>Precision is measured against the pool's true labels, where the pool has any (benchmark
 * datasets); the student never trains on them. It is a diagnostic for the report, not part of
 * PATE. Pool images without a label are left out of it, never counted as class 0.
 *
 * @param count pool images above the confidence threshold
 * @param checked of those, how many have a true label to compare with
 * @param correct of those, how many pseudo-labels equal the true label
 * @param poolSize unlabelled images considered
 */
public record PseudoLabels(int count, int checked, int correct, int poolSize) {
  public PseudoLabels {
    if (count < 0 || correct < 0 || correct > checked || checked > count || count > poolSize) {
      throw new IllegalArgumentException("pseudo-labels: need 0 <= correct (" + correct
          + ") <= checked (" + checked + ") <= count (" + count + ") <= poolSize (" + poolSize
          + ")");
    }
  }

  /**
   * Fraction of the checked pseudo-labels that are right; empty when there is nothing to measure:
   * no pseudo-label was made (a precision of 1 over none would read as a perfect one), or the
   * pool has no true label for any of them.
   */
  public OptionalDouble precision() {
    return checked == 0 ? OptionalDouble.empty() : OptionalDouble.of(correct / (double) checked);
  }

  /** Fraction of the pool that got a pseudo-label. */
  public double coverage() {
    return poolSize == 0 ? 0.0 : count / (double) poolSize;
  }
}
