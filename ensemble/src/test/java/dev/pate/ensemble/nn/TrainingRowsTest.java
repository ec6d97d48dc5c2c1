package dev.pate.ensemble.nn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.nd4j.linalg.api.buffer.DataType;
import org.nd4j.linalg.api.ndarray.INDArray;
import org.nd4j.linalg.factory.Nd4j;

class TrainingRowsTest {
  private static final int[] ORDER = {6, 0, 3, 3, 9, 1, 4};

  @Test
  void batchesHoldTheSameRowsAsGetRows() {
    INDArray matrix = Nd4j.rand(DataType.FLOAT, 10, 7);
    TrainingRows rows = TrainingRows.of(matrix);
    for (int[] range : new int[][] {{0, 4}, {4, 7}, {2, 3}}) {
      int[] picked = Arrays.copyOfRange(ORDER, range[0], range[1]);
      INDArray batch = rows.gather(ORDER, range[0], range[1]);
      assertEquals(matrix.getRows(picked), batch, "rows " + Arrays.toString(picked));
      assertEquals(DataType.FLOAT, batch.dataType());
    }
  }

  @Test
  void aColumnMajorMatrixGivesTheSameRows() {
    INDArray matrix = Nd4j.rand(DataType.FLOAT, 10, 7);
    INDArray batch = TrainingRows.of(matrix.dup('f')).gather(ORDER, 0, ORDER.length);
    assertEquals(matrix.getRows(ORDER), batch);
  }

  @Test
  void onlyFloatMatricesAreAccepted() {
    var doubles = assertThrows(IllegalArgumentException.class,
        () -> TrainingRows.of(Nd4j.rand(DataType.DOUBLE, 3, 2)));
    assertTrue(doubles.getMessage().contains("DOUBLE"), doubles.getMessage());
    var vector = assertThrows(IllegalArgumentException.class,
        () -> TrainingRows.of(Nd4j.rand(DataType.FLOAT, 2, 3, 4)));
    assertTrue(vector.getMessage().contains("[2, 3, 4]"), vector.getMessage());
  }
}
