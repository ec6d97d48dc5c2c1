package dev.pate.aggregator.mechanism;

import dev.pate.aggregator.noise.DiscreteNoise;
import dev.pate.aggregator.noise.UniformInts;
import java.util.Objects;
import java.util.random.RandomGenerator;

/**
 * Arg max of the vote counts after adding independent integer noise to each: LNMax with discrete
 * Laplace noise, GNMax with discrete Gaussian noise. Always answers.
 *
 * <p>Ties. Integer noise makes equal noisy counts possible; the label is then drawn uniformly
 * among the tied classes with the same generator. That is post-processing of the noisy counts, so
 * it costs no privacy; the data-dependent accounting counts every tie against the plurality class
 * (as an answer other than the plurality), so its bounds hold whatever the tie-break picks.
 */
public final class NoisyArgMax implements Aggregator {

  private final String id;
  private final DiscreteNoise noise;

  /** A noisy arg max named {@code id} (for reports) adding {@code noise} to every count. */
  public NoisyArgMax(String id, DiscreteNoise noise) {
    this.id = Objects.requireNonNull(id, "id");
    this.noise = Objects.requireNonNull(noise, "noise");
  }

  @Override
  public Answer answer(int[] counts, RandomGenerator rng) {
    VoteCounts.checkedMax(counts);
    return Answer.of(noisyArgMax(counts, rng));
  }

  /**
   * The index of the largest noisy count; ties broken uniformly at random by reservoir sampling
   * (the m-th tie seen replaces the pick with probability 1/m, which leaves every one of the tied
   * classes picked with probability 1/(number tied)). Counts must already be checked.
   */
  int noisyArgMax(int[] counts, RandomGenerator rng) {
    int best = 0;
    long bestValue = counts[0] + noise.sample(rng);
    long tied = 1;
    for (int i = 1; i < counts.length; i++) {
      long value = counts[i] + noise.sample(rng);
      if (value > bestValue) {
        best = i;
        bestValue = value;
        tied = 1;
      } else if (value == bestValue) {
        tied++;
        if (UniformInts.below(rng, tied) == 0) {
          best = i;
        }
      }
    }
    return best;
  }

  /** The noise added to each count. */
  public DiscreteNoise noise() {
    return noise;
  }

  @Override
  public String id() {
    return id;
  }

  @Override
  public String toString() {
    return id + "(" + noise + ")";
  }
}
