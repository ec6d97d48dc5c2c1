package dev.pate.aggregator.noise;

import java.math.BigInteger;
import java.util.random.RandomGenerator;

/**
 * Exactly uniform integers in {@code [0, bound)} from uniform 64-bit words.
 *
 * <p>Only {@link RandomGenerator#nextLong()} is used (by rejection, so there is no modulo bias);
 * the generator's own bounded methods are not trusted, since a {@link RandomGenerator} may
 * override them with something inexact. All randomness of the samplers in this package flows
 * through this class, as in Canonne, Kamath and Steinke (2020), Section 5.
 */
public final class UniformInts {

  private UniformInts() {}

  /** A fair coin: one uniform bit. */
  public static boolean fairCoin(RandomGenerator rng) {
    return rng.nextLong() < 0;
  }

  /** Uniform on {@code {0, ..., bound - 1}}; {@code bound} must be positive. */
  public static long below(RandomGenerator rng, long bound) {
    if (bound <= 0) {
      throw new IllegalArgumentException("bound: " + bound + " is not > 0");
    }
    if (bound == 1) {
      return 0; // no randomness needed
    }
    long mask = bound - 1;
    if ((bound & mask) == 0) {
      return rng.nextLong() & mask; // a power of two: take the low bits
    }
    // Take 63 uniform bits u; accept u mod bound unless u falls in the last, incomplete block of
    // `bound` values below 2^63 (detected by u - r + (bound - 1) overflowing), as in
    // java.util.Random#nextInt(int).
    long u = rng.nextLong() >>> 1;
    long r = u % bound;
    while (u - r + mask < 0) {
      u = rng.nextLong() >>> 1;
      r = u % bound;
    }
    return r;
  }

  /**
   * Uniform on {@code {0, ..., bound - 1}}; {@code bound} must be positive. A bound that fits in a
   * long is served by {@link #below(RandomGenerator, long)}, drawing the very same words.
   */
  public static BigInteger below(RandomGenerator rng, BigInteger bound) {
    if (bound.signum() <= 0) {
      throw new IllegalArgumentException("bound: " + bound + " is not > 0");
    }
    if (bound.bitLength() < Long.SIZE) {
      return BigInteger.valueOf(below(rng, bound.longValueExact()));
    }
    // Draw bitLength uniform bits until the value is below the bound (acceptance > 1/2).
    int bits = bound.bitLength();
    byte[] bytes = new byte[(bits + 7) / 8];
    int excessBits = bytes.length * 8 - bits;
    while (true) {
      for (int i = 0; i < bytes.length; i += 8) {
        long word = rng.nextLong();
        for (int j = i; j < Math.min(i + 8, bytes.length); j++) {
          bytes[j] = (byte) word;
          word >>>= 8;
        }
      }
      bytes[0] &= (byte) (0xFF >>> excessBits);
      BigInteger candidate = new BigInteger(1, bytes);
      if (candidate.compareTo(bound) < 0) {
        return candidate;
      }
    }
  }
}
