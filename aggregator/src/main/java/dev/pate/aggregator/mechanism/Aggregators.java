package dev.pate.aggregator.mechanism;

import dev.pate.aggregator.noise.DiscreteGaussian;
import dev.pate.aggregator.noise.DiscreteLaplace;

/** Factories for the aggregators of the PATE papers, with their report ids. */
public final class Aggregators {

  /** Id of LNMax. */
  public static final String LNMAX_ID = Mechanism.Kind.LNMAX.id();

  /** Id of GNMax. */
  public static final String GNMAX_ID = Mechanism.Kind.GNMAX.id();

  private Aggregators() {}

  /**
   * LNMax (Papernot et al. 2017): discrete Laplace noise with P(k) proportional to exp(-gamma |k|),
   * i.e. scale exactly 1/gamma, on every count; then arg max.
   */
  public static NoisyArgMax lnmax(double gamma) {
    return new NoisyArgMax(LNMAX_ID, DiscreteLaplace.ofInverseScale(gamma));
  }

  /** GNMax (Papernot et al. 2018): discrete Gaussian noise with {@code sigma} on every count. */
  public static NoisyArgMax gnmax(double sigma) {
    return new NoisyArgMax(GNMAX_ID, new DiscreteGaussian(sigma));
  }

  /** Confident-GNMax (Papernot et al. 2018, Algorithm 1). */
  public static ConfidentGnMax confidentGnmax(double threshold, double sigma1, double sigma2) {
    return new ConfidentGnMax(threshold, sigma1, sigma2);
  }
}
