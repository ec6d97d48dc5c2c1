package dev.pate.datasets.split;

import dev.pate.datasets.Dataset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.Random;

/**
 * The private set divided among the teachers: its indices are shuffled with a seed, the first
 * {@link #examplesUsed()} are kept (all, unless {@link PartitionLimits} cap them) and cut into
 * {@link #count()} contiguous slices whose sizes differ by at most one. Slices are disjoint by
 * construction, and {@link Disjointness} re-checks it at run time.
 *
 * <p>The shuffle is a Fisher-Yates shuffle driven by {@link java.util.Random}, whose generator is
 * fully specified by its Javadoc, so a seed gives the same partitions on every JVM and Java
 * version. Teacher {@code t}'s data is the view {@link #teacher(int)}; nothing is copied.
 */
public final class TeacherPartitions {
  private final Dataset privateSet;
  private final long seed;
  private final int[][] partitions;

  private TeacherPartitions(Dataset privateSet, long seed, int[][] partitions) {
    this.privateSet = privateSet;
    this.seed = seed;
    this.partitions = partitions;
  }

  /** {@link #split(Dataset, int, long, PartitionLimits)} without limits. */
  public static TeacherPartitions split(Dataset privateSet, int teachers, long seed) {
    return split(privateSet, teachers, seed, PartitionLimits.NONE);
  }

  /**
   * Shuffles the private set with {@code seed} and deals it out to {@code teachers} teachers.
   *
   * @throws IllegalArgumentException if {@code teachers < 1} or there are fewer usable private
   *     examples than teachers (every teacher needs at least one)
   */
  public static TeacherPartitions split(
      Dataset privateSet, int teachers, long seed, PartitionLimits limits) {
    Objects.requireNonNull(privateSet, "privateSet");
    Objects.requireNonNull(limits, "limits");
    int[][] partitions = partition(privateSet.size(), teachers, seed, limits);
    return new TeacherPartitions(privateSet, seed, partitions);
  }

  /** The index arithmetic of {@link #split}, on {@code 0..size-1}. */
  static int[][] partition(int size, int teachers, long seed, PartitionLimits limits) {
    if (teachers < 1) {
      throw new IllegalArgumentException("teachers.count: " + teachers + " is not >= 1");
    }
    int available = Math.min(size, limits.maxTotal());
    if (teachers > available) {
      String cap = available < size ? " (maxTotal " + limits.maxTotal() + ")" : "";
      throw new IllegalArgumentException(
          "teachers.count: "
              + teachers
              + " teachers but only "
              + available
              + " private examples"
              + cap);
    }
    int used = (int) Math.min(available, (long) teachers * limits.maxPerTeacher());
    int[] order = shuffledIndices(size, seed);
    int[][] partitions = new int[teachers][];
    for (int t = 0; t < teachers; t++) {
      // Slice t is [t*used/teachers, (t+1)*used/teachers): sizes are floor or ceil of the mean.
      int from = (int) ((long) t * used / teachers);
      int to = (int) ((long) (t + 1) * used / teachers);
      partitions[t] = Arrays.copyOfRange(order, from, to);
    }
    return partitions;
  }

  private static int[] shuffledIndices(int size, long seed) {
    int[] order = new int[size];
    Arrays.setAll(order, i -> i);
    Random random = new Random(seed);
    for (int i = size - 1; i > 0; i--) {
      int j = random.nextInt(i + 1);
      int tmp = order[i];
      order[i] = order[j];
      order[j] = tmp;
    }
    return order;
  }

  /** Number of teachers. */
  public int count() {
    return partitions.length;
  }

  /** The seed the partitions were drawn with. */
  public long seed() {
    return seed;
  }

  /** The private set that was partitioned. */
  public Dataset privateSet() {
    return privateSet;
  }

  /** Total number of private examples dealt out (the private set's size unless capped). */
  public int examplesUsed() {
    int sum = 0;
    for (int[] partition : partitions) {
      sum += partition.length;
    }
    return sum;
  }

  /** Number of examples of teacher {@code teacher}. */
  public int size(int teacher) {
    return partitions[Objects.checkIndex(teacher, partitions.length)].length;
  }

  /** A fresh array with teacher {@code teacher}'s positions in {@link #privateSet()}. */
  public int[] indices(int teacher) {
    return partitions[Objects.checkIndex(teacher, partitions.length)].clone();
  }

  /**
   * Teacher {@code teacher}'s data, a view of the private set named {@code "<name>/teacher-<t>"}.
   */
  public Dataset teacher(int teacher) {
    return privateSet.subset(
        privateSet.name() + "/teacher-" + teacher,
        partitions[Objects.checkIndex(teacher, partitions.length)]);
  }

  /** The data of every teacher, in order. */
  public List<Dataset> teachers() {
    List<Dataset> list = new ArrayList<>(partitions.length);
    for (int t = 0; t < partitions.length; t++) {
      list.add(teacher(t));
    }
    return List.copyOf(list);
  }
}
