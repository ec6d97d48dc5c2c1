package dev.pate.datasets.idx;

/**
 * The content of an IDX label file. The array belongs to the caller (no copy is made).
 *
 * @param labels one label per example, each in {@code 0..numClasses-1} as checked by the reader
 */
public record IdxLabels(int[] labels) {
  /** Number of labels. */
  public int count() {
    return labels.length;
  }
}
