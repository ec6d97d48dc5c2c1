package dev.pate.aggregator.noise;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The test helper itself, against textbook chi-square quantiles and closed forms. */
class GoodnessOfFitTest {

  @Test
  void chiSquareTailMatchesTextbookQuantiles() {
    // Upper 5% and 0.1% points of the chi-square law (standard tables).
    assertEquals(0.05, GoodnessOfFit.chiSquareUpperTail(3.841459, 1), 1e-6);
    assertEquals(0.05, GoodnessOfFit.chiSquareUpperTail(18.307038, 10), 1e-6);
    assertEquals(0.001, GoodnessOfFit.chiSquareUpperTail(29.588298, 10), 1e-7);
    assertEquals(0.05, GoodnessOfFit.chiSquareUpperTail(124.342113, 100), 1e-6);
    // df = 2: Q = exp(-x/2) exactly.
    assertEquals(Math.exp(-20), GoodnessOfFit.chiSquareUpperTail(40, 2), 1e-20);
  }

  @Test
  void perfectFitHasPValueOneAndGrossMisfitNearZero() {
    assertEquals(1.0, GoodnessOfFit.uniformPValue(new long[] {100, 100, 100, 100}), 1e-12);
    assertTrue(GoodnessOfFit.uniformPValue(new long[] {130, 100, 100, 70}) < GoodnessOfFit.ALPHA);
  }
}
