package dev.pate.config;

/**
 * Whether a run publishes its data-dependent epsilon (key {@code privacy.release}). That epsilon
 * is a function of the private votes, so it is never published as it stands.
 */
public enum DataDependentRelease implements Choice {
  /** Only the data-independent guarantee is published. */
  NONE,

  /**
   * Also published through PATE 2018's smooth-sensitivity mechanism (GNSS), whose own cost is
   * added, with parameters fixed before the votes are seen; GNMax and Confident-GNMax only.
   */
  SMOOTH_SENSITIVITY;
}
