package dev.pate.aggregator.noise;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.MathContext;

/**
 * An exact non-negative rational number {@code numerator / denominator} in lowest terms, the form
 * in which the exact samplers take their parameters.
 *
 * <p><b>How a double parameter becomes exact.</b> Every finite double is a dyadic rational, but the
 * double nearest to a decimal such as {@code 0.05} is not 1/20. Parameters are typed by people as
 * decimals (in YAML, on the command line), so {@link #ofDecimal(double)} reads a double as the
 * decimal that {@link Double#toString(double)} prints for it, via {@code new
 * BigDecimal(Double.toString(x))}: {@code 0.05} becomes exactly 1/20, {@code 40.0} exactly 40,
 * {@code 1.0E-6} exactly 1/1000000. That decimal rounds back to the same double, so it differs
 * from the double's binary value by less than half an ulp (about 1e-16 relative), far below the
 * floating-point error of any privacy analysis that uses the double.
 */
public record Rational(BigInteger numerator, BigInteger denominator) {

  /** Reduces to lowest terms; the numerator must be {@code >= 0}, the denominator {@code > 0}. */
  public Rational {
    if (numerator.signum() < 0) {
      throw new IllegalArgumentException("numerator: " + numerator + " is not >= 0");
    }
    if (denominator.signum() <= 0) {
      throw new IllegalArgumentException("denominator: " + denominator + " is not > 0");
    }
    BigInteger gcd = numerator.gcd(denominator);
    if (!gcd.equals(BigInteger.ONE) && gcd.signum() != 0) {
      numerator = numerator.divide(gcd);
      denominator = denominator.divide(gcd);
    }
  }

  /** {@code numerator / denominator}. */
  public static Rational of(long numerator, long denominator) {
    return new Rational(BigInteger.valueOf(numerator), BigInteger.valueOf(denominator));
  }

  /** The decimal that {@link Double#toString(double)} shows for {@code value}, exactly. */
  public static Rational ofDecimal(double value) {
    if (!Double.isFinite(value) || value < 0) {
      throw new IllegalArgumentException("value: " + value + " is not finite and >= 0");
    }
    BigDecimal decimal = new BigDecimal(Double.toString(value));
    BigInteger unscaled = decimal.unscaledValue();
    int scale = decimal.scale();
    return scale >= 0
        ? new Rational(unscaled, BigInteger.TEN.pow(scale))
        : new Rational(unscaled.multiply(BigInteger.TEN.pow(-scale)), BigInteger.ONE);
  }

  /** {@code 1 / this}; this must be positive. */
  public Rational reciprocal() {
    return new Rational(denominator, numerator);
  }

  /** {@code this * this}. */
  public Rational square() {
    return new Rational(numerator.multiply(numerator), denominator.multiply(denominator));
  }

  /** The largest integer {@code <= this}. */
  public BigInteger floor() {
    return numerator.divide(denominator);
  }

  /** Whether numerator and denominator both fit in a {@code long}. */
  public boolean fitsInLongs() {
    return numerator.bitLength() < Long.SIZE && denominator.bitLength() < Long.SIZE;
  }

  /** The nearest double, up to one ulp (rounded through a 34-digit decimal). */
  public double doubleValue() {
    return new BigDecimal(numerator)
        .divide(new BigDecimal(denominator), MathContext.DECIMAL128)
        .doubleValue();
  }

  @Override
  public String toString() {
    return denominator.equals(BigInteger.ONE)
        ? numerator.toString()
        : numerator + "/" + denominator;
  }
}
