package dev.pate.config;

/** How the aggregator's noise parameters are chosen (key {@code aggregator.noise}). */
public enum NoiseMode implements Choice {
  /** As given in the file: {@code gamma}, {@code sigma}, or {@code threshold, sigma1, sigma2}. */
  FIXED,

  /**
   * Planned a priori from {@code privacy.budget}: the least noise whose data-independent epsilon
   * for {@code aggregator.queries} answers meets the budget; the mechanism's noise keys must then
   * be absent.
   */
  AUTO;
}
