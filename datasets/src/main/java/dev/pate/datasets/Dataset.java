package dev.pate.datasets;

import dev.pate.files.UserError;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;

/**
 * An immutable set of examples as the PATE pipeline sees it, whatever they are (images, table
 * rows): a number of examples, each with a label in {@code 0..numClasses-1} or {@link #UNLABELLED},
 * a fixed number of float features and a global {@link ExampleId}.
 *
 * <p>PATE's public pool needs no labels (the teachers label it), so its examples may be {@link
 * #UNLABELLED}; the private set and the held-out evaluation set must be labelled ({@link
 * #requireLabelled}). A consumer of labels that may meet a pool asks {@link #isLabelled} first:
 * an unlabelled example is never counted as class 0.
 *
 * <p>Splits, partitions, the disjointness check and the networks only use this interface. Views
 * ({@link #subset}, {@link #range}) share the underlying data and hold an index map, so dealing the
 * private set out to hundreds of teachers copies no features; every example keeps its id through
 * any number of views. Implementations are safe to read from several threads.
 */
public interface Dataset {

  /** The label of an example that has none (a public pool example nobody labelled). */
  int UNLABELLED = -1;

  /** Display name, e.g. {@code "mnist/train/teacher-7"} or {@code "adult.test/pool"}. */
  String name();

  /**
   * Name of the source split every example comes from, e.g. {@code "mnist/test"}; together with
   * {@link #sourceIndex} it identifies an example ({@link #exampleId}).
   */
  String source();

  /** Number of examples. */
  int size();

  /** Number of classes; labels are in {@code 0..numClasses-1}. */
  int numClasses();

  /** Label of example {@code index}: a class, or {@link #UNLABELLED}. */
  int label(int index);

  /** Whether example {@code index} has a label. */
  default boolean isLabelled(int index) {
    return label(index) != UNLABELLED;
  }

  /** How many examples have a label. */
  default int labelledCount() {
    int n = 0;
    for (int i = 0; i < size(); i++) {
      if (isLabelled(i)) {
        n++;
      }
    }
    return n;
  }

  /**
   * Refuses a dataset with an unlabelled example, for the sets that must be labelled (the
   * private set, the held-out evaluation set).
   *
   * @param role what the set is for, for the message, e.g. {@code "the held-out evaluation set"}
   * @throws UserError naming the set, its first unlabelled example and the role
   */
  default void requireLabelled(String role) {
    for (int i = 0; i < size(); i++) {
      if (!isLabelled(i)) {
        throw new UserError(name() + ": example " + exampleId(i) + " has no label; "
            + role + " must be labelled (only the public query pool may be unlabelled)");
      }
    }
  }

  /** Position of example {@code index} in its source (the image's index, the CSV record's). */
  int sourceIndex(int index);

  /**
   * Each example's position in this dataset, keyed by its {@link #sourceIndex}: how a file that
   * names examples by source index (votes.csv, labels.csv) finds them again. A table's source
   * index is its CSV record number, which is not its position once rows were dropped.
   */
  default Map<Integer, Integer> positionsBySourceIndex() {
    Map<Integer, Integer> positions = new HashMap<>();
    for (int i = 0; i < size(); i++) {
      positions.put(sourceIndex(i), i);
    }
    return positions;
  }

  /** Floats per example, the width of a network's input row. */
  int featureCount();

  /** Writes the {@link #featureCount()} features of example {@code index} into {@code dst[offset..]}. */
  void featuresAsFloats(int index, float[] dst, int offset);

  /**
   * A view of the examples at {@code indices} (positions in this dataset), in that order, named
   * {@code name}. Shares the data; copies only the index array.
   */
  Dataset subset(String name, int[] indices);

  /** Like {@link #subset(String, int[])}, named {@code "<name>[<k> of <size>]"}. */
  default Dataset subset(int[] indices) {
    return subset(name() + "[" + indices.length + " of " + size() + "]", indices);
  }

  /** A view of examples {@code from} (inclusive) to {@code to} (exclusive), named {@code name}. */
  default Dataset range(String name, int from, int to) {
    return subset(name, rangeIndices(from, to, size()));
  }

  /** Global identity of example {@code index}, e.g. {@code mnist/train#123}. */
  default ExampleId exampleId(int index) {
    return new ExampleId(source(), sourceIndex(index));
  }

  /** A fresh array with the labels of all examples, in order ({@link #UNLABELLED} where none). */
  default int[] labels() {
    int[] out = new int[size()];
    Arrays.setAll(out, this::label);
    return out;
  }

  /**
   * Number of examples per class: {@code histogram[c]} examples have label {@code c}; unlabelled
   * examples are in no class.
   */
  default int[] labelHistogram() {
    int[] histogram = new int[numClasses()];
    for (int i = 0; i < size(); i++) {
      if (isLabelled(i)) {
        histogram[label(i)]++;
      }
    }
    return histogram;
  }

  /**
   * Writes examples {@code from} (inclusive) to {@code to} (exclusive) one after the other into
   * {@code dst[offset..]}: a ready-made row-major {@code (to - from) x featureCount} batch.
   */
  default void featuresAsFloats(int from, int to, float[] dst, int offset) {
    Objects.checkFromToIndex(from, to, size());
    int width = featureCount();
    long needed = (long) (to - from) * width;
    if (offset < 0 || offset + needed > dst.length) {
      throw new IndexOutOfBoundsException(
          "dst: " + needed + " floats from offset " + offset + " do not fit in " + dst.length);
    }
    for (int i = from; i < to; i++) {
      featuresAsFloats(i, dst, offset + (i - from) * width);
    }
  }

  /** {@code from, from + 1, ..., to - 1}, checked against {@code size}. */
  static int[] rangeIndices(int from, int to, int size) {
    Objects.checkFromToIndex(from, to, size);
    int[] indices = new int[to - from];
    Arrays.setAll(indices, k -> from + k);
    return indices;
  }
}
