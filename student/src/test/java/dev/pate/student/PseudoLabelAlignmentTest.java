package dev.pate.student;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class PseudoLabelAlignmentTest {
  /** A student that says class 0 for three images of four: over-predicting it against a 50/50. */
  private static final float[][] SKEWED = {
      {0.97f, 0.03f}, {0.97f, 0.03f}, {0.96f, 0.04f}, {0.10f, 0.90f}};

  @Test
  void noneReturnsTheStudentsOwnProbabilities() {
    assertSame(SKEWED, PseudoLabelAlignment.NONE.align(SKEWED, new int[] {0, 1}, 2));
  }

  @Test
  void uniformMovesTheDoubtfulImagesOfAnOverPredictedClassBelowTheThreshold() {
    float[][] aligned = PseudoLabelAlignment.UNIFORM.align(SKEWED, new int[0], 2);
    // Pool means are 0.75 and 0.25: class 0 is scaled by 0.5 / 0.75 and class 1 by 0.5 / 0.25,
    // so 0.96 becomes 0.64 / (0.64 + 0.08) and stops passing a 0.95 threshold.
    assertEquals(0.64 / 0.72, aligned[2][0], 1e-6);
    assertTrue(aligned[2][0] < 0.95 && SKEWED[2][0] > 0.95);
    assertEquals(1.8 / (1.8 + 0.10 * 2 / 3.0), aligned[3][1], 1e-6);
    for (float[] row : aligned) {
      assertEquals(1.0, row[0] + row[1], 1e-6);
    }
  }

  @Test
  void labelsTakeTheLabelledFrequenciesAddOneSmoothed() {
    // Labels 0, 0, 0: prior (3 + 1) / 5 and (0 + 1) / 5, i.e. 0.8 and 0.2 (not 1 and 0, which
    // would forbid class 1 for good).
    float[][] aligned = PseudoLabelAlignment.LABELS.align(SKEWED, new int[] {0, 0, 0}, 2);
    double zero = 0.97 * 0.8 / 0.75;
    double one = 0.03 * 0.2 / 0.25;
    assertEquals(zero / (zero + one), aligned[0][0], 1e-6);
  }

  @Test
  void aClassNoImageGivesAnyProbabilityStaysAtZero() {
    float[][] aligned = PseudoLabelAlignment.UNIFORM.align(
        new float[][] {{1f, 0f}, {0.5f, 0.5f}}, new int[0], 2);
    assertArrayEquals(new float[] {1f, 0f}, aligned[0], 1e-6f);
    float[][] third = PseudoLabelAlignment.UNIFORM.align(
        new float[][] {{0.6f, 0.4f, 0f}}, new int[0], 3);
    assertEquals(0f, third[0][2]);
    assertEquals(1.0, third[0][0] + third[0][1], 1e-6);
  }

  @Test
  void aLabelOutsideTheClassesIsABug() {
    assertEquals("prior: a labelled example has class 2, not in [0, 2)",
        assertThrows(IllegalArgumentException.class,
            () -> PseudoLabelAlignment.LABELS.align(SKEWED, new int[] {2}, 2)).getMessage());
  }
}
