/**
 * Exact noise for the aggregator: discrete Laplace and discrete Gaussian samplers (Canonne,
 * Kamath and Steinke 2020) driven by uniformly random bits from {@code SecureRandom} in production
 * or a seeded generator for reproducible studies. No floating-point inverse-CDF sampling
 * (Mironov 2012 showed it leaks).
 *
 * <p>How the pieces fit: {@link dev.pate.aggregator.noise.RandomSources} makes a {@link
 * dev.pate.aggregator.noise.NoiseSource} (secure or seeded, and says which for reports); {@link
 * dev.pate.aggregator.noise.UniformInts} turns its 64-bit words into exactly uniform integers;
 * {@link dev.pate.aggregator.noise.ExactBernoulli} builds Bernoulli(p) and Bernoulli(exp(-gamma))
 * for rational p and gamma from those (CKS Algorithm 1); {@link
 * dev.pate.aggregator.noise.DiscreteLaplace} (CKS Algorithm 2) and {@link
 * dev.pate.aggregator.noise.DiscreteGaussian} (CKS Algorithm 3) build on them. Parameters given
 * as doubles are turned into exact rationals by {@link
 * dev.pate.aggregator.noise.Rational#ofDecimal(double)} (0.05 means exactly 1/20).
 */
package dev.pate.aggregator.noise;
