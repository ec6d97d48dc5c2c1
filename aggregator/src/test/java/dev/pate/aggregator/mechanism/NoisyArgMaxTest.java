package dev.pate.aggregator.mechanism;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pate.aggregator.noise.ExactPmfs;
import dev.pate.aggregator.noise.GoodnessOfFit;
import dev.pate.aggregator.noise.NoiseSource;
import dev.pate.aggregator.noise.RandomSources;
import java.util.function.LongToDoubleFunction;
import org.junit.jupiter.api.Test;

class NoisyArgMaxTest {

  @Test
  void aHugeGapMakesThePluralityWin() {
    int[] counts = {0, 3, 250, 0, 1, 0, 0, 0, 0, 0};
    NoiseSource rng = RandomSources.seeded(51);
    // Gaps of 50 scales / 50 sigmas: a wrong answer has probability below 1e-20.
    for (NoisyArgMax aggregator : new NoisyArgMax[] {Aggregators.lnmax(0.2),
        Aggregators.gnmax(5)}) {
      for (int i = 0; i < 2000; i++) {
        assertEquals(Answer.of(2), aggregator.answer(counts, rng), aggregator.toString());
      }
    }
  }

  @Test
  void tiesAreBrokenUniformly() {
    // Noise so small (P(noise != 0) below 1e-21) that classes 0, 2 and 3 always tie.
    int[] counts = {7, 3, 7, 7, 0};
    NoiseSource rng = RandomSources.seeded(52);
    for (NoisyArgMax aggregator : new NoisyArgMax[] {Aggregators.lnmax(50),
        Aggregators.gnmax(0.01)}) {
      long[] picked = new long[counts.length];
      for (int i = 0; i < 30_000; i++) {
        picked[aggregator.answer(counts, rng).label()]++;
      }
      assertEquals(0, picked[1] + picked[4], aggregator + ": picked a class that was not tied");
      double p = GoodnessOfFit.uniformPValue(new long[] {picked[0], picked[2], picked[3]});
      assertTrue(p > GoodnessOfFit.ALPHA, aggregator + ": tie-break not uniform, p = " + p);
    }
  }

  @Test
  void answersFollowTheExactDistributionIncludingTies() {
    // Two classes with counts 10 and 9: label 0 wins when D = Z1 - Z0 < 1 and half of the ties
    // D = 1; D's law is the exact convolution of the noise pmf with itself.
    int[] counts = {10, 9};
    check(Aggregators.lnmax(1), ExactPmfs.laplace(1), counts, 53);
    check(Aggregators.gnmax(1.5), ExactPmfs.gaussian(1.5), counts, 54);
  }

  private static void check(NoisyArgMax aggregator, LongToDoubleFunction pmf, int[] counts,
      long seed) {
    int gap = counts[0] - counts[1];
    double pFirst = 0;
    for (long d = -200; d <= gap; d++) {
      double pd = 0;
      for (long k = -200; k <= 200; k++) {
        pd += pmf.applyAsDouble(k) * pmf.applyAsDouble(k + d);
      }
      pFirst += d < gap ? pd : pd / 2;
    }
    NoiseSource rng = RandomSources.seeded(seed);
    int n = 100_000;
    long first = 0;
    for (int i = 0; i < n; i++) {
      if (aggregator.answer(counts, rng).label() == 0) {
        first++;
      }
    }
    double z = GoodnessOfFit.binomialZ(first, n, pFirst);
    assertTrue(Math.abs(z) < 4, aggregator + ": P(label 0) " + (double) first / n + " vs exact "
        + pFirst + " (z = " + z + ")");
  }

  @Test
  void idsAndNoiseAreReported() {
    NoisyArgMax lnmax = Aggregators.lnmax(0.05);
    assertEquals("lnmax", lnmax.id());
    assertEquals(20.0, ((dev.pate.aggregator.noise.DiscreteLaplace) lnmax.noise()).scale());
    NoisyArgMax gnmax = Aggregators.gnmax(40);
    assertEquals("gnmax", gnmax.id());
    assertEquals(40.0, ((dev.pate.aggregator.noise.DiscreteGaussian) gnmax.noise()).sigma());
  }
}
