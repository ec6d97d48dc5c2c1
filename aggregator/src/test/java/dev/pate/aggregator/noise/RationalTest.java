package dev.pate.aggregator.noise;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.math.BigInteger;
import org.junit.jupiter.api.Test;

class RationalTest {

  @Test
  void decimalsAreReadAsWritten() {
    assertEquals(Rational.of(1, 20), Rational.ofDecimal(0.05));
    assertEquals(Rational.of(40, 1), Rational.ofDecimal(40));
    assertEquals(Rational.of(4, 5), Rational.ofDecimal(0.8));
    assertEquals(Rational.of(1, 1_000_000), Rational.ofDecimal(1e-6));
    assertEquals(new Rational(BigInteger.TEN.pow(20), BigInteger.ONE), Rational.ofDecimal(1e20));
    assertEquals(
        new Rational(BigInteger.valueOf(3333333333333333L), BigInteger.TEN.pow(16)),
        Rational.ofDecimal(1.0 / 3));
  }

  @Test
  void arithmeticIsExactAndInLowestTerms() {
    assertEquals(Rational.of(100, 3), Rational.ofDecimal(0.03).reciprocal());
    assertEquals(Rational.of(16, 25), Rational.ofDecimal(0.8).square());
    assertEquals(BigInteger.valueOf(33), Rational.of(100, 3).floor());
    assertEquals("100/3", Rational.of(200, 6).toString());
    assertEquals("20", Rational.of(40, 2).toString());
    assertEquals(0.05, Rational.of(1, 20).doubleValue());
  }

  @Test
  void invalidValuesAreRejected() {
    assertEquals(
        "value: NaN is not finite and >= 0",
        assertThrows(IllegalArgumentException.class, () -> Rational.ofDecimal(Double.NaN))
            .getMessage());
    assertThrows(IllegalArgumentException.class, () -> Rational.ofDecimal(-1));
    assertThrows(IllegalArgumentException.class, () -> Rational.of(1, 0));
    assertThrows(IllegalArgumentException.class, () -> Rational.of(-1, 2));
  }
}
