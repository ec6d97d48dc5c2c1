package dev.pate.student;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class PoolBalanceTest {
  @Test
  void theDistanceIsHalfTheSumOfTheShareDifferences() {
    // Shares 3/4 and 1/4 against 1/2 and 1/2: (1/4 + 1/4) / 2.
    assertEquals(0.25, PoolBalance.distance(new int[] {0, 0, 0, 1}, new double[] {0.5, 0.5}),
        1e-12);
    assertEquals(0.0, PoolBalance.distance(new int[] {2, 0, 1},
        new double[] {1.0 / 3, 1.0 / 3, 1.0 / 3}), 1e-12);
    // One class folded into another: every image of class 2 called 1.
    assertEquals(1.0 / 3, PoolBalance.distance(new int[] {0, 1, 1},
        new double[] {1.0 / 3, 1.0 / 3, 1.0 / 3}), 1e-12);
  }

  @Test
  void anEmptyPoolCannotJudgeAStudent() {
    assertEquals("predicted: no pool image to judge the student on",
        assertThrows(IllegalArgumentException.class,
            () -> PoolBalance.distance(new int[0], new double[] {1})).getMessage());
  }
}
