package dev.pate.aggregator.multilabel;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.util.Arrays;

/**
 * How each teacher's 0/1 vote vector is weighted before the per-label sums, on an integer grid so
 * that the sums stay integers and the discrete Gaussian's exact RDP applies.
 *
 * <p><b>tau-clipping on a grid.</b> A teacher voting {@code m} labels positive has a vote vector
 * of L2 norm {@code sqrt m}; tau-voting (Dziedzic, Choquette-Choo et al. 2023) scales it by {@code
 * min(1, tau / sqrt m)}. Here each positive entry becomes the integer {@code w_m = min(s, floor(s
 * tau / sqrt m))} in units of {@code 1/s} ({@code s} = {@link #gridScale()}), computed exactly
 * from tau's decimal value. Rounding down keeps the clipped vector's norm {@code sqrt(m) w_m <= s
 * tau} and every entry in {@code [0, s]}. With {@code tau >= sqrt K} nothing is clipped and
 * {@code s = 1} gives Binary voting's plain counts.
 *
 * <p><b>Sensitivity</b> (neighbours: one teacher's vote vector replaced, see {@link
 * MultiLabelVotes}). The per-label sums move by {@code d = q - q'}, the old and new clipped vectors,
 * both non-negative. With {@code m} and {@code m'} positives sharing {@code o} labels, {@code
 * ||d||^2 = (m - o) w_m^2 + (m' - o) w_m'^2 + o (w_m - w_m')^2}. As {@code (w_m - w_m')^2 <=
 * max(w_m, w_m')^2}, an overlapping pair is never worse than the disjoint pair {@code (m, m' - o)}
 * or {@code (m - o, m')}, so the exact worst case is
 *
 * <pre>  Delta^2 = max over m, m' >= 0 with m + m' &lt;= K of  m w_m^2 + m' w_m'^2   (grid units)</pre>
 *
 * ({@link #sensitivitySquared()}), attained by two disjoint vote vectors. Because both vectors are
 * non-negative, {@code ||q - q'||^2 <= ||q||^2 + ||q'||^2 <= 2 s^2 tau^2} (the authors' {@code 2
 * tau^2} for the L2 norm), and every entry of {@code d} is in {@code [-s, s]}, so also {@code
 * Delta^2 <= K s^2}, Binary voting's {@code K}. The tests check all of this by brute force.
 */
public final class VoteClipping {

  private final int labels;
  private final long gridScale;
  /** weights[m] = w_m, the grid weight of each positive vote of a teacher voting m labels. */
  private final long[] weights;
  private final long sensitivitySquared;

  private VoteClipping(int labels, long gridScale, long[] weights) {
    this.labels = labels;
    this.gridScale = gridScale;
    this.weights = weights;
    long worst = 0;
    for (int m = 0; m <= labels; m++) {
      for (int other = 0; m + other <= labels; other++) {
        worst = Math.max(worst, m * weights[m] * weights[m] + other * weights[other] * weights[other]);
      }
    }
    this.sensitivitySquared = worst;
  }

  /** No clipping, grid 1: the plain counts of Binary voting ({@code Delta^2 = K}). */
  public static VoteClipping none(int labels) {
    MultiLabelVotes.checkLabels(labels);
    long[] weights = new long[labels + 1];
    Arrays.fill(weights, 1);
    return new VoteClipping(labels, 1, weights);
  }

  /**
   * tau-clipping on a grid of {@code 1/gridScale}.
   *
   * @param tau the L2 norm each vote vector is clipped to (finite, > 0)
   * @param gridScale s, at least 1 and at most 10^6 (so that sums fit easily in a long)
   */
  public static VoteClipping tau(int labels, double tau, long gridScale) {
    MultiLabelVotes.checkLabels(labels);
    if (!(tau > 0) || Double.isInfinite(tau)) {
      throw new IllegalArgumentException("tau: " + tau + " is not a finite number > 0");
    }
    if (gridScale < 1 || gridScale > 1_000_000) {
      throw new IllegalArgumentException("gridScale: " + gridScale + " is not in 1..1000000");
    }
    BigDecimal scaledTau = new BigDecimal(Double.toString(tau)).multiply(BigDecimal.valueOf(gridScale));
    BigDecimal scaledTauSquared = scaledTau.multiply(scaledTau);
    long[] weights = new long[labels + 1];
    weights[0] = gridScale;
    for (int m = 1; m <= labels; m++) {
      // floor(sqrt(x)) = floor(sqrt(floor(x))) for real x >= 0, so this is exactly
      // floor(s tau / sqrt m), with no floating-point rounding.
      BigInteger floorSquare = scaledTauSquared.divide(BigDecimal.valueOf(m), 0, RoundingMode.FLOOR)
          .toBigIntegerExact();
      weights[m] = Math.min(gridScale, floorSquare.sqrt().longValueExact());
    }
    return new VoteClipping(labels, gridScale, weights);
  }

  /** The number of labels K. */
  public int labels() {
    return labels;
  }

  /** s: sums are in units of {@code 1/s} votes. */
  public long gridScale() {
    return gridScale;
  }

  /** The grid weight {@code w_m} of each positive vote of a teacher voting {@code m} labels. */
  public long weight(int positives) {
    return weights[positives];
  }

  /** The exact worst-case squared L2 change of the grid sums (class comment), in grid units. */
  public long sensitivitySquared() {
    return sensitivitySquared;
  }

  /** The per-label sums of the clipped votes, in grid units. */
  public long[] clippedSums(MultiLabelVotes votes) {
    if (votes.labels() != labels) {
      throw new IllegalArgumentException("votes: over " + votes.labels() + " labels, not "
          + labels);
    }
    long[] sums = new long[labels];
    for (int mask : votes.teacherVotes()) {
      long w = weights[Integer.bitCount(mask)];
      for (int j = 0; j < labels; j++) {
        if (((mask >>> j) & 1) == 1) {
          sums[j] += w;
        }
      }
    }
    return sums;
  }
}
