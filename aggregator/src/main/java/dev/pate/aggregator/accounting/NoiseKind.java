package dev.pate.aggregator.accounting;

/**
 * The noise distribution a mechanism adds to the integer vote counts.
 *
 * <p>The papers analyse continuous Laplace/Gaussian noise. Production noise is discrete (exact
 * samplers on the integers, see {@code dev.pate.aggregator.noise}); with it, ties between noisy
 * counts have positive probability, so the data-dependent bounds use the probability that the
 * noisy plurality is not strictly ahead (ties counted as errors) under the discrete distribution,
 * taken together with (max of) the paper's continuous bound.
 */
public enum NoiseKind {
  /** The papers' setting; used when analysing vote files as the papers did. */
  CONTINUOUS,
  /** Discrete Laplace / discrete Gaussian on the integer counts (what runs use). */
  DISCRETE
}
