package dev.pate.ensemble.multilabel;

/**
 * Training targets of a multi-label network: for each example, which labels are positive and
 * which are known at all. An unknown label (a student query's label that was not answered) is
 * masked out of the loss, so a partially answered example still teaches its answered labels.
 *
 * @param labels the number of labels K
 * @param positive per example, bit {@code j} set iff label {@code j} is positive
 * @param known per example, bit {@code j} set iff label {@code j} is known (trained on)
 */
public record MultiLabelTargets(int labels, int[] positive, int[] known) {

  public MultiLabelTargets {
    if (labels < 1 || labels > 30) {
      throw new IllegalArgumentException("labels: " + labels + " is not in 1..30");
    }
    if (positive.length != known.length) {
      throw new IllegalArgumentException("positive, known: " + positive.length + " and "
          + known.length + " examples");
    }
    for (int i = 0; i < positive.length; i++) {
      if ((positive[i] & ~known[i]) != 0 || known[i] < 0 || known[i] >= (1 << labels)) {
        throw new IllegalArgumentException("example " + i + ": positive labels "
            + Integer.toBinaryString(positive[i]) + " are not within the known labels "
            + Integer.toBinaryString(known[i]));
      }
    }
    positive = positive.clone();
    known = known.clone();
  }

  /** Every label of every example known. */
  public static MultiLabelTargets complete(int labels, int[] positive) {
    int[] known = new int[positive.length];
    java.util.Arrays.fill(known, (1 << labels) - 1);
    return new MultiLabelTargets(labels, positive, known);
  }

  @Override
  public int[] positive() {
    return positive.clone();
  }

  @Override
  public int[] known() {
    return known.clone();
  }

  /** The number of examples. */
  public int size() {
    return positive.length;
  }

  int positiveOf(int example) {
    return positive[example];
  }

  int knownOf(int example) {
    return known[example];
  }
}
