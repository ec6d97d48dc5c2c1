package dev.pate.aggregator.noise;

import java.nio.ByteBuffer;
import java.security.SecureRandom;
import java.util.OptionalLong;
import java.util.random.RandomGenerator;

/**
 * A source of uniformly random 64-bit words that knows what it is, so a report can say whether its
 * answers were private ({@link NoiseSourceKind#SECURE}) or reproducible ({@link
 * NoiseSourceKind#SEEDED}). Obtain one from {@link RandomSources}.
 *
 * <p>It is a {@link RandomGenerator}, so it can be passed straight to the samplers. The samplers of
 * this package rely only on {@link #nextLong()} producing independent uniform 64-bit words; every
 * bounded draw is derived from it exactly by {@link UniformInts}, never through floating point.
 *
 * <p>Thread safety: a secure source may be shared between threads (draws are serialised, so no two
 * callers ever receive the same bits). A seeded source must be used from one thread: besides the
 * generator not being thread-safe, a reproducible run needs a fixed order of draws.
 */
public final class NoiseSource implements RandomGenerator {

  private final NoiseSourceKind kind;
  private final OptionalLong seed;
  private final String description;
  private final RandomGenerator words;

  private NoiseSource(
      NoiseSourceKind kind, OptionalLong seed, String description, RandomGenerator words) {
    this.kind = kind;
    this.seed = seed;
    this.description = description;
    this.words = words;
  }

  static NoiseSource secure(SecureRandom secureRandom) {
    return new NoiseSource(
        NoiseSourceKind.SECURE,
        OptionalLong.empty(),
        "secure (SecureRandom " + secureRandom.getAlgorithm() + parameters(secureRandom) + ")",
        new BufferedSecureWords(secureRandom));
  }

  static NoiseSource seeded(long seed, String algorithm, RandomGenerator generator) {
    return new NoiseSource(
        NoiseSourceKind.SEEDED,
        OptionalLong.of(seed),
        "seeded (" + algorithm + ", seed " + seed + "; not private)",
        generator);
  }

  /** The DRBG's parameters (mechanism, hash, strength, reseeding); other engines say nothing. */
  private static String parameters(SecureRandom secureRandom) {
    return "DRBG".equals(secureRandom.getAlgorithm()) ? ": " + secureRandom : "";
  }

  /** Secure or seeded. */
  public NoiseSourceKind kind() {
    return kind;
  }

  /** The seed of a seeded source; empty for a secure one. */
  public OptionalLong seed() {
    return seed;
  }

  /** One line for run reports: the kind, the generator algorithm and, if seeded, the seed. */
  public String description() {
    return description;
  }

  @Override
  public long nextLong() {
    return words.nextLong();
  }

  @Override
  public String toString() {
    return description;
  }

  /**
   * SecureRandom as {@link RandomGenerator#nextLong()}: SecureRandom inherits {@code
   * Random.nextLong()}, which asks the engine for 4 bytes twice, and every engine request is a
   * synchronised call (for NativePRNG even a read of /dev/urandom). Fetching 512 bytes at a time
   * makes the samplers roughly an order of magnitude faster; the words are the same uniform bits.
   * Synchronised so that a shared source never hands out the same buffered bits twice.
   */
  private static final class BufferedSecureWords implements RandomGenerator {
    private static final int BUFFER_BYTES = 512;

    private final SecureRandom secureRandom;
    private final ByteBuffer buffer = ByteBuffer.allocate(BUFFER_BYTES);

    BufferedSecureWords(SecureRandom secureRandom) {
      this.secureRandom = secureRandom;
      buffer.position(BUFFER_BYTES); // empty: the first call fills it
    }

    @Override
    public synchronized long nextLong() {
      if (!buffer.hasRemaining()) {
        secureRandom.nextBytes(buffer.array());
        buffer.clear();
      }
      return buffer.getLong();
    }
  }
}
