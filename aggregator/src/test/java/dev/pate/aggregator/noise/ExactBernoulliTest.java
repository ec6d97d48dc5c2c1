package dev.pate.aggregator.noise;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.util.function.BooleanSupplier;
import java.util.random.RandomGenerator;
import org.junit.jupiter.api.Test;

/** Frequencies of the exact Bernoulli draws against their probabilities. */
class ExactBernoulliTest {

  private static final int N = 200_000;

  /** |z| above this fails a frequency check (two-sided p about 6e-5 for a correct sampler). */
  private static final double MAX_ABS_Z = 4;

  private static void assertFrequency(double p, BooleanSupplier draw, String what) {
    long successes = 0;
    for (int i = 0; i < N; i++) {
      if (draw.getAsBoolean()) {
        successes++;
      }
    }
    if (p == 0 || p == 1) {
      assertEquals((long) (p * N), successes, what);
      return;
    }
    double z = GoodnessOfFit.binomialZ(successes, N, p);
    assertTrue(Math.abs(z) < MAX_ABS_Z, what + ": frequency " + (double) successes / N
        + " vs " + p + " (z = " + z + ")");
  }

  @Test
  void expMinusGammaHasTheRightFrequency() {
    RandomGenerator rng = RandomSources.seeded(21);
    long[][] gammas = {{0, 1}, {1, 20}, {1, 3}, {1, 1}, {5, 2}, {73, 10}, {2, 1}};
    for (long[] g : gammas) {
      assertFrequency(
          Math.exp(-(double) g[0] / g[1]),
          () -> ExactBernoulli.withProbabilityExpMinus(rng, g[0], g[1]),
          "exp(-" + g[0] + "/" + g[1] + ")");
    }
  }

  @Test
  void expMinusGammaWithHugeNumbersHasTheRightFrequency() {
    RandomGenerator rng = RandomSources.seeded(22);
    BigInteger tenTo30 = BigInteger.TEN.pow(30);
    // gamma just above 1, and 7/3, with numerators and denominators far beyond a long.
    BigInteger[][] gammas = {
      {tenTo30.add(BigInteger.valueOf(7)), tenTo30},
      {tenTo30.multiply(BigInteger.valueOf(7)), tenTo30.multiply(BigInteger.valueOf(3))}
    };
    double[] expected = {Math.exp(-1), Math.exp(-7.0 / 3)};
    for (int i = 0; i < gammas.length; i++) {
      BigInteger[] g = gammas[i];
      assertFrequency(
          expected[i], () -> ExactBernoulli.withProbabilityExpMinus(rng, g[0], g[1]), "big " + i);
    }
  }

  @Test
  void rationalProbabilityHasTheRightFrequency() {
    RandomGenerator rng = RandomSources.seeded(23);
    assertFrequency(1.0 / 3, () -> ExactBernoulli.withProbability(rng, 1, 3), "1/3");
    assertFrequency(0, () -> ExactBernoulli.withProbability(rng, 0, 5), "0/5");
    assertFrequency(1, () -> ExactBernoulli.withProbability(rng, 5, 5), "5/5");
    BigInteger big = BigInteger.TEN.pow(25);
    assertFrequency(
        0.3,
        () -> ExactBernoulli.withProbability(rng, big.multiply(BigInteger.valueOf(3)),
            big.multiply(BigInteger.TEN)),
        "3e25/1e26");
  }

  @Test
  void invalidParametersAreRejected() {
    RandomGenerator rng = RandomSources.seeded(1);
    assertTrue(
        assertThrows(IllegalArgumentException.class,
                () -> ExactBernoulli.withProbability(rng, 4, 3))
            .getMessage()
            .startsWith("probability: 4/3"));
    assertTrue(
        assertThrows(IllegalArgumentException.class,
                () -> ExactBernoulli.withProbabilityExpMinus(rng, -1, 3))
            .getMessage()
            .startsWith("gamma: -1/3"));
    assertThrows(
        IllegalArgumentException.class, () -> ExactBernoulli.withProbabilityExpMinus(rng, 1, 0));
  }
}
