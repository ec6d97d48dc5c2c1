package dev.pate.aggregator.multilabel;

import java.util.random.RandomGenerator;

/**
 * A noisy multi-label aggregator: one query's teacher vote vectors in, one label set out. The
 * multi-label sibling of {@code dev.pate.aggregator.mechanism.Aggregator}, whose single-class
 * answer cannot say "which of these K labels apply".
 */
public interface MultiLabelAggregator {

  /**
   * Answers one query.
   *
   * @param votes the teachers' vote vectors, over this aggregator's number of labels
   * @param rng the only source of randomness, normally a {@code NoiseSource}
   * @throws IllegalArgumentException if the votes are over another number of labels
   */
  MultiLabelAnswer answer(MultiLabelVotes votes, RandomGenerator rng);

  /** The mechanism id, as in {@link MultiLabelMechanism#id()}. */
  String id();
}
