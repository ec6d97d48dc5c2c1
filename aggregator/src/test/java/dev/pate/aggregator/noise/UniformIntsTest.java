package dev.pate.aggregator.noise;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.util.random.RandomGenerator;
import org.junit.jupiter.api.Test;

class UniformIntsTest {

  private static final int N = 60_000;

  @Test
  void smallBoundsAreUniform() {
    RandomGenerator rng = RandomSources.seeded(11);
    for (long bound : new long[] {2, 3, 7, 8, 10}) {
      long[] draws = new long[N];
      for (int i = 0; i < N; i++) {
        draws[i] = UniformInts.below(rng, bound);
      }
      double p = GoodnessOfFit.uniformPValue(GoodnessOfFit.histogram(draws, (int) bound));
      assertTrue(p > GoodnessOfFit.ALPHA, "bound " + bound + ": p = " + p);
    }
  }

  @Test
  void largeLongBoundIsUniformOverItsThirds() {
    // 3 * 2^61: naive modulo of 63 bits would put 1/2 of the mass in the first third.
    long bound = 3L << 61;
    RandomGenerator rng = RandomSources.seeded(12);
    long[] thirds = new long[N];
    for (int i = 0; i < N; i++) {
      long r = UniformInts.below(rng, bound);
      assertTrue(r >= 0 && r < bound);
      thirds[i] = r >>> 61;
    }
    double p = GoodnessOfFit.uniformPValue(GoodnessOfFit.histogram(thirds, 3));
    assertTrue(p > GoodnessOfFit.ALPHA, "p = " + p);
  }

  @Test
  void bigIntegerBoundIsUniformOverItsThirds() {
    BigInteger bound = BigInteger.valueOf(3).shiftLeft(70);
    RandomGenerator rng = RandomSources.seeded(13);
    long[] thirds = new long[N];
    for (int i = 0; i < N; i++) {
      BigInteger r = UniformInts.below(rng, bound);
      assertTrue(r.signum() >= 0 && r.compareTo(bound) < 0);
      thirds[i] = r.shiftRight(70).longValueExact();
    }
    double p = GoodnessOfFit.uniformPValue(GoodnessOfFit.histogram(thirds, 3));
    assertTrue(p > GoodnessOfFit.ALPHA, "p = " + p);
  }

  @Test
  void bigIntegerBoundThatFitsInALongDrawsTheSameAsTheLongForm() {
    RandomGenerator first = RandomSources.seeded(14);
    RandomGenerator second = RandomSources.seeded(14);
    for (int i = 0; i < 1000; i++) {
      assertEquals(
          UniformInts.below(first, 1_000_003L),
          UniformInts.below(second, BigInteger.valueOf(1_000_003L)).longValueExact());
    }
  }

  @Test
  void boundOfOneNeedsNoRandomness() {
    RandomGenerator failing =
        () -> {
          throw new AssertionError("drew a word for bound 1");
        };
    assertEquals(0, UniformInts.below(failing, 1));
  }

  @Test
  void nonPositiveBoundIsRejected() {
    RandomGenerator rng = RandomSources.seeded(1);
    assertEquals(
        "bound: 0 is not > 0",
        assertThrows(IllegalArgumentException.class, () -> UniformInts.below(rng, 0))
            .getMessage());
    assertThrows(
        IllegalArgumentException.class, () -> UniformInts.below(rng, BigInteger.valueOf(-5)));
  }
}
