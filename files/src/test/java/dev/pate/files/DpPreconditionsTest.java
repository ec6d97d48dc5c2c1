package dev.pate.files;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

class DpPreconditionsTest {
  private static void assertRefused(String message, Executable check) {
    assertEquals(message, assertThrows(IllegalArgumentException.class, check).getMessage());
  }

  @Test
  void eachCheckNamesTheParameterTheValueAndTheExpectedRange() {
    assertRefused("delta: 1.5 is not in (0, 1)", () -> DpPreconditions.checkDelta(1.5, "delta"));
    assertRefused("delta: 0.0 is not in (0, 1)", () -> DpPreconditions.checkDelta(0, "delta"));
    assertRefused("p: NaN is not in [0, 1]",
        () -> DpPreconditions.checkProbability(Double.NaN, "p"));
    assertRefused("order: 1.0 is not a finite order > 1",
        () -> DpPreconditions.checkOrder(1, "order"));
    assertRefused("order: Infinity is not a finite order > 1",
        () -> DpPreconditions.checkOrder(Double.POSITIVE_INFINITY, "order"));
    assertRefused("sigma: 0.0 is not a finite number > 0",
        () -> DpPreconditions.checkPositive(0, "sigma"));
    assertRefused("epsilon: -1.0E-9 is not a finite number >= 0",
        () -> DpPreconditions.checkNonNegative(-1e-9, "epsilon"));
    assertRefused("x: NaN is not a finite number",
        () -> DpPreconditions.checkFinite(Double.NaN, "x"));
    assertRefused("teachers: 0 is not >= 1", () -> DpPreconditions.checkAtLeast(0, 1, "teachers"));
  }

  @Test
  void aValueInRangeIsReturnedAsItIs() {
    assertEquals(1e-5, DpPreconditions.checkDelta(1e-5, "delta"));
    assertEquals(0.0, DpPreconditions.checkProbability(0, "p"));
    assertEquals(1.0, DpPreconditions.checkProbability(1, "p"));
    assertEquals(1.5, DpPreconditions.checkOrder(1.5, "order"));
    assertEquals(0.0, DpPreconditions.checkNonNegative(0, "epsilon"));
    assertEquals(3, DpPreconditions.checkAtLeast(3, 1, "teachers"));
  }
}
