package dev.pate.aggregator.noise;

import java.math.BigInteger;
import java.util.random.RandomGenerator;

/**
 * Exact Bernoulli draws with rational parameters, using integer arithmetic and uniform integers
 * only (Canonne, Kamath and Steinke 2020, "The Discrete Gaussian for Differential Privacy",
 * Section 5.1 and Algorithm 1).
 *
 * <p>Each method has a {@code long} form (fast, used whenever the numbers fit) and a {@link
 * BigInteger} form (any size); the latter hands over to the former when its arguments fit, so both
 * consume the same random words for the same parameters.
 */
public final class ExactBernoulli {

  private ExactBernoulli() {}

  /** True with probability {@code numerator / denominator}, which must lie in [0, 1]. */
  public static boolean withProbability(RandomGenerator rng, long numerator, long denominator) {
    if (numerator < 0 || denominator <= 0 || numerator > denominator) {
      throw notAProbability(numerator + "/" + denominator);
    }
    return UniformInts.below(rng, denominator) < numerator;
  }

  /** True with probability {@code numerator / denominator}, which must lie in [0, 1]. */
  public static boolean withProbability(
      RandomGenerator rng, BigInteger numerator, BigInteger denominator) {
    if (numerator.signum() < 0 || denominator.signum() <= 0
        || numerator.compareTo(denominator) > 0) {
      throw notAProbability(numerator + "/" + denominator);
    }
    return UniformInts.below(rng, denominator).compareTo(numerator) < 0;
  }

  /**
   * True with probability {@code exp(-gamma)} for {@code gamma = numerator / denominator >= 0}
   * (CKS 2020, Algorithm 1, with its extension to {@code gamma > 1}).
   */
  public static boolean withProbabilityExpMinus(
      RandomGenerator rng, long numerator, long denominator) {
    if (numerator < 0 || denominator <= 0) {
      throw notAGamma(numerator + "/" + denominator);
    }
    // exp(-gamma) = exp(-1)^floor(gamma) * exp(-frac(gamma)): one exp(-1) coin per whole unit,
    // stopping at the first failure (so the expected number of coins is below 1.6 for any gamma).
    for (long whole = numerator / denominator; whole > 0; whole--) {
      if (!expMinusAtMostOne(rng, 1, 1)) {
        return false;
      }
    }
    return expMinusAtMostOne(rng, numerator % denominator, denominator);
  }

  /** As {@link #withProbabilityExpMinus(RandomGenerator, long, long)}, for any size. */
  public static boolean withProbabilityExpMinus(
      RandomGenerator rng, BigInteger numerator, BigInteger denominator) {
    if (numerator.signum() < 0 || denominator.signum() <= 0) {
      throw notAGamma(numerator + "/" + denominator);
    }
    if (numerator.bitLength() < Long.SIZE && denominator.bitLength() < Long.SIZE) {
      return withProbabilityExpMinus(rng, numerator.longValue(), denominator.longValue());
    }
    BigInteger[] wholeAndRest = numerator.divideAndRemainder(denominator);
    for (BigInteger whole = wholeAndRest[0]; whole.signum() > 0;
        whole = whole.subtract(BigInteger.ONE)) {
      if (!expMinusAtMostOne(rng, 1, 1)) {
        return false;
      }
    }
    BigInteger rest = wholeAndRest[1];
    if (rest.signum() == 0) {
      return true;
    }
    // CKS Algorithm 1 for gamma = rest/denominator in [0, 1): see expMinusAtMostOne.
    long k = 1;
    while (withProbability(rng, rest, denominator) && UniformInts.below(rng, k) == 0) {
      k++;
    }
    return k % 2 == 1;
  }

  /**
   * CKS Algorithm 1 for {@code gamma = n/d} in [0, 1]: draw A_k ~ Bernoulli(gamma/k) for k = 1, 2,
   * ... until the first A_k = 0; return whether that k is odd. P(odd) = sum over odd k of
   * gamma^(k-1)/(k-1)! - gamma^k/k! = exp(-gamma). Bernoulli(gamma/k) is drawn as the conjunction
   * of the independent Bernoulli(n/d) and Bernoulli(1/k), which never needs the product d*k (so
   * cannot overflow).
   */
  private static boolean expMinusAtMostOne(RandomGenerator rng, long n, long d) {
    if (n == 0) {
      return true;
    }
    long k = 1;
    while (UniformInts.below(rng, d) < n && UniformInts.below(rng, k) == 0) {
      k++;
    }
    return k % 2 == 1;
  }

  private static IllegalArgumentException notAProbability(String fraction) {
    return new IllegalArgumentException(
        "probability: " + fraction + " is not in [0, 1] with a positive denominator");
  }

  private static IllegalArgumentException notAGamma(String fraction) {
    return new IllegalArgumentException(
        "gamma: " + fraction + " is not a fraction >= 0 with a positive denominator");
  }
}
