package dev.pate.student.multilabel;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

/** The multi-label metrics on cases worked by hand. */
class MultiLabelMetricsTest {

  @Test
  void workedExample() {
    // 3 labels, 4 examples.
    // truth:     {0,1}  {1}   {2}   {}
    // predicted: {0,1}  {1,2} {}    {}
    int[] truth = {0b011, 0b010, 0b100, 0b000};
    int[] predicted = {0b011, 0b110, 0b000, 0b000};
    MultiLabelMetrics m = MultiLabelMetrics.of(3, predicted, truth);
    // label 0: right on all 4; label 1: all 4; label 2: wrong on examples 1 and 2.
    assertArrayEquals(new double[] {1, 1, 0.5}, m.perLabelAccuracy(), 1e-15);
    // label 0: tp 1 -> F1 1; label 1: tp 2 -> 1; label 2: tp 0, fp 1, fn 1 -> 0.
    assertArrayEquals(new double[] {1, 1, 0}, m.perLabelF1(), 1e-15);
    // micro: tp 3, fp 1, fn 1 -> 6 / 8.
    assertEquals(0.75, m.microF1(), 1e-15);
    assertEquals(2.0 / 3, m.macroF1(), 1e-15);
    assertEquals(0.5, m.labelSetAccuracy(), 1e-15);
    assertEquals(4, m.examples());
  }

  @Test
  void aLabelNeverPresentNorPredictedHasF1ZeroAsScikitLearnGivesIt() {
    MultiLabelMetrics m = MultiLabelMetrics.of(2, new int[] {0b01}, new int[] {0b01});
    assertArrayEquals(new double[] {1, 0}, m.perLabelF1(), 1e-15);
    assertEquals(1, m.microF1(), 1e-15);
    assertEquals(1, m.labelSetAccuracy(), 1e-15);
  }

  @Test
  void rejectsMismatchedInput() {
    assertThrows(IllegalArgumentException.class,
        () -> MultiLabelMetrics.of(2, new int[] {1}, new int[] {1, 2}));
    assertThrows(IllegalArgumentException.class,
        () -> MultiLabelMetrics.of(2, new int[0], new int[0]));
  }
}
