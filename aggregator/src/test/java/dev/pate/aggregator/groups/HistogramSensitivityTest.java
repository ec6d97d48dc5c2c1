package dev.pate.aggregator.groups;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pate.aggregator.accounting.NoiseKind;
import dev.pate.aggregator.mechanism.Mechanism;
import dev.pate.aggregator.rdp.Orders;
import java.util.Arrays;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

/**
 * Brute force at the histogram level: every neighbour of a small ensemble's votes (a record of a
 * group with multiplier s changed, added or removed at the end) moves the histogram by at most the
 * sensitivities the accounting states.
 */
class HistogramSensitivityTest {
  private static final Orders ORDERS = Orders.of(2, 8, 32);

  private static ScaledSensitivityAccounting accounting(int multiplier) {
    return ScaledSensitivityAccounting.of(new Mechanism.Gnmax(10), multiplier, ORDERS,
        NoiseKind.DISCRETE);
  }

  /** The largest squared L2 and max-count moves seen, to check the bound is reached. */
  private static final class Moves {
    long worstSquaredL2;
    int worstMaxCount;

    void see(int[] before, int[] after, ScaledSensitivityAccounting accounting) {
      long squared = 0;
      int maxBefore = 0;
      int maxAfter = 0;
      for (int c = 0; c < before.length; c++) {
        long d = after[c] - before[c];
        squared += d * d;
        maxBefore = Math.max(maxBefore, before[c]);
        maxAfter = Math.max(maxAfter, after[c]);
      }
      double bound = accounting.l2Sensitivity();
      assertTrue(squared <= bound * bound * (1 + 1e-12),
          "L2^2 " + squared + " > " + bound * bound);
      int maxMove = Math.abs(maxAfter - maxBefore);
      assertTrue(maxMove <= accounting.maxCountSensitivity(),
          "max count moved " + maxMove + " > " + accounting.maxCountSensitivity());
      worstSquaredL2 = Math.max(worstSquaredL2, squared);
      worstMaxCount = Math.max(worstMaxCount, maxMove);
    }
  }

  /**
   * Upsampling: a record of multiplier s is in s distinct teachers' partitions; replacing,
   * adding or removing it may change the votes of those teachers, to anything. Every set of at
   * most s teachers with every new vote is tried.
   */
  @Property(tries = 60)
  void upsamplingMovesAtMostSVotes(@ForAll @IntRange(min = 6, max = 9) int teachers,
      @ForAll @IntRange(min = 3, max = 4) int classes, @ForAll @IntRange(min = 1, max = 3) int s,
      @ForAll long seed) {
    Random random = new Random(seed);
    int[] votes = new int[teachers];
    for (int t = 0; t < teachers; t++) {
      votes[t] = random.nextInt(classes);
    }
    int[] ones = new int[teachers];
    Arrays.fill(ones, 1);
    int[] before = WeightedVotes.counts(votes, ones, classes);
    ScaledSensitivityAccounting accounting = accounting(s);
    Moves moves = new Moves();
    for (int subset = 0; subset < 1 << teachers; subset++) {
      if (Integer.bitCount(subset) > s) {
        continue;
      }
      int[] members = new int[Integer.bitCount(subset)];
      int k = 0;
      for (int t = 0; t < teachers; t++) {
        if ((subset & 1 << t) != 0) {
          members[k++] = t;
        }
      }
      int assignments = (int) Math.pow(classes, members.length);
      for (int a = 0; a < assignments; a++) {
        int[] changed = votes.clone();
        int code = a;
        for (int member : members) {
          changed[member] = code % classes;
          code /= classes;
        }
        moves.see(before, WeightedVotes.counts(changed, ones, classes), accounting);
      }
    }
    // Moving one teacher's vote to another class moves the histogram by 2 in squared L2.
    assertTrue(moves.worstSquaredL2 >= 2, "no neighbour moved any vote");
  }

  /**
   * Weighting: teachers formed per group vote with their group's weight; a record is in one
   * teacher, so a neighbour changes that teacher's vote, to anything. Every teacher and every new
   * vote is tried, against the accounting of that teacher's group.
   */
  @Property(tries = 60)
  void weightingMovesAtMostTheWeight(@ForAll @IntRange(min = 6, max = 10) int teachers,
      @ForAll @IntRange(min = 3, max = 4) int classes, @ForAll long seed) {
    Random random = new Random(seed);
    int[] votes = new int[teachers];
    int[] weights = new int[teachers];
    for (int t = 0; t < teachers; t++) {
      votes[t] = random.nextInt(classes);
      weights[t] = 1 + random.nextInt(4);
    }
    int[] before = WeightedVotes.counts(votes, weights, classes);
    for (int t = 0; t < teachers; t++) {
      ScaledSensitivityAccounting accounting = accounting(weights[t]);
      Moves moves = new Moves();
      for (int c = 0; c < classes; c++) {
        int[] changed = votes.clone();
        changed[t] = c;
        moves.see(before, WeightedVotes.counts(changed, weights, classes), accounting);
      }
      // Moving the teacher to another class reaches the L2 bound exactly: 2 w^2.
      assertEquals(2L * weights[t] * weights[t], moves.worstSquaredL2);
    }
  }
}
