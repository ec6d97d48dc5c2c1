package dev.pate.datasets.split;

import dev.pate.files.DpPreconditions;
import java.util.Random;

/**
 * For upsampled partitions: the order in which the record at each position of the private file
 * takes teachers, as a function of the seed, the teacher count and the position only. A record
 * with {@code c} copies goes to the first {@code c} teachers of its position's order.
 *
 * <p>The order of position {@code p}: first {@link TeacherAssignment#teacherOf
 * TeacherAssignment(seed, n).teacherOf(p)}, the teacher the record has without upsampling, so one
 * copy per record gives exactly {@link TeacherPartitions}; then the other {@code n - 1} teachers
 * in increasing order, shuffled by a forward Fisher-Yates shuffle ({@code for i = 0 .. n-3: swap
 * a[i], a[i + random.nextInt(n - 1 - i)]}) with {@code random = new java.util.Random(
 * TeacherAssignment.blockSeed(seed ^ 0x5851F42D4C957F2D, p))}. Forward, so that the first {@code
 * c} teachers are drawn by the first {@code c - 1} swaps and do not depend on {@code c}: the
 * teacher sets of one position are nested, and a record moving from {@code c} to {@code c'} copies
 * changes only the teachers between. The constant separates these generators from the blocks'
 * ones (which use {@code seed} itself).
 */
final class CopyOrder {
  /** Domain separation of the copies' generators from the blocks' (PCG's multiplier). */
  private static final long COPIES_DOMAIN = 0x5851F42D4C957F2DL;

  private final long seed;
  private final TeacherAssignment first;
  private final int[] scratch;

  CopyOrder(long seed, int teachers) {
    this.seed = seed;
    this.first = new TeacherAssignment(seed, teachers);
    this.scratch = new int[teachers];
  }

  int teachers() {
    return first.teachers();
  }

  /**
   * The first {@code copies} teachers of position {@code position}'s order, distinct, written to
   * {@code out[0..copies-1]}. Not thread-safe (one scratch array per instance).
   *
   * @throws IllegalArgumentException if {@code copies} is not in {@code 1..teachers}
   */
  void teachersOf(int position, int copies, int[] out) {
    int n = first.teachers();
    DpPreconditions.checkAtLeast(copies, 1, "copies");
    DpPreconditions.checkAtLeast(n, copies, "teachers (at least the copies of a record)");
    int own = first.teacherOf(position);
    out[0] = own;
    if (copies == 1) {
      return;
    }
    int[] rest = scratch;
    int k = 0;
    for (int t = 0; t < n; t++) {
      if (t != own) {
        rest[k++] = t;
      }
    }
    Random random = new Random(TeacherAssignment.blockSeed(seed ^ COPIES_DOMAIN, position));
    for (int i = 0; i < copies - 1; i++) {
      int j = i + random.nextInt(n - 1 - i);
      int tmp = rest[i];
      rest[i] = rest[j];
      rest[j] = tmp;
      out[i + 1] = rest[i];
    }
  }
}
