package dev.pate.student;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.OptionalDouble;
import org.junit.jupiter.api.Test;

class PseudoLabelsTest {
  @Test
  void noPseudoLabelHasNoPrecisionNotAPerfectOne() {
    // issue 30: precision over zero pseudo-labels was printed as 1.0000
    assertTrue(new PseudoLabels(0, 0, 0, 50).precision().isEmpty());
  }

  @Test
  void precisionIsOverTheCheckedOnes() {
    assertEquals(OptionalDouble.of(0.75), new PseudoLabels(10, 4, 3, 50).precision());
    assertTrue(new PseudoLabels(10, 0, 0, 50).precision().isEmpty());
  }
}
