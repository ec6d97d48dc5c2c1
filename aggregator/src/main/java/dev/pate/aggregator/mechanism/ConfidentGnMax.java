package dev.pate.aggregator.mechanism;

import dev.pate.aggregator.noise.DiscreteGaussian;
import java.util.random.RandomGenerator;

/**
 * Confident-GNMax (Papernot et al. 2018, Algorithm 1): answer only if the top vote count plus
 * discrete Gaussian noise with sigma1 reaches the threshold T; if it does, answer with GNMax
 * (discrete Gaussian noise with sigma2, drawn afresh); otherwise abstain.
 *
 * <p>The comparison {@code max + noise >= T} is made between a long and a double; it is exact
 * whenever the noisy count is below 2^53 in magnitude, which holds for every supported sigma with
 * overwhelming probability.
 */
public final class ConfidentGnMax implements Aggregator {

  /** Id for reports. */
  public static final String ID = Mechanism.Kind.CONFIDENT_GNMAX.id();

  private final double threshold;
  private final DiscreteGaussian thresholdNoise;
  private final NoisyArgMax gnmax;

  /** Confident-GNMax with threshold T, threshold-check noise sigma1 and answer noise sigma2. */
  public ConfidentGnMax(double threshold, double sigma1, double sigma2) {
    if (!Double.isFinite(threshold)) {
      throw new IllegalArgumentException("threshold: " + threshold + " is not finite");
    }
    this.threshold = threshold;
    this.thresholdNoise =
        new DiscreteGaussian(DiscreteGaussian.requireValidSigma("sigma1", sigma1));
    this.gnmax =
        new NoisyArgMax(
            Aggregators.GNMAX_ID,
            new DiscreteGaussian(DiscreteGaussian.requireValidSigma("sigma2", sigma2)));
  }

  @Override
  public Answer answer(int[] counts, RandomGenerator rng) {
    int max = VoteCounts.checkedMax(counts);
    long noisyMax = max + thresholdNoise.sample(rng);
    if (noisyMax < threshold) {
      return Answer.abstained();
    }
    return Answer.of(gnmax.noisyArgMax(counts, rng));
  }

  /** The threshold T. */
  public double threshold() {
    return threshold;
  }

  /** The noise of the threshold check (sigma1). */
  public DiscreteGaussian thresholdNoise() {
    return thresholdNoise;
  }

  /** The noise of the answer (sigma2). */
  public DiscreteGaussian answerNoise() {
    return (DiscreteGaussian) gnmax.noise();
  }

  @Override
  public String id() {
    return ID;
  }

  @Override
  public String toString() {
    return ID + "(threshold=" + threshold + ", sigma1=" + thresholdNoise.exactSigma()
        + ", sigma2=" + answerNoise().exactSigma() + ")";
  }
}
