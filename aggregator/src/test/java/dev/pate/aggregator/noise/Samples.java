package dev.pate.aggregator.noise;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.function.LongToDoubleFunction;
import java.util.random.RandomGenerator;

/** Drawing many samples and checking them against an exact pmf (shared by the sampler tests). */
final class Samples {

  /** Sample size of each goodness-of-fit test: enough to detect a 5% parameter error. */
  static final int N = 400_000;

  /** |z| above this fails a moment check. */
  static final double MAX_ABS_Z = 5;

  private Samples() {}

  static long[] draw(DiscreteNoise noise, RandomGenerator rng, int n) {
    long[] samples = new long[n];
    for (int i = 0; i < n; i++) {
      samples[i] = noise.sample(rng);
    }
    return samples;
  }

  static void assertFits(long[] samples, LongToDoubleFunction pmf, String what) {
    double p = GoodnessOfFit.pValue(samples, pmf);
    assertTrue(p > GoodnessOfFit.ALPHA, what + ": chi-square p-value " + p);
  }

  static void assertDoesNotFit(long[] samples, LongToDoubleFunction pmf, String what) {
    double p = GoodnessOfFit.pValue(samples, pmf);
    assertTrue(p < GoodnessOfFit.ALPHA, what + ": chi-square p-value " + p + " accepted a misfit");
  }

  /** Sample mean and variance against the pmf's (mean 0), within 5 standard errors. */
  static void assertMoments(long[] samples, LongToDoubleFunction pmf, long maxAbs, String what) {
    double variance = ExactPmfs.moment(pmf, 2, maxAbs);
    double fourth = ExactPmfs.moment(pmf, 4, maxAbs);
    double sum = 0;
    double sumSquares = 0;
    for (long s : samples) {
      sum += s;
      sumSquares += (double) s * s;
    }
    int n = samples.length;
    double mean = sum / n;
    double meanZ = mean / Math.sqrt(variance / n);
    assertTrue(Math.abs(meanZ) < MAX_ABS_Z, what + ": mean " + mean + " (z = " + meanZ + ")");
    double secondMoment = sumSquares / n;
    double varianceZ = (secondMoment - variance) / Math.sqrt((fourth - variance * variance) / n);
    assertTrue(
        Math.abs(varianceZ) < MAX_ABS_Z,
        what + ": E[X^2] " + secondMoment + " vs " + variance + " (z = " + varianceZ + ")");
  }
}
