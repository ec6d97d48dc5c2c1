package dev.pate.datasets.groups;

import dev.pate.datasets.split.TeacherAssignment;
import dev.pate.files.DpPreconditions;
import java.util.List;
import java.util.Random;

/**
 * Simulated consent, for studies on data that has no group column: each record's privacy group
 * drawn at random with stated proportions. Not for real per-record budgets: a record's real
 * consent is a fact about it, not a coin.
 *
 * <p>The group of the record at position {@code p} of the private file is a function of the run's
 * seed and {@code p} only: the first {@code nextDouble()} of {@code new java.util.Random(
 * TeacherAssignment.blockSeed(seed ^ DOMAIN, p))}, placed among the cumulative proportions. So it
 * does not depend on the record's content or on the other records, and the neighbour relation of
 * the partitions holds as it does with a group column: a record replaced at one position keeps
 * its group, a record appended at the end gets the group its position draws.
 */
public final class GroupDraw {
  /** Separates these generators from the partitions' (which use the seed itself). */
  private static final long DOMAIN = 0x2545F4914F6CDD1DL;

  private final long seed;
  private final double[] cumulative;

  /**
   * @param seed the run's seed
   * @param proportions each group's share of the records, in the groups' order; each > 0, summing
   *     to 1 (to 1e-9)
   */
  public GroupDraw(long seed, List<Double> proportions) {
    DpPreconditions.checkAtLeast(proportions.size(), 1, "proportions");
    this.seed = seed;
    this.cumulative = new double[proportions.size()];
    double sum = 0;
    for (int g = 0; g < cumulative.length; g++) {
      double share = proportions.get(g);
      DpPreconditions.checkPositive(share, "proportions[" + g + "]");
      sum += share;
      cumulative[g] = sum;
    }
    if (Math.abs(sum - 1) > 1e-9) {
      throw new IllegalArgumentException("proportions: sum to " + sum + ", not 1");
    }
    cumulative[cumulative.length - 1] = 1; // the last group takes the rounding
  }

  /** The group index of the record at {@code position}. */
  public int groupOf(int position) {
    DpPreconditions.checkAtLeast(position, 0, "position");
    double u = new Random(TeacherAssignment.blockSeed(seed ^ DOMAIN, position)).nextDouble();
    for (int g = 0; g < cumulative.length - 1; g++) {
      if (u < cumulative[g]) {
        return g;
      }
    }
    return cumulative.length - 1;
  }

  /** The group index of each of the first {@code records} positions. */
  public int[] groups(int records) {
    DpPreconditions.checkAtLeast(records, 0, "records");
    int[] groups = new int[records];
    for (int p = 0; p < records; p++) {
      groups[p] = groupOf(p);
    }
    return groups;
  }
}
