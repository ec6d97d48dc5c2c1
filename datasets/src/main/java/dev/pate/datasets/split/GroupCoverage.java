package dev.pate.datasets.split;

import dev.pate.datasets.Dataset;
import java.util.List;

/**
 * Run-time check of {@link GroupPartitions}, in place of {@link Disjointness} for the teachers:
 * the accounting of a group rests on each of its records being in exactly as many teachers'
 * partitions as its sensitivity says, so a bug that dealt a record once more would silently make
 * the group's epsilon too small. Checked from the partitions as built, not by dealing again.
 */
public final class GroupCoverage {
  private GroupCoverage() {}

  /**
   * Verifies that every dealt record of group {@code g} is in exactly {@code c_g} distinct
   * teachers (upsampled) or in exactly one teacher, one of its group's (per group), and that the
   * private set shares no example with the public pool, validation or held-out set. A record at a
   * position at or beyond the limits' {@code maxTotal} must be in no teacher. Under a {@code
   * maxPerTeacher} cap a record may be in fewer teachers (a teacher keeps its first positions), never
   * in more.
   *
   * @return the number of (teacher, example) pairs checked
   * @throws IllegalStateException naming the first record dealt wrongly, or the first example
   *     shared with the public data
   */
  public static int verify(GroupPartitions partitions, PublicSplit publicSplit) {
    Dataset privateSet = partitions.privateSet();
    int[] holders = new int[privateSet.size()];
    int checked = 0;
    for (int t = 0; t < partitions.count(); t++) {
      int[] indices = partitions.indices(t);
      for (int k = 0; k < indices.length; k++) {
        int i = indices[k];
        if (k > 0 && indices[k - 1] == i) {
          throw wrong(partitions, i, "is twice in teacher " + t + "'s partition");
        }
        int group = partitions.groupOfExample(i);
        if (partitions.groupOf(t).isPresent() && partitions.groupOf(t).getAsInt() != group) {
          throw wrong(partitions, i, "of group '" + partitions.groupNames().get(group)
              + "' is in teacher " + t + ", a teacher of group '"
              + partitions.groupNames().get(partitions.groupOf(t).getAsInt()) + "'");
        }
        holders[i]++;
        checked++;
      }
    }
    boolean capped = partitions.limits().maxPerTeacher() != Integer.MAX_VALUE;
    for (int i = 0; i < holders.length; i++) {
      boolean dealt = privateSet.sourceIndex(i) < partitions.limits().maxTotal();
      int expected = dealt ? partitions.copies(partitions.groupOfExample(i)) : 0;
      if (holders[i] > expected || (!capped && holders[i] != expected)) {
        throw wrong(partitions, i, "is in " + holders[i] + " teachers, expected "
            + (capped ? "at most " : "") + expected);
      }
    }
    Disjointness.verify(List.of(privateSet, publicSplit.pool(), publicSplit.validation(),
        publicSplit.holdout()));
    return checked;
  }

  private static IllegalStateException wrong(GroupPartitions partitions, int index,
      String what) {
    return new IllegalStateException("group partitions violated: example "
        + partitions.privateSet().exampleId(index) + " " + what);
  }
}
