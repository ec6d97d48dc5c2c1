package dev.pate.datasets.multilabel;

import dev.pate.datasets.ImageShape;
import java.util.List;
import java.util.Optional;

/**
 * Examples each with a label set over {@link #labels()} labels (a multi-hot target, kept as a bit
 * mask), as multi-label teachers and students see them: images ({@link MultiLabelImages}) or
 * encoded table rows ({@link MultiLabelTable}), a row of {@link #featureCount()} floats each.
 * Implementations are immutable.
 */
public interface MultiLabelExamples {

  /** Display name, e.g. {@code multi-mnist/train} or {@code labels.csv/pool}. */
  String name();

  /** The number of examples. */
  int size();

  /** The name of each label, in bit order. */
  List<String> labelNames();

  /** The number of labels K. */
  default int labels() {
    return labelNames().size();
  }

  /** The label set of example {@code index}, as a bit mask: bit {@code j} iff label j applies. */
  int labelMask(int index);

  /** Every example's label set, as bit masks (a copy). */
  int[] labelMasks();

  /** The label set of example {@code index} as a 0/1 row of {@link #labels()} entries. */
  default int[] multiHot(int index) {
    int[] row = new int[labels()];
    for (int j = 0; j < row.length; j++) {
      row[j] = (labelMask(index) >>> j) & 1;
    }
    return row;
  }

  /**
   * For each example, the ids of the source records it was made from: a canvas's digits, or the
   * one image or table row it is; what the disjointness of private and public data is checked on.
   */
  List<List<String>> sources();

  /** Floats per example, the width of a network's input row. */
  int featureCount();

  /** Writes example {@code index}'s {@link #featureCount()} features into {@code dst[offset..]}. */
  void featuresAsFloats(int index, float[] dst, int offset);

  /** The shape of every image, or empty for table rows (a network's input is then a vector). */
  Optional<ImageShape> imageShape();

  /** The examples at {@code indices}, in that order, named {@code name}. */
  MultiLabelExamples subset(String name, int[] indices);
}
