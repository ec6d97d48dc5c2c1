package dev.pate.aggregator.release;

import dev.pate.aggregator.noise.DiscreteGaussian;
import dev.pate.aggregator.noise.NoiseSource;
import dev.pate.aggregator.noise.RandomSources;

/**
 * Where the noise of a smooth-sensitivity release comes from: integers from the discrete Gaussian,
 * which {@link GridNoise} scales onto a lattice far finer than the noise and the released grid.
 * The application wires the exact sampler ({@code dev.pate.aggregator.noise.DiscreteGaussian});
 * tests may pass a fixed value.
 */
@FunctionalInterface
public interface GaussianSampler {
  /**
   * One independent draw k from the discrete Gaussian on the integers, {@code P(k) proportional
   * to exp(-k^2 / (2 sigma^2))}. Releases ask for {@code sigma >= 2^20}.
   */
  long sample(double sigma);

  /**
   * The exact sampler of Canonne, Kamath and Steinke ({@link DiscreteGaussian}) on a {@code
   * SecureRandom}: what a release that may be published draws.
   */
  static GaussianSampler secure() {
    return of(RandomSources.secure());
  }

  /** The exact sampler on {@code source} (a seeded one only where the run's noise is seeded). */
  static GaussianSampler of(NoiseSource source) {
    return sigma -> new DiscreteGaussian(sigma).sample(source);
  }
}
