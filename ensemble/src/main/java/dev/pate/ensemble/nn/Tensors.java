package dev.pate.ensemble.nn;

import dev.pate.datasets.Dataset;
import org.nd4j.linalg.api.buffer.DataType;
import org.nd4j.linalg.api.ndarray.INDArray;
import org.nd4j.linalg.factory.Nd4j;

/**
 * Conversions from datasets to ND4J arrays: one flat row of features per example (pixels scaled to
 * [0, 1], or a table's encoded columns).
 */
public final class Tensors {
  private Tensors() {}

  /** All examples as a [n, featureCount] float matrix, one copy. */
  public static INDArray features(Dataset examples) {
    int n = examples.size();
    int width = examples.featureCount();
    float[] flat = new float[n * width];
    examples.featuresAsFloats(0, n, flat, 0);
    return Nd4j.create(flat, new long[] {n, width}, DataType.FLOAT);
  }

  /** One-hot rows for the given labels. */
  public static INDArray oneHot(int[] labels, int numClasses) {
    float[] flat = new float[labels.length * numClasses];
    for (int i = 0; i < labels.length; i++) {
      if (labels[i] < 0 || labels[i] >= numClasses) {
        throw new IllegalArgumentException("labels: " + labels[i] + " at " + i
            + " is not in 0.." + (numClasses - 1));
      }
      flat[i * numClasses + labels[i]] = 1f;
    }
    return Nd4j.create(flat, new long[] {labels.length, numClasses}, DataType.FLOAT);
  }
}
