package dev.pate.config;

/** The noisy aggregation of teacher votes (key {@code aggregator.mechanism}). */
public enum Mechanism implements Choice {
  /**
   * Laplace noisy max (Papernot et al. ICLR 2017): Laplace noise of scale 1/gamma on each vote
   * count.
   */
  LNMAX,

  /**
   * Gaussian noisy max (Papernot et al. ICLR 2018, Section 4.1): Gaussian noise of std dev sigma on
   * each count.
   */
  GNMAX,

  /**
   * Confident GNMax (Papernot et al. ICLR 2018, Algorithm 1): answer only when the noisy top count
   * (noise sigma1) exceeds threshold, then GNMax with sigma2.
   */
  CONFIDENT_GNMAX;
}
