package dev.pate.student;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import org.junit.jupiter.api.Test;

class ClassPriorTest {
  @Test
  void labelsGiveAddOneSmoothedFrequenciesAndUniformIgnoresThem() {
    // Labels 0, 0, 0 of two classes: (3 + 1) / 5 and (0 + 1) / 5.
    assertArrayEquals(new double[] {0.8, 0.2}, ClassPrior.LABELS.of(new int[] {0, 0, 0}, 2),
        1e-12);
    assertArrayEquals(new double[] {0.25, 0.25, 0.25, 0.25},
        ClassPrior.UNIFORM.of(new int[] {0, 0, 0}, 4), 1e-12);
  }
}
