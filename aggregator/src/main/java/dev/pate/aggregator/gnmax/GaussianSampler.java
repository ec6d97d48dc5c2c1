package dev.pate.aggregator.gnmax;

/**
 * Where the noise of a smooth-sensitivity release comes from. The application wires an exact
 * sampler (see {@code dev.pate.aggregator.noise}); tests may pass a fixed value.
 */
@FunctionalInterface
public interface GaussianSampler {
  /** One independent draw from a zero-mean Gaussian with standard deviation {@code sigma}. */
  double sample(double sigma);
}
