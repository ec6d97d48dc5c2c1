package dev.pate.datasets.split;

import dev.pate.datasets.Dataset;
import dev.pate.datasets.ExampleId;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Run-time check that groups of examples share no example, compared by {@link ExampleId}.
 *
 * <p>PATE's privacy analysis (Papernot et al. 2017, Section 3) assumes that each private example is
 * in the partition of exactly one teacher, so that changing it changes at most one vote, and that
 * the public data the student sees is not private data. A bug that breaks this would silently
 * invalidate every epsilon reported, so the pipeline calls {@link #verify} on every run; it costs a
 * few milliseconds for MNIST.
 */
public final class Disjointness {
  private Disjointness() {}

  /**
   * Verifies that the teachers' partitions, the public pool, the validation split and the held-out
   * set are pairwise disjoint and that no group holds an example twice.
   *
   * @return the number of examples checked
   * @throws IllegalStateException naming the first example found twice and both groups
   */
  public static int verify(TeacherPartitions partitions, PublicSplit publicSplit) {
    List<Dataset> groups = new ArrayList<>(partitions.teachers());
    groups.add(publicSplit.pool());
    groups.add(publicSplit.validation());
    groups.add(publicSplit.holdout());
    return verify(groups);
  }

  /** Like {@link #verify(TeacherPartitions, PublicSplit)} for explicitly given datasets. */
  public static int verify(
      List<? extends Dataset> teacherSets, Dataset publicPool, Dataset holdout) {
    List<Dataset> groups = new ArrayList<>(teacherSets);
    groups.add(publicPool);
    groups.add(holdout);
    return verify(groups);
  }

  /**
   * Verifies that no example occurs twice across all {@code groups} (nor twice within one); groups
   * are named by {@link Dataset#name()} in the error message.
   *
   * @return the number of examples checked
   * @throws IllegalStateException naming the first example found twice and both groups
   */
  public static int verify(List<? extends Dataset> groups) {
    Map<String, BitSet> seen = new HashMap<>();
    int checked = 0;
    for (int g = 0; g < groups.size(); g++) {
      Dataset group = groups.get(g);
      BitSet ids = seen.computeIfAbsent(group.source(), s -> new BitSet());
      for (int i = 0; i < group.size(); i++) {
        int index = group.sourceIndex(i);
        if (ids.get(index)) {
          throw overlap(groups, g, i);
        }
        ids.set(index);
        checked++;
      }
    }
    return checked;
  }

  /** Builds the message for example {@code i} of group {@code g}, which was seen before. */
  private static IllegalStateException overlap(List<? extends Dataset> groups, int g, int i) {
    Dataset group = groups.get(g);
    ExampleId id = group.exampleId(i);
    int firstGroup = g;
    search:
    for (int h = 0; h <= g; h++) {
      Dataset other = groups.get(h);
      int end = h == g ? i : other.size();
      for (int k = 0; k < end; k++) {
        if (other.exampleId(k).equals(id)) {
          firstGroup = h;
          break search;
        }
      }
    }
    String where =
        firstGroup == g
            ? "twice in " + group.name()
            : "in both " + groups.get(firstGroup).name() + " and " + group.name();
    return new IllegalStateException(
        "disjointness violated: example "
            + id
            + " is "
            + where
            + "; teacher partitions and public data must not share examples");
  }
}
