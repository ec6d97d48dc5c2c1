package dev.pate.ensemble.nn;

/**
 * Derives independent seeds from a run seed, so that every teacher, the student and the noise get
 * their own stream and the same run seed reproduces all of them.
 *
 * <p>Derived seeds are always >= 1: ND4J treats seed 0 as "not seeded" and is then not
 * deterministic.
 */
public final class Seeds {
  private Seeds() {}

  /** A seed in [1, Long.MAX_VALUE] for (purpose, index) under the base seed; SplitMix64 mixing. */
  public static long derive(long base, String purpose, long index) {
    long z = base * 0x9E3779B97F4A7C15L + purpose.hashCode() * 0xBF58476D1CE4E5B9L + index;
    z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
    z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
    z = z ^ (z >>> 31);
    long positive = z & Long.MAX_VALUE;
    return positive == 0 ? 1 : positive;
  }
}
