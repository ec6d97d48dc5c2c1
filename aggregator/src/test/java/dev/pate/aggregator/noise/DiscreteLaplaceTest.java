package dev.pate.aggregator.noise;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.util.function.LongToDoubleFunction;
import java.util.random.RandomGenerator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class DiscreteLaplaceTest {

  @ParameterizedTest
  @ValueSource(doubles = {0.5, 1, 20})
  void samplesFollowTheExactPmf(double scale) {
    long[] samples = Samples.draw(new DiscreteLaplace(scale), RandomSources.seeded(31), Samples.N);
    LongToDoubleFunction pmf = ExactPmfs.laplace(scale);
    Samples.assertFits(samples, pmf, "scale " + scale);
    Samples.assertMoments(samples, pmf, (long) (scale * 100) + 100, "scale " + scale);
  }

  @ParameterizedTest
  @CsvSource({"0.5, 0.525", "1, 1.05", "20, 21"})
  void theTestRejectsAFivePercentWrongScale(double scale, double wrongScale) {
    long[] samples =
        Samples.draw(new DiscreteLaplace(wrongScale), RandomSources.seeded(32), Samples.N);
    Samples.assertDoesNotFit(samples, ExactPmfs.laplace(scale), "scale " + wrongScale);
  }

  @ParameterizedTest
  @ValueSource(doubles = {0.5, 1})
  void theTestRejectsARoundedContinuousLaplace(double scale) {
    // The naive sampler: inverse CDF of the continuous Laplace on a double, rounded to an integer.
    RandomGenerator rng = RandomSources.seeded(33);
    long[] samples = new long[Samples.N];
    for (int i = 0; i < samples.length; i++) {
      double magnitude = -scale * Math.log1p(-rng.nextDouble());
      samples[i] = Math.round(UniformInts.fairCoin(rng) ? -magnitude : magnitude);
    }
    Samples.assertDoesNotFit(samples, ExactPmfs.laplace(scale), "rounded continuous " + scale);
  }

  @Test
  void inverseScaleIsExact() {
    DiscreteLaplace lnmaxNoise = DiscreteLaplace.ofInverseScale(0.05);
    assertEquals(Rational.of(20, 1), lnmaxNoise.exactScale());
    assertEquals(20.0, lnmaxNoise.scale());
    assertEquals(Rational.of(100, 3), DiscreteLaplace.ofInverseScale(0.03).exactScale());
    long[] samples = Samples.draw(lnmaxNoise, RandomSources.seeded(34), Samples.N);
    Samples.assertFits(samples, ExactPmfs.laplace(20), "gamma 0.05");
  }

  @Test
  void hugeNumeratorAndDenominatorStillSampleExactly() {
    // scale = (3e20 + 1) / 1e20, about 3, forces the BigInteger path.
    BigInteger tenTo20 = BigInteger.TEN.pow(20);
    Rational scale = new Rational(tenTo20.multiply(BigInteger.valueOf(3)).add(BigInteger.ONE),
        tenTo20);
    DiscreteLaplace noise = new DiscreteLaplace(scale, true);
    long[] samples = Samples.draw(noise, RandomSources.seeded(35), Samples.N / 4);
    Samples.assertFits(samples, ExactPmfs.laplace(scale.doubleValue()), "scale " + scale);
  }

  @Test
  void longAndBigIntegerPathsDrawIdenticalSamples() {
    for (Rational scale : new Rational[] {Rational.of(1, 2), Rational.of(100, 3),
        Rational.of(20, 1), Rational.of(7, 1_000_000)}) {
      RandomGenerator first = RandomSources.seeded(36);
      RandomGenerator second = RandomSources.seeded(36);
      DiscreteLaplace fast = new DiscreteLaplace(scale, true);
      DiscreteLaplace general = new DiscreteLaplace(scale, false);
      for (int i = 0; i < 20_000; i++) {
        assertEquals(fast.sample(first), general.sample(second), "scale " + scale + " draw " + i);
      }
    }
  }

  @Test
  void logPmfMatchesTheDefinitionAndSumsToOne() {
    for (double scale : new double[] {1e-6, 0.5, 1, 20, 1e4}) {
      DiscreteLaplace noise = new DiscreteLaplace(scale);
      LongToDoubleFunction pmf = ExactPmfs.laplace(scale);
      for (long k : new long[] {0, 1, -1, 5, -17, 100}) {
        double expected = Math.log(pmf.applyAsDouble(k));
        if (Double.isFinite(expected)) {
          assertEquals(expected, noise.logPmf(k), 1e-12 * Math.max(1, Math.abs(expected)));
        }
      }
      long range = (long) (60 * scale) + 2;
      double total = 0;
      for (long k = -range; k <= range; k++) {
        total += Math.exp(noise.logPmf(k));
      }
      assertEquals(1.0, total, 1e-10, "scale " + scale);
    }
    // Closed-form variance 2r/(1-r)^2 with r = exp(-1/scale) confirms the test's own pmf.
    double r = Math.exp(-1 / 20.0);
    assertEquals(2 * r / ((1 - r) * (1 - r)), ExactPmfs.moment(ExactPmfs.laplace(20), 2, 3000),
        1e-9);
  }

  @Test
  void logPmfIsFiniteAtTheExtremes() {
    assertTrue(Double.isFinite(new DiscreteLaplace(DiscreteLaplace.MIN_SCALE)
        .logPmf(Long.MIN_VALUE)));
    assertTrue(Double.isFinite(new DiscreteLaplace(DiscreteLaplace.MAX_SCALE).logPmf(0)));
    assertTrue(new DiscreteLaplace(DiscreteLaplace.MAX_SCALE).logPmf(0) < 0);
  }

  @Test
  void invalidScalesAreRejectedNamingTheParameter() {
    assertEquals("scale: -1.0 is not > 0",
        assertThrows(IllegalArgumentException.class, () -> new DiscreteLaplace(-1)).getMessage());
    assertEquals("scale: NaN is not finite",
        assertThrows(IllegalArgumentException.class, () -> new DiscreteLaplace(Double.NaN))
            .getMessage());
    assertEquals("scale: Infinity is not finite",
        assertThrows(IllegalArgumentException.class,
            () -> new DiscreteLaplace(Double.POSITIVE_INFINITY)).getMessage());
    assertTrue(assertThrows(IllegalArgumentException.class, () -> new DiscreteLaplace(1e13))
        .getMessage().startsWith("scale: 1.0E13 is outside the supported range"));
    assertEquals("gamma: 0.0 is not > 0",
        assertThrows(IllegalArgumentException.class, () -> DiscreteLaplace.ofInverseScale(0))
            .getMessage());
  }
}
