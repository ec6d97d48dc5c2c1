package dev.pate.aggregator.multilabel;

/**
 * The answer to one multi-label query: the set of labels the noisy vote says apply. The three
 * mechanisms here always answer every label (none abstains).
 *
 * @param labels the number of labels K
 * @param positiveMask bit {@code j} set iff label {@code j} was answered positive
 */
public record MultiLabelAnswer(int labels, int positiveMask) {

  public MultiLabelAnswer {
    MultiLabelVotes.checkLabels(labels);
    if (positiveMask < 0 || positiveMask >= (1 << labels)) {
      throw new IllegalArgumentException("positiveMask: " + positiveMask
          + " is not a bit mask over " + labels + " labels");
    }
  }

  /** Whether label {@code j} was answered positive. */
  public boolean positive(int j) {
    if (j < 0 || j >= labels) {
      throw new IndexOutOfBoundsException("label " + j + " of " + labels);
    }
    return ((positiveMask >>> j) & 1) == 1;
  }

  /** The answer as a 0/1 row of {@code labels} entries (a multi-hot target). */
  public int[] multiHot() {
    int[] row = new int[labels];
    for (int j = 0; j < labels; j++) {
      row[j] = (positiveMask >>> j) & 1;
    }
    return row;
  }
}
