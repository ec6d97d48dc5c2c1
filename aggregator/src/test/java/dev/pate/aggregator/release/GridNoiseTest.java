package dev.pate.aggregator.release;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pate.aggregator.noise.DiscreteGaussian;
import dev.pate.aggregator.noise.RandomSources;
import java.util.random.RandomGenerator;
import org.junit.jupiter.api.Test;

class GridNoiseTest {
  private static final double GRID = GridNoise.GRID;

  private static boolean onGrid(double v) {
    double cells = v / GRID;
    return cells == Math.rint(cells);
  }

  @Test
  void zeroNoiseRoundsToTheNearestGridPointHalvesUp() {
    assertEquals(GRID * 3, GridNoise.release(GRID * 3.2, 0, s -> 0L));
    assertEquals(GRID * 4, GridNoise.release(GRID * 3.5, 0, s -> 0L));
    // half-open cells [c - 1/2, c + 1/2): every cell holds the same number of lattice points
    assertEquals(GRID * 3, GridNoise.release(GRID * 2.5, 0, s -> 0L));
    assertEquals(-GRID * 2, GridNoise.release(-GRID * 2.5, 0, s -> 0L));
    assertEquals(-GRID * 3, GridNoise.release(-GRID * 3.2, 0, s -> 0L));
    // exact arithmetic: a value one ulp below a half cell rounds down
    assertEquals(GRID * 2, GridNoise.release(Math.nextDown(GRID * 2.5), 0, s -> 0L));
  }

  /**
   * Whatever the value and the noise scale, every output is a grid point: the set of possible
   * outputs does not depend on the data (floating-point values of x + noise would).
   */
  @Test
  void everyOutputIsOnTheGrid() {
    RandomGenerator rng = RandomSources.seeded(7);
    for (double value : new double[] {0.1234567, 3.0000001, 17.25, 1e-9, 123.456}) {
      for (double std : new double[] {1e-7, 1e-3, 0.26, 3.7, 500}) {
        for (int i = 0; i < 20; i++) {
          double out = GridNoise.release(value, std, s -> new DiscreteGaussian(s).sample(rng));
          assertTrue(onGrid(out), value + " + N(0, " + std + "): " + out);
        }
      }
    }
  }

  /** 2^10 lattice points or more per cell, and a lattice 2^20 times finer than the noise. */
  @Test
  void latticeIsFineRelativeToTheGridAndTheNoise() {
    for (double std : new double[] {1e-12, 1e-6, 1e-3, GRID, 0.26, 1, 1000, 5e5}) {
      int bits = GridNoise.latticeBits(std);
      double h = Math.scalb(GRID, -bits);
      assertTrue(bits >= 10, std + ": " + bits);
      assertTrue(h <= Math.scalb(std, -20), std + ": h " + h);
      assertTrue(bits == 10 || 2 * h > Math.scalb(std, -20), std + ": not the coarsest lattice");
    }
  }

  /** The sampler is asked for the noise in lattice units: a draw of sigma adds one std. */
  @Test
  void oneLatticeSigmaAddsOneStandardDeviation() {
    for (double std : new double[] {0.01, 0.263, 2.5}) {
      double out = GridNoise.release(10, std, Math::round);
      assertEquals(10 + std, out, GRID / 2 + 1e-12, "std " + std);
    }
  }

  /** Mean and spread of the released values match the Gaussian's (statistically, seeded). */
  @Test
  void releasedValuesHaveTheGaussiansMeanAndSpread() {
    RandomGenerator rng = RandomSources.seeded(11);
    double value = 0.7;
    double std = 0.05;
    int n = 20_000;
    double sum = 0;
    double sumSquares = 0;
    for (int i = 0; i < n; i++) {
      double out = GridNoise.release(value, std, s -> new DiscreteGaussian(s).sample(rng));
      sum += out;
      sumSquares += (out - value) * (out - value);
    }
    double mean = sum / n;
    double variance = sumSquares / n;
    assertEquals(value, mean, 5 * std / Math.sqrt(n));
    // rounding adds GRID^2 / 12 of variance
    assertEquals(std * std + GRID * GRID / 12, variance, 0.05 * std * std);
  }

  @Test
  void badInputsAreRefused() {
    assertThrows(IllegalArgumentException.class, () -> GridNoise.release(Double.NaN, 1, s -> 0L));
    assertThrows(IllegalArgumentException.class, () -> GridNoise.release(1, -1, s -> 0L));
    assertThrows(IllegalArgumentException.class, () -> GridNoise.release(1, 1e-300, s -> 0L));
    assertThrows(IllegalArgumentException.class, () -> GridNoise.release(1, 1e7, s -> 0L));
  }
}
