package dev.pate.datasets.split;

import dev.pate.datasets.Dataset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * The teachers' partitions as indices into the private set, whichever way they were dealt ({@link
 * TeacherPartitions}, {@link GroupPartitions}): each teacher's examples in increasing position
 * order, and the views and positions the public classes hand out. Immutable.
 */
final class PartitionIndices {
  private final Dataset privateSet;
  private final int[][] partitions;

  PartitionIndices(Dataset privateSet, int[][] partitions) {
    this.privateSet = Objects.requireNonNull(privateSet, "privateSet");
    this.partitions = partitions;
  }

  /**
   * One teacher's indices from its entries, each packed as {@code position << 32 | index}: sorted
   * by position, the first {@code maxPerTeacher} only (whichever the later positions are, so a
   * record decides only which of its own teachers' positions come first).
   *
   * @throws IllegalArgumentException if two entries share a position
   */
  static int[] firstPositions(long[] entries, int maxPerTeacher, Dataset privateSet) {
    long[] sorted = entries.clone();
    Arrays.sort(sorted);
    for (int k = 1; k < sorted.length; k++) {
      int position = (int) (sorted[k] >>> 32);
      if (position == (int) (sorted[k - 1] >>> 32)) {
        // Positions identify records here; two examples at one position would be one record twice.
        throw new IllegalArgumentException(
            "privateSet: position " + position + " occurs twice in " + privateSet.name()
                + "; teachers are assigned by position, so positions must be distinct");
      }
    }
    int kept = Math.min(sorted.length, maxPerTeacher);
    int[] indices = new int[kept];
    for (int k = 0; k < kept; k++) {
      indices[k] = (int) sorted[k];
    }
    return indices;
  }

  Dataset privateSet() {
    return privateSet;
  }

  int count() {
    return partitions.length;
  }

  int examplesUsed() {
    int sum = 0;
    for (int[] partition : partitions) {
      sum += partition.length;
    }
    return sum;
  }

  int size(int teacher) {
    return partitions[Objects.checkIndex(teacher, partitions.length)].length;
  }

  int[] indices(int teacher) {
    return partitions[Objects.checkIndex(teacher, partitions.length)].clone();
  }

  int[] positions(int teacher) {
    int[] indices = partitions[Objects.checkIndex(teacher, partitions.length)];
    int[] positions = new int[indices.length];
    Arrays.setAll(positions, k -> privateSet.sourceIndex(indices[k]));
    return positions;
  }

  Dataset teacher(int teacher) {
    return privateSet.subset(
        privateSet.name() + "/teacher-" + teacher,
        partitions[Objects.checkIndex(teacher, partitions.length)]);
  }

  List<Dataset> teachers() {
    List<Dataset> list = new ArrayList<>(partitions.length);
    for (int t = 0; t < partitions.length; t++) {
      list.add(teacher(t));
    }
    return List.copyOf(list);
  }
}
