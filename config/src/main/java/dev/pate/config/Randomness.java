package dev.pate.config;

/** Where the aggregator's noise randomness comes from (key {@code aggregator.randomness}). */
public enum Randomness implements Choice {
  /**
   * A cryptographically secure generator, not reproducible; the only choice whose privacy claim
   * holds.
   */
  SECURE,

  /**
   * A generator seeded with the run seed, reproducible; for studies only, offers no real privacy.
   */
  SEEDED;
}
