package dev.pate.config;

/**
 * What kind of epsilon a published result states, so that a frontier plot does not put a
 * data-dependent figure beside a guarantee as if they were alike.
 */
public enum AnchorKind implements Choice {
  /** Data-independent: holds whatever the private data (DP-SGD's, a PATE run's guarantee). */
  GUARANTEE,
  /** Data-dependent and not itself private (PATE 2017/2018's tables). */
  DATA_DEPENDENT,
  /** A data-dependent epsilon published privately, e.g. by smooth sensitivity. */
  RELEASED,
  /** Amplified by subsampling the teachers or the data (Private-kNN). */
  WITH_SUBSAMPLING
}
