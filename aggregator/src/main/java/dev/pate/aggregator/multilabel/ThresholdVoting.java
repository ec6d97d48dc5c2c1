package dev.pate.aggregator.multilabel;

import dev.pate.aggregator.noise.DiscreteGaussian;
import java.util.Objects;
import java.util.random.RandomGenerator;

/**
 * Binary voting and tau-voting: each label's (clipped) positive-vote sum, on the integer grid of
 * its {@link VoteClipping}, plus independent discrete Gaussian noise; a label is answered positive
 * iff its noisy sum exceeds {@code threshold} times the teacher count (in the same units). The
 * comparison uses only the noisy sums and the public teacher count, so it is post-processing.
 */
public final class ThresholdVoting implements MultiLabelAggregator {

  private final String id;
  private final VoteClipping clipping;
  private final DiscreteGaussian noise;
  private final double threshold;

  /**
   * A threshold vote on the clipped sums.
   *
   * @param noise noise on the grid sums (its sigma in grid units)
   * @param threshold fraction of the teachers' full weight a label's noisy sum must exceed
   */
  public ThresholdVoting(String id, VoteClipping clipping, DiscreteGaussian noise,
      double threshold) {
    this.id = Objects.requireNonNull(id, "id");
    this.clipping = Objects.requireNonNull(clipping, "clipping");
    this.noise = Objects.requireNonNull(noise, "noise");
    if (!(threshold > 0 && threshold < 1)) {
      throw new IllegalArgumentException("threshold: " + threshold + " is not in (0, 1)");
    }
    this.threshold = threshold;
  }

  @Override
  public MultiLabelAnswer answer(MultiLabelVotes votes, RandomGenerator rng) {
    long[] sums = clipping.clippedSums(votes);
    double bar = threshold * votes.teachers() * clipping.gridScale();
    int mask = 0;
    for (int j = 0; j < sums.length; j++) {
      if (sums[j] + noise.sample(rng) > bar) {
        mask |= 1 << j;
      }
    }
    return new MultiLabelAnswer(votes.labels(), mask);
  }

  @Override
  public String id() {
    return id;
  }
}
