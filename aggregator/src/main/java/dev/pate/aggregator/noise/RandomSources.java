package dev.pate.aggregator.noise;

import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.random.RandomGeneratorFactory;

/** Factories for the two kinds of {@link NoiseSource}. */
public final class RandomSources {

  /**
   * Seeded generator algorithm: L64X128MixRandom, the JDK 17 LXM generator recommended for general
   * use (period 2^192 minus a little, 64-bit output, passes TestU01 BigCrush and PractRand). Its
   * stream for a given seed is fixed by the algorithm, so studies reproduce across runs.
   */
  public static final String SEEDED_ALGORITHM = "L64X128MixRandom";

  private RandomSources() {}

  /**
   * A source for private answers: {@code SecureRandom.getInstance("DRBG")} (NIST SP 800-90A
   * Hash_DRBG with SHA-256 by default), falling back to {@code new SecureRandom()} where no DRBG is
   * installed.
   *
   * <p>Why not {@code SecureRandom.getInstanceStrong()}: on Linux it is NativePRNGBlocking, which
   * reads /dev/random for every request and can block for a long time on kernels before 5.6 or on
   * machines with little entropy, stalling a run for no gain in security. The DRBG is seeded once
   * from the operating system's entropy source (and reseeded by it), is fully specified by a
   * standard, behaves the same on every platform, and does not make a system call per draw.
   */
  public static NoiseSource secure() {
    SecureRandom secureRandom;
    try {
      secureRandom = SecureRandom.getInstance("DRBG");
    } catch (NoSuchAlgorithmException noDrbg) {
      secureRandom = new SecureRandom();
    }
    return NoiseSource.secure(secureRandom);
  }

  /**
   * A deterministic source for reproducible studies ({@value #SEEDED_ALGORITHM} from {@code
   * seed}). Its noise protects nothing: never use it to release answers about private data.
   */
  public static NoiseSource seeded(long seed) {
    return NoiseSource.seeded(
        seed, SEEDED_ALGORITHM, RandomGeneratorFactory.of(SEEDED_ALGORITHM).create(seed));
  }
}
