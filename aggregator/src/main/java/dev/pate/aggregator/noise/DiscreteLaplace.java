package dev.pate.aggregator.noise;

import java.math.BigInteger;
import java.util.random.RandomGenerator;

/**
 * The discrete Laplace distribution on the integers, {@code P(k) proportional to
 * exp(-|k|/scale)}, sampled exactly by Algorithm 2 of Canonne, Kamath and Steinke (2020).
 *
 * <p>The scale is used as an exact rational (see {@link Rational#ofDecimal(double)} for how a
 * double becomes one): {@code new DiscreteLaplace(20)} samples with scale exactly 20, and {@link
 * #ofInverseScale(double) ofInverseScale(0.03)} with scale exactly 100/3. The normalised pmf is
 * {@code P(k) = tanh(1/(2 scale)) exp(-|k|/scale)}.
 */
public final class DiscreteLaplace implements DiscreteNoise {

  /** Smallest supported scale (LNMax with gamma up to 1e6). */
  public static final double MIN_SCALE = 1e-6;

  /**
   * Largest supported scale: samples then exceed 2^63 in magnitude with probability below
   * exp(-9e6), so they always fit in a {@code long}.
   */
  public static final double MAX_SCALE = 1e12;

  private final double scale;
  private final Rational exactScale;
  private final double rate;
  private final double logNormaliser;

  // Exact scale = s/t. With both in longs the sampler uses long arithmetic (the common case);
  // otherwise BigInteger (bigS/bigT), which draws the same words when the values fit.
  private final boolean longPath;
  private final long s;
  private final long t;
  private final long maxLongV;
  private final BigInteger bigS;
  private final BigInteger bigT;

  /** Discrete Laplace with {@code P(k)} proportional to {@code exp(-|k|/scale)}. */
  public DiscreteLaplace(double scale) {
    this(Rational.ofDecimal(requireValidScale("scale", scale)), true);
  }

  /**
   * Discrete Laplace with {@code P(k)} proportional to {@code exp(-gamma |k|)}, i.e. scale exactly
   * {@code 1/gamma} where gamma is read as in {@link Rational#ofDecimal(double)} (LNMax's noise,
   * Papernot et al. 2017). Computing {@code 1/gamma} in floating point first would not do: for
   * gamma 0.03 the double 33.333333333333336 is not 100/3.
   */
  public static DiscreteLaplace ofInverseScale(double gamma) {
    return new DiscreteLaplace(
        Rational.ofDecimal(requireValidInverseScale("gamma", gamma)).reciprocal(), true);
  }

  /**
   * Package-private: any positive exact scale, with {@code allowLongPath false} forcing the
   * general BigInteger path (tests compare the two).
   */
  DiscreteLaplace(Rational exactScale, boolean allowLongPath) {
    if (exactScale.numerator().signum() <= 0) {
      throw new IllegalArgumentException("scale: " + exactScale + " is not > 0");
    }
    this.exactScale = exactScale;
    this.scale = exactScale.doubleValue();
    this.rate = exactScale.reciprocal().doubleValue();
    this.logNormaliser = logTanh(rate / 2);
    this.bigS = exactScale.numerator();
    this.bigT = exactScale.denominator();
    this.longPath = allowLongPath && exactScale.fitsInLongs();
    this.s = longPath ? bigS.longValueExact() : 0;
    this.t = longPath ? bigT.longValueExact() : 0;
    // X = U + s*V with U < s stays below 2^63 while V <= maxLongV.
    this.maxLongV = longPath ? (Long.MAX_VALUE - s) / s : 0;
  }

  /** Checks a scale parameter named {@code name}; returns it. */
  public static double requireValidScale(String name, double scale) {
    return requireInRange(name, scale, MIN_SCALE, MAX_SCALE);
  }

  /** Checks an inverse-scale (LNMax gamma) parameter named {@code name}; returns it. */
  public static double requireValidInverseScale(String name, double gamma) {
    return requireInRange(name, gamma, 1 / MAX_SCALE, 1 / MIN_SCALE);
  }

  static double requireInRange(String name, double value, double min, double max) {
    if (!Double.isFinite(value)) {
      throw new IllegalArgumentException(name + ": " + value + " is not finite");
    }
    if (value <= 0) {
      throw new IllegalArgumentException(name + ": " + value + " is not > 0");
    }
    if (value < min || value > max) {
      throw new IllegalArgumentException(
          name + ": " + value + " is outside the supported range [" + min + ", " + max + "]");
    }
    return value;
  }

  /**
   * The scale: the nearest double to {@link #exactScale()}, which is the constructor's argument
   * (or the double nearest 1/gamma for {@link #ofInverseScale(double)}).
   */
  public double scale() {
    return scale;
  }

  /** The scale the sampler uses, exactly. */
  public Rational exactScale() {
    return exactScale;
  }

  /**
   * CKS 2020 Algorithm 2 for scale s/t: U uniform on {0..s-1} kept with probability exp(-U/s),
   * V ~ Geometric(1 - exp(-1)); X = U + sV then has P(X = x) proportional to exp(-x/s), and
   * Y = floor(X/t) has P(Y = y) proportional to exp(-y t/s). A random sign, rejecting "-0" so that
   * 0 is not counted twice, gives P(k) proportional to exp(-|k| t/s).
   */
  @Override
  public long sample(RandomGenerator rng) {
    return longPath ? sampleWithLongs(rng) : sampleWithBigIntegers(rng);
  }

  private long sampleWithLongs(RandomGenerator rng) {
    while (true) {
      long u = UniformInts.below(rng, s);
      if (!ExactBernoulli.withProbabilityExpMinus(rng, u, s)) {
        continue;
      }
      long v = geometricExpMinusOne(rng);
      long magnitude =
          v <= maxLongV
              ? (u + s * v) / t
              : BigInteger.valueOf(s)
                  .multiply(BigInteger.valueOf(v))
                  .add(BigInteger.valueOf(u))
                  .divide(BigInteger.valueOf(t))
                  .longValueExact();
      boolean negative = UniformInts.fairCoin(rng);
      if (negative && magnitude == 0) {
        continue;
      }
      return negative ? -magnitude : magnitude;
    }
  }

  private long sampleWithBigIntegers(RandomGenerator rng) {
    while (true) {
      BigInteger u = UniformInts.below(rng, bigS);
      if (!ExactBernoulli.withProbabilityExpMinus(rng, u, bigS)) {
        continue;
      }
      long v = geometricExpMinusOne(rng);
      long magnitude = bigS.multiply(BigInteger.valueOf(v)).add(u).divide(bigT).longValueExact();
      boolean negative = UniformInts.fairCoin(rng);
      if (negative && magnitude == 0) {
        continue;
      }
      return negative ? -magnitude : magnitude;
    }
  }

  /** Number of successes before the first failure of Bernoulli(exp(-1)) coins. */
  private static long geometricExpMinusOne(RandomGenerator rng) {
    long v = 0;
    while (ExactBernoulli.withProbabilityExpMinus(rng, 1, 1)) {
      v++;
    }
    return v;
  }

  /** {@code log P(k) = log tanh(1/(2 scale)) - |k|/scale}. */
  @Override
  public double logPmf(long k) {
    return logNormaliser - Math.abs((double) k) * rate;
  }

  /**
   * log(tanh(x)) for x > 0 as log(1 - e^-2x) - log(1 + e^-2x), with expm1 so that it stays accurate
   * for tiny x (huge scales) and log1p for large x (tiny scales).
   */
  private static double logTanh(double x) {
    return Math.log(-Math.expm1(-2 * x)) - Math.log1p(Math.exp(-2 * x));
  }

  @Override
  public String toString() {
    return "discrete-laplace(scale=" + exactScale + ")";
  }
}
