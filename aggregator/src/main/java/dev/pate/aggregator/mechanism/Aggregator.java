package dev.pate.aggregator.mechanism;

import java.util.random.RandomGenerator;

/** A noisy aggregation mechanism: one query's vote counts in, one answer (or abstention) out. */
public interface Aggregator {

  /**
   * Answers one query.
   *
   * @param counts votes per class: at least 2 classes, every count {@code >= 0}
   * @param rng the only source of randomness (noise and tie-breaking), normally a {@code
   *     NoiseSource} from {@code RandomSources}
   */
  Answer answer(int[] counts, RandomGenerator rng);

  /**
   * The mechanism's name for reports, matching the accounting's mechanism ids: {@code lnmax},
   * {@code gnmax} or {@code confident-gnmax}.
   */
  String id();
}
