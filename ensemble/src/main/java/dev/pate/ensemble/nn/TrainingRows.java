package dev.pate.ensemble.nn;

import java.util.Arrays;
import org.nd4j.linalg.api.buffer.DataType;
import org.nd4j.linalg.api.ndarray.INDArray;
import org.nd4j.linalg.factory.Nd4j;

/**
 * The rows a training loop draws its mini-batches from, held on the Java heap: each batch's rows
 * are copied into one new array. Why not {@code INDArray.getRows}: its native gather (shape
 * descriptors, offsets and several small buffers a call) cost 1.3-2.1 ms of the headline
 * teacher's 8.4 ms 32-image step on one thread, and pate's teachers trained 1.3-1.4x faster
 * without it (2-core AMD EPYC, benchmarks/README.md); the batches hold the same values.
 *
 * @param values the matrix, row after row
 * @param width the number of columns
 */
record TrainingRows(float[] values, int width) {
  static TrainingRows of(INDArray matrix) {
    if (matrix.rank() != 2 || matrix.dataType() != DataType.FLOAT) {
      throw new IllegalArgumentException("training rows: a float matrix expected, got "
          + matrix.dataType() + " of shape " + Arrays.toString(matrix.shape()));
    }
    return new TrainingRows(Nd4j.toFlattened('c', matrix).toFloatVector(),
        (int) matrix.columns());
  }

  /** Rows {@code order[from..to)} as a new [to - from, width] array. */
  INDArray gather(int[] order, int from, int to) {
    float[] batch = new float[(to - from) * width];
    for (int i = from; i < to; i++) {
      System.arraycopy(values, order[i] * width, batch, (i - from) * width, width);
    }
    return Nd4j.create(batch, new long[] {to - from, width}, DataType.FLOAT);
  }
}
