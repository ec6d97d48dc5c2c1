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

class DiscreteGaussianTest {

  @ParameterizedTest
  @ValueSource(doubles = {0.8, 3, 40, 150})
  void samplesFollowTheExactPmf(double sigma) {
    long[] samples = Samples.draw(new DiscreteGaussian(sigma), RandomSources.seeded(41), Samples.N);
    LongToDoubleFunction pmf = ExactPmfs.gaussian(sigma);
    Samples.assertFits(samples, pmf, "sigma " + sigma);
    Samples.assertMoments(samples, pmf, (long) (sigma * 40) + 40, "sigma " + sigma);
  }

  @ParameterizedTest
  @CsvSource({"0.8, 0.84", "3, 3.15", "40, 42"})
  void theTestRejectsAFivePercentWrongSigma(double sigma, double wrongSigma) {
    long[] samples =
        Samples.draw(new DiscreteGaussian(wrongSigma), RandomSources.seeded(42), Samples.N);
    Samples.assertDoesNotFit(samples, ExactPmfs.gaussian(sigma), "sigma " + wrongSigma);
  }

  @Test
  void theTestRejectsARoundedContinuousGaussianAtSmallSigma() {
    double sigma = 0.8;
    RandomGenerator rng = RandomSources.seeded(43);
    long[] samples = new long[Samples.N];
    for (int i = 0; i < samples.length; i++) {
      samples[i] = Math.round(sigma * rng.nextGaussian());
    }
    Samples.assertDoesNotFit(samples, ExactPmfs.gaussian(sigma), "rounded continuous");
  }

  @Test
  void sigmaWithHugeNumeratorAndDenominatorStillSamplesExactly() {
    BigInteger tenTo20 = BigInteger.TEN.pow(20);
    Rational sigma =
        new Rational(tenTo20.multiply(BigInteger.valueOf(3)).add(BigInteger.ONE), tenTo20);
    long[] samples =
        Samples.draw(new DiscreteGaussian(sigma, true), RandomSources.seeded(44), Samples.N / 4);
    Samples.assertFits(samples, ExactPmfs.gaussian(sigma.doubleValue()), "sigma " + sigma);
  }

  @Test
  void nonIntegerSigmaUsesTheExactSquare() {
    DiscreteGaussian noise = new DiscreteGaussian(1234.5678);
    assertEquals(Rational.of(6172839, 5000), noise.exactSigma());
    long[] samples = Samples.draw(noise, RandomSources.seeded(45), Samples.N / 4);
    Samples.assertFits(samples, ExactPmfs.gaussian(1234.5678), "sigma 1234.5678");
  }

  @Test
  void longAndBigIntegerPathsDrawIdenticalSamples() {
    for (Rational sigma : new Rational[] {Rational.of(4, 5), Rational.of(3, 1),
        Rational.of(40, 1), Rational.of(150, 1), Rational.of(1, 1_000_000)}) {
      RandomGenerator first = RandomSources.seeded(46);
      RandomGenerator second = RandomSources.seeded(46);
      DiscreteGaussian fast = new DiscreteGaussian(sigma, true);
      DiscreteGaussian general = new DiscreteGaussian(sigma, false);
      for (int i = 0; i < 20_000; i++) {
        assertEquals(fast.sample(first), general.sample(second), "sigma " + sigma + " draw " + i);
      }
    }
  }

  @Test
  void logPmfMatchesTheDefinitionAndSumsToOne() {
    for (double sigma : new double[] {1e-6, 0.3, 0.8, 3, 40, 150, 2500}) {
      DiscreteGaussian noise = new DiscreteGaussian(sigma);
      LongToDoubleFunction pmf = ExactPmfs.gaussian(sigma);
      for (long k : new long[] {0, 1, -1, 3, -20, 200}) {
        double expected = Math.log(pmf.applyAsDouble(k));
        if (Double.isFinite(expected)) {
          assertEquals(expected, noise.logPmf(k), 1e-12 * Math.max(1, Math.abs(expected)),
              "sigma " + sigma + " k " + k);
        }
      }
      long range = (long) (15 * sigma) + 2;
      double total = 0;
      for (long k = -range; k <= range; k++) {
        total += Math.exp(noise.logPmf(k));
      }
      assertEquals(1.0, total, 1e-10, "sigma " + sigma);
    }
  }

  @Test
  void directAndPoissonNormalisersAgree() {
    for (double sigma : new double[] {0.5, 0.8, 1, 3, 40, 150, 1000}) {
      double direct = DiscreteGaussian.logNormaliserByDirectSum(sigma);
      double poisson = DiscreteGaussian.logNormaliserByPoissonSum(sigma);
      assertEquals(direct, poisson, 1e-13 * Math.max(1, Math.abs(direct)), "sigma " + sigma);
    }
  }

  @Test
  void varianceIsBelowSigmaSquaredAndConvergesToIt() {
    // CKS 2020 Proposition 19: Var < sigma^2; the gap is about 4 pi^2 sigma^4 exp(-2 pi^2 sigma^2).
    assertTrue(ExactPmfs.moment(ExactPmfs.gaussian(0.8), 2, 100) < 0.64);
    assertEquals(1600, ExactPmfs.moment(ExactPmfs.gaussian(40), 2, 2000), 1e-8);
  }

  @Test
  void logPmfIsFiniteAtTheExtremes() {
    assertTrue(Double.isFinite(new DiscreteGaussian(DiscreteGaussian.MIN_SIGMA)
        .logPmf(Long.MAX_VALUE)));
    DiscreteGaussian widest = new DiscreteGaussian(DiscreteGaussian.MAX_SIGMA);
    assertTrue(Double.isFinite(widest.logPmf(Long.MIN_VALUE)));
    assertEquals(0.5 * Math.log(2 * Math.PI) + Math.log(1e12), widest.logNormaliser(), 1e-12);
  }

  @Test
  void invalidSigmasAreRejectedNamingTheParameter() {
    assertEquals("sigma: 0.0 is not > 0",
        assertThrows(IllegalArgumentException.class, () -> new DiscreteGaussian(0)).getMessage());
    assertEquals("sigma: NaN is not finite",
        assertThrows(IllegalArgumentException.class, () -> new DiscreteGaussian(Double.NaN))
            .getMessage());
    assertTrue(assertThrows(IllegalArgumentException.class, () -> new DiscreteGaussian(1e-7))
        .getMessage().startsWith("sigma: 1.0E-7 is outside the supported range"));
    assertEquals("sigma1: -2.0 is not > 0",
        assertThrows(IllegalArgumentException.class,
            () -> DiscreteGaussian.requireValidSigma("sigma1", -2)).getMessage());
  }
}
