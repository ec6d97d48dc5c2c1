package dev.pate.datasets.split;

import dev.pate.datasets.Dataset;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;

/**
 * The private set divided among the teachers by position: the record at position {@code p} of the
 * private file ({@link Dataset#sourceIndex}, counting rows dropped for a missing value) goes to
 * teacher {@link TeacherAssignment#teacherOf TeacherAssignment(seed, count).teacherOf(p)}, which
 * gives each teacher one position of every block of {@link #count()} consecutive positions. Each
 * teacher's examples are in increasing position order. Partitions are disjoint by construction,
 * and {@link Disjointness} re-checks it at run time.
 *
 * <p>Why by position: PATE's privacy accounting assumes that one record changes at most one
 * teacher's partition, so that at most one vote moves. A teacher's partition here depends only on
 * the seed, the teacher count and which positions hold kept records, never on how many rows were
 * kept. This holds for the neighbour relation of the package ({@link dev.pate.datasets.split}):
 * two private files are neighbours when they differ in the record at one position (replaced by any
 * record, including one dropped for a missing value), or by one record appended or removed at the
 * end; then all teachers' partitions but one are identical, and that one differs by the one
 * position. Removing a record from the middle shifts the later positions and is not a neighbour
 * under this relation. {@link PartitionLimits} keep this: both caps are stable.
 *
 * <p>Teacher {@code t}'s data is the view {@link #teacher(int)}; nothing is copied.
 */
public final class TeacherPartitions extends DealtPartitions {

  private TeacherPartitions(Dataset privateSet, long seed, int[][] partitions) {
    super(privateSet, seed, partitions);
  }

  /** {@link #split(Dataset, int, long, PartitionLimits)} without limits. */
  public static TeacherPartitions split(Dataset privateSet, int teachers, long seed) {
    return split(privateSet, teachers, seed, PartitionLimits.NONE);
  }

  /**
   * Deals the private set out to {@code teachers} teachers by position, under {@code seed}, within
   * {@code limits}.
   *
   * @throws IllegalArgumentException if {@code teachers < 1}, if two examples of the private set
   *     share a position, or if a teacher would get no example (fewer usable private examples than
   *     teachers, or all of a teacher's positions dropped or beyond {@code maxTotal})
   */
  public static TeacherPartitions split(
      Dataset privateSet, int teachers, long seed, PartitionLimits limits) {
    Objects.requireNonNull(privateSet, "privateSet");
    Objects.requireNonNull(limits, "limits");
    TeacherAssignment assignment = new TeacherAssignment(seed, teachers);
    return new TeacherPartitions(privateSet, seed, partition(privateSet, assignment, limits));
  }

  /** The partitions of {@link #split}, as indices into {@code privateSet}. */
  private static int[][] partition(
      Dataset privateSet, TeacherAssignment assignment, PartitionLimits limits) {
    int teachers = assignment.teachers();
    long[][] byTeacher = positionsByTeacher(privateSet, assignment, limits.maxTotal());
    int available = 0;
    for (long[] entries : byTeacher) {
      available += entries.length;
    }
    String cap = available < privateSet.size() ? " (maxTotal " + limits.maxTotal() + ")" : "";
    if (teachers > available) {
      throw new IllegalArgumentException(
          "teachers.count: " + teachers + " teachers but only " + available
              + " private examples" + cap);
    }
    int[][] partitions = new int[teachers][];
    for (int t = 0; t < teachers; t++) {
      long[] entries = byTeacher[t];
      if (entries.length == 0) {
        throw new IllegalArgumentException(
            "teachers.count: " + teachers + " teachers but teacher " + t + " gets none of the "
                + available + " private examples" + cap + ": a teacher gets one position of each"
                + " block of " + teachers + " positions, and none of teacher " + t
                + "'s holds a kept record");
      }
      // The first positions, whichever the others are: a record changes only its own teacher.
      partitions[t] =
          PartitionIndices.firstPositions(entries, limits.maxPerTeacher(), privateSet);
    }
    return partitions;
  }

  /**
   * Each teacher's examples at positions below {@code maxTotal}, unsorted, each packed as {@code
   * position << 32 | index} so that sorting orders them by position.
   */
  private static long[][] positionsByTeacher(
      Dataset privateSet, TeacherAssignment assignment, int maxTotal) {
    int teachers = assignment.teachers();
    int size = privateSet.size();
    int[] teacherOf = new int[size];
    int[] counts = new int[teachers];
    Map<Integer, int[]> blocks = new HashMap<>();
    for (int i = 0; i < size; i++) {
      int position = privateSet.sourceIndex(i);
      if (position >= maxTotal) {
        teacherOf[i] = -1;
        continue;
      }
      int[] pi = blocks.computeIfAbsent(position / teachers, assignment::permutation);
      teacherOf[i] = pi[position % teachers];
      counts[teacherOf[i]]++;
    }
    long[][] byTeacher = new long[teachers][];
    for (int t = 0; t < teachers; t++) {
      byTeacher[t] = new long[counts[t]];
    }
    int[] filled = new int[teachers];
    for (int i = 0; i < size; i++) {
      int t = teacherOf[i];
      if (t >= 0) {
        byTeacher[t][filled[t]++] = (long) privateSet.sourceIndex(i) << 32 | i;
      }
    }
    return byTeacher;
  }

  /** Total number of private examples dealt out (the private set's size unless capped). */
  @Override
  public int examplesUsed() {
    return partitions.examplesUsed();
  }
}
