package dev.pate.aggregator.multilabel;

import dev.pate.aggregator.mechanism.Aggregators;
import dev.pate.aggregator.mechanism.NoisyArgMax;
import java.util.random.RandomGenerator;

/**
 * Powerset voting: GNMax over the {@code 2^K} label subsets, each teacher voting for the one
 * subset it predicts; the answer is the subset with the largest noisy count. One teacher's vote
 * vector replaced moves one subset's count down by one and another's up by one, exactly GNMax's
 * neighbour relation (L2 sensitivity sqrt 2), so GNMax's accounting applies unchanged.
 */
public final class PowersetArgMax implements MultiLabelAggregator {

  private final int labels;
  private final NoisyArgMax gnmax;

  /** Powerset voting over {@code labels} labels with noise standard deviation {@code sigma}. */
  public PowersetArgMax(int labels, double sigma) {
    MultiLabelVotes.checkLabels(labels);
    this.labels = labels;
    this.gnmax = Aggregators.gnmax(sigma);
  }

  @Override
  public MultiLabelAnswer answer(MultiLabelVotes votes, RandomGenerator rng) {
    if (votes.labels() != labels) {
      throw new IllegalArgumentException("votes: over " + votes.labels() + " labels, not "
          + labels);
    }
    return new MultiLabelAnswer(labels, gnmax.answer(votes.subsetCounts(), rng).label());
  }

  @Override
  public String id() {
    return MultiLabelMechanism.Kind.POWERSET_VOTING.id();
  }
}
