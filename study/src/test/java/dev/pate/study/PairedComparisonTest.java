package dev.pate.study;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class PairedComparisonTest {

  private static final Map<Long, Double> BASE =
      Map.of(1L, 0.980, 2L, 0.990, 3L, 0.970, 4L, 0.985);

  /** A challenger that adds {@code gains[i]} to the base's seed i + 1. */
  private static Map<Long, Double> plus(double... gains) {
    return Map.of(1L, BASE.get(1L) + gains[0], 2L, BASE.get(2L) + gains[1],
        3L, BASE.get(3L) + gains[2], 4L, BASE.get(4L) + gains[3]);
  }

  /** The sample standard deviation over the square root of n, times two: the rule's bar. */
  private static double twoStandardErrors(double... gains) {
    double mean = java.util.Arrays.stream(gains).average().orElseThrow();
    double squares = java.util.Arrays.stream(gains).map(g -> (g - mean) * (g - mean)).sum();
    return 2 * Math.sqrt(squares / (gains.length - 1) / gains.length);
  }

  @Test
  void aSteadyGainPassesAndANoisyOneOfTheSameMeanDoesNot() {
    PairedComparison steady = PairedComparison.of("steady", BASE, plus(0.003, 0.004, 0.005, 0.004));
    assertEquals(0.004, steady.gain(), 1e-12);
    assertEquals(twoStandardErrors(0.003, 0.004, 0.005, 0.004), steady.twoStandardErrors(), 1e-12);
    assertTrue(steady.passes());

    PairedComparison noisy = PairedComparison.of("noisy", BASE, plus(0.012, -0.004, 0.010, -0.002));
    assertEquals(0.004, noisy.gain(), 1e-12);
    assertTrue(noisy.twoStandardErrors() > 0.004, "the spread hides the gain");
    assertFalse(noisy.passes());
  }

  @Test
  void onlyTheSeedsBothMeasuredArePaired() {
    PairedComparison c = PairedComparison.of("partial", BASE,
        Map.of(2L, 0.995, 4L, 0.990, 9L, 0.999));
    assertEquals(List.of(2L, 4L), c.seeds());
    assertEquals(List.of(0.990, 0.985), c.base());
    assertEquals(0.005, c.gain(), 1e-12);
    assertEquals(0.0, c.twoStandardErrors(), 1e-12);
    assertTrue(c.passes(), "two seeds gaining alike");
  }

  @Test
  void oneSeedNeverPassesForItsSpreadIsUnknown() {
    PairedComparison c = PairedComparison.of("one", BASE, Map.of(1L, 0.999));
    assertTrue(Double.isNaN(c.twoStandardErrors()));
    assertFalse(c.passes());
    assertFalse(PairedComparison.of("none", BASE, Map.of(7L, 0.999)).passes());
  }

  @Test
  void theChoiceIsTheLargestGainOfThoseThatPass() {
    PairedComparison small = PairedComparison.of("small", BASE, plus(0.002, 0.002, 0.002, 0.003));
    PairedComparison large = PairedComparison.of("large", BASE, plus(0.006, 0.005, 0.006, 0.005));
    PairedComparison failing = PairedComparison.of("noisy", BASE, plus(0.03, -0.01, 0.02, -0.01));
    assertTrue(failing.gain() > large.gain() && !failing.passes());
    assertEquals("large", PairedComparison.chosen(List.of(small, failing, large))
        .orElseThrow().setting());
    assertTrue(PairedComparison.chosen(List.of(failing)).isEmpty());
  }
}
