package dev.pate.aggregator.noise;

import java.util.random.RandomGenerator;

/** Integer-valued noise, symmetric about 0, sampled exactly and with a known probability mass. */
public interface DiscreteNoise {

  /** One draw, using only {@code rng.nextLong()} (see {@link UniformInts}). */
  long sample(RandomGenerator rng);

  /** The natural log of the probability of {@code k}; finite for every {@code long k}. */
  double logPmf(long k);
}
