package dev.pate.config;

/** The noisy aggregation of teacher votes (key {@code aggregator.mechanism}). */
public enum Mechanism implements Choice {
  /**
   * Laplace noisy max (Papernot et al. ICLR 2017): Laplace noise of scale 1/gamma on each vote
   * count.
   */
  LNMAX("lnmax"),

  /**
   * Gaussian noisy max (Papernot et al. ICLR 2018, Section 4.1): Gaussian noise of std dev sigma on
   * each count.
   */
  GNMAX("gnmax"),

  /**
   * Confident GNMax (Papernot et al. ICLR 2018, Algorithm 1): answer only when the noisy top count
   * (noise sigma1) exceeds threshold, then GNMax with sigma2.
   */
  CONFIDENT_GNMAX("confident-gnmax");

  private final String id;

  Mechanism(String id) {
    this.id = id;
  }

  @Override
  public String id() {
    return id;
  }

  @Override
  public String toString() {
    return id;
  }
}
