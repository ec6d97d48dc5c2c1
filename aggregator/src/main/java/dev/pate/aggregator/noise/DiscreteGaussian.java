package dev.pate.aggregator.noise;

import java.math.BigInteger;
import java.util.random.RandomGenerator;

/**
 * The discrete Gaussian distribution on the integers, {@code P(k) proportional to
 * exp(-k^2/(2 sigma^2))}, sampled exactly by Algorithm 3 of Canonne, Kamath and Steinke (2020).
 *
 * <p>sigma is used as an exact rational (see {@link Rational#ofDecimal(double)}), so sigma^2 is
 * an exact rational too: sigma 0.8 gives sigma^2 = 16/25 exactly.
 */
public final class DiscreteGaussian implements DiscreteNoise {

  /** Smallest supported sigma. */
  public static final double MIN_SIGMA = 1e-6;

  /** Largest supported sigma: samples always fit in a {@code long} (tail below exp(-4e13)). */
  public static final double MAX_SIGMA = 1e12;

  /** Up to this sigma the normaliser is summed directly; above it, by Poisson summation. */
  private static final double DIRECT_SUM_MAX_SIGMA = 1000;

  /** floor(sqrt(Long.MAX_VALUE)): a non-negative long at most this squares without overflow. */
  private static final long MAX_SQUARABLE = 3_037_000_499L;

  private final double sigma;
  private final Rational exactSigma;
  private final double sigmaSquared;
  private final double logNormaliser;

  // sigma^2 = a/b exactly; proposals come from the discrete Laplace with integer scale t.
  private final BigInteger a;
  private final BigInteger b;
  private final BigInteger t;
  private final BigInteger bigBt;
  private final BigInteger bigGammaDenominator;
  private final DiscreteLaplace proposal;

  // Long fast path for the acceptance test: gamma = (|Y| b t - a)^2 / (2 a b t^2) is computed in
  // longs whenever |Y| <= maxLongMagnitude (then nothing overflows), else in BigIntegers.
  private final boolean longPath;
  private final long aLong;
  private final long bt;
  private final long gammaDenominator;
  private final long maxLongMagnitude;

  /** Discrete Gaussian with {@code P(k)} proportional to {@code exp(-k^2/(2 sigma^2))}. */
  public DiscreteGaussian(double sigma) {
    this(Rational.ofDecimal(requireValidSigma("sigma", sigma)), true);
  }

  /**
   * Package-private: any positive exact sigma, with {@code allowLongPath false} forcing the
   * general BigInteger path (tests compare the two).
   */
  DiscreteGaussian(Rational exactSigma, boolean allowLongPath) {
    if (exactSigma.numerator().signum() <= 0) {
      throw new IllegalArgumentException("sigma: " + exactSigma + " is not > 0");
    }
    this.exactSigma = exactSigma;
    this.sigma = exactSigma.doubleValue();
    Rational exactSigmaSquared = exactSigma.square();
    this.sigmaSquared = exactSigmaSquared.doubleValue();
    this.logNormaliser =
        sigma <= DIRECT_SUM_MAX_SIGMA
            ? logNormaliserByDirectSum(sigma)
            : logNormaliserByPoissonSum(sigma);
    this.a = exactSigmaSquared.numerator();
    this.b = exactSigmaSquared.denominator();
    // CKS Algorithm 3 uses t = floor(sigma) + 1 (so that the proposal's scale exceeds sigma).
    this.t = exactSigma.floor().add(BigInteger.ONE);
    this.proposal = new DiscreteLaplace(new Rational(t, BigInteger.ONE), allowLongPath);

    this.bigBt = b.multiply(t);
    this.bigGammaDenominator = BigInteger.TWO.multiply(a).multiply(bigBt).multiply(t);
    this.longPath =
        allowLongPath
            && a.compareTo(BigInteger.valueOf(MAX_SQUARABLE)) <= 0
            && bigBt.bitLength() < Long.SIZE
            && bigGammaDenominator.bitLength() < Long.SIZE;
    this.aLong = longPath ? a.longValueExact() : 0;
    this.bt = longPath ? bigBt.longValueExact() : 0;
    this.gammaDenominator = longPath ? bigGammaDenominator.longValueExact() : 0;
    // |Y| bt - a lies in [-a, MAX_SQUARABLE] (so its square fits) when |Y| <= this bound.
    this.maxLongMagnitude = longPath ? (MAX_SQUARABLE + aLong) / bt : -1;
  }

  /** Checks a sigma parameter named {@code name}; returns it. */
  public static double requireValidSigma(String name, double sigma) {
    return DiscreteLaplace.requireInRange(name, sigma, MIN_SIGMA, MAX_SIGMA);
  }

  /** sigma (the nearest double to {@link #exactSigma()}: the constructor's argument). */
  public double sigma() {
    return sigma;
  }

  /** The sigma the sampler uses, exactly. */
  public Rational exactSigma() {
    return exactSigma;
  }

  /**
   * CKS 2020 Algorithm 3: propose Y from the discrete Laplace with scale t = floor(sigma) + 1 and
   * accept with probability exp(-(|Y| - sigma^2/t)^2 / (2 sigma^2)); the accepted Y has P(Y = y)
   * proportional to exp(-y^2/(2 sigma^2)). With sigma^2 = a/b the exponent is the exact fraction
   * (|Y| b t - a)^2 / (2 a b t^2).
   */
  @Override
  public long sample(RandomGenerator rng) {
    while (true) {
      long y = proposal.sample(rng);
      long magnitude = Math.abs(y);
      boolean accepted;
      if (magnitude <= maxLongMagnitude) {
        long difference = magnitude * bt - aLong;
        accepted =
            ExactBernoulli.withProbabilityExpMinus(rng, difference * difference, gammaDenominator);
      } else {
        BigInteger difference = BigInteger.valueOf(magnitude).multiply(bigBt).subtract(a);
        accepted =
            ExactBernoulli.withProbabilityExpMinus(
                rng, difference.multiply(difference), bigGammaDenominator);
      }
      if (accepted) {
        return y;
      }
    }
  }

  /** {@code log P(k) = -k^2/(2 sigma^2) - log Z}. */
  @Override
  public double logPmf(long k) {
    double x = k;
    return -(x * x) / (2 * sigmaSquared) - logNormaliser;
  }

  /** log Z, Z = sum over all integers k of exp(-k^2/(2 sigma^2)). */
  public double logNormaliser() {
    return logNormaliser;
  }

  /**
   * log Z by direct summation: Z = 1 + 2 sum_{k >= 1} exp(-k^2/(2 sigma^2)), summed from the
   * smallest term up for accuracy, stopping where the terms fall below 1e-40 of the first (at
   * k > 13.6 sigma). Every term is at most 1 and Z at most 1 + 2.6 sigma, so nothing overflows.
   */
  static double logNormaliserByDirectSum(double sigma) {
    long lastK = (long) Math.ceil(14 * sigma) + 1;
    double twoSigmaSquared = 2 * sigma * sigma;
    double sum = 0;
    for (long k = lastK; k >= 1; k--) {
      double kk = k;
      sum += Math.exp(-(kk * kk) / twoSigmaSquared);
    }
    return Math.log1p(2 * sum);
  }

  /**
   * log Z by the Poisson summation formula (Jacobi theta identity): Z = sqrt(2 pi) sigma (1 + 2
   * sum_{j >= 1} exp(-2 pi^2 sigma^2 j^2)); the correction is below 3e-9 for sigma >= 1 and 0 in
   * double precision for sigma >= 2, so this is how large sigma is handled. (For tiny sigma the
   * dual series converges slowly: use the direct sum there.)
   */
  static double logNormaliserByPoissonSum(double sigma) {
    double twoPiSquaredSigmaSquared = 2 * Math.PI * Math.PI * sigma * sigma;
    double correction = 0;
    for (long j = 1; ; j++) {
      double jj = j;
      double term = Math.exp(-twoPiSquaredSigmaSquared * jj * jj);
      if (term == 0 || term < 1e-40 * correction) {
        break;
      }
      correction += term;
    }
    return 0.5 * Math.log(2 * Math.PI) + Math.log(sigma) + Math.log1p(2 * correction);
  }

  @Override
  public String toString() {
    return "discrete-gaussian(sigma=" + exactSigma + ")";
  }
}
