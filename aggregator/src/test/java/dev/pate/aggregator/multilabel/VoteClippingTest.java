package dev.pate.aggregator.multilabel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

/**
 * The sensitivities of Binary, tau and Powerset voting, checked by brute force: on small
 * ensembles, every teacher's vote vector replaced by every other possible vector.
 */
class VoteClippingTest {

  /** Every ensemble of {@code teachers} vote vectors over K labels, as bit masks. */
  private static int[][] allEnsembles(int labels, int teachers) {
    int vectors = 1 << labels;
    int total = (int) Math.pow(vectors, teachers);
    int[][] ensembles = new int[total][teachers];
    for (int e = 0; e < total; e++) {
      int rest = e;
      for (int t = 0; t < teachers; t++) {
        ensembles[e][t] = rest % vectors;
        rest /= vectors;
      }
    }
    return ensembles;
  }

  /** The largest squared L2 change of the clipped sums over every neighbour pair. */
  private static long bruteForceSensitivitySquared(VoteClipping clipping, int teachers) {
    int labels = clipping.labels();
    long worst = 0;
    for (int[] ensemble : allEnsembles(labels, teachers)) {
      long[] before = clipping.clippedSums(new MultiLabelVotes(labels, ensemble));
      for (int t = 0; t < teachers; t++) {
        for (int replacement = 0; replacement < (1 << labels); replacement++) {
          int[] neighbour = ensemble.clone();
          neighbour[t] = replacement;
          long[] after = clipping.clippedSums(new MultiLabelVotes(labels, neighbour));
          long squared = 0;
          for (int j = 0; j < labels; j++) {
            squared += (after[j] - before[j]) * (after[j] - before[j]);
          }
          worst = Math.max(worst, squared);
        }
      }
    }
    return worst;
  }

  @ParameterizedTest
  @CsvSource({"1, 3", "2, 3", "3, 2", "4, 2", "5, 2"})
  void binaryVotingSensitivityIsExactlySqrtK(int labels, int teachers) {
    VoteClipping none = VoteClipping.none(labels);
    assertEquals(labels, bruteForceSensitivitySquared(none, teachers));
    assertEquals(labels, none.sensitivitySquared());
  }

  @ParameterizedTest
  @CsvSource({
    "3, 2, 0.5, 1000", "3, 2, 1.0, 1000", "4, 2, 1.3, 1000", "4, 2, 1.5, 7",
    "5, 2, 1.0, 1000", "5, 2, 1.7, 1000", "5, 2, 3.0, 1000", "4, 3, 0.9, 10"})
  void tauVotingSensitivityIsTheClosedFormAndAtMostMinOf2TauSquaredAndK(
      int labels, int teachers, double tau, long grid) {
    VoteClipping clipping = VoteClipping.tau(labels, tau, grid);
    long bruteForce = bruteForceSensitivitySquared(clipping, teachers);
    assertEquals(bruteForce, clipping.sensitivitySquared(),
        "the closed form is the exact worst case");
    double inVotes = clipping.sensitivitySquared() / ((double) grid * grid);
    assertTrue(inVotes <= 2 * tau * tau, inVotes + " > 2 tau^2");
    assertTrue(inVotes <= labels, inVotes + " > K");
  }

  @Test
  void clippedVectorsKeepTheirNormWithinTauOnTheGrid() {
    double tau = 1.3;
    long grid = 1000;
    VoteClipping clipping = VoteClipping.tau(10, tau, grid);
    for (int m = 1; m <= 10; m++) {
      long w = clipping.weight(m);
      // Exact in integers: m w^2 <= (s tau)^2 = 1690000, and w + 1 would break it (or reach s).
      assertTrue(m * w * w <= 1_690_000L, "m=" + m);
      assertTrue(w == grid || m * (w + 1) * (w + 1) > 1_690_000L, "m=" + m + " not the floor");
    }
    assertEquals(grid, clipping.weight(1), "one vote has norm 1 <= tau: not clipped");
    assertEquals(919, clipping.weight(2), "floor(1000 * 1.3 / sqrt 2) = floor(919.2)");
  }

  @Test
  void powersetSubsetCountsMoveLikeGnmaxCounts() {
    int labels = 3;
    int teachers = 2;
    long worst = 0;
    for (int[] ensemble : allEnsembles(labels, teachers)) {
      int[] before = new MultiLabelVotes(labels, ensemble).subsetCounts();
      for (int t = 0; t < teachers; t++) {
        for (int replacement = 0; replacement < (1 << labels); replacement++) {
          int[] neighbour = ensemble.clone();
          neighbour[t] = replacement;
          int[] after = new MultiLabelVotes(labels, neighbour).subsetCounts();
          long squared = 0;
          for (int j = 0; j < after.length; j++) {
            squared += (long) (after[j] - before[j]) * (after[j] - before[j]);
          }
          worst = Math.max(worst, squared);
        }
      }
    }
    assertEquals(2, worst, "GNMax's sqrt 2");
  }

  @Test
  void rejectsBadParameters() {
    assertThrows(IllegalArgumentException.class, () -> VoteClipping.tau(3, 0, 1000));
    assertThrows(IllegalArgumentException.class, () -> VoteClipping.tau(3, 1, 0));
    assertThrows(IllegalArgumentException.class, () -> VoteClipping.none(0));
    assertThrows(IllegalArgumentException.class,
        () -> VoteClipping.none(2).clippedSums(new MultiLabelVotes(3, new int[] {1})));
  }
}
