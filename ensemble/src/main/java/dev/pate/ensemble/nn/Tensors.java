package dev.pate.ensemble.nn;

import dev.pate.datasets.ImageDataset;
import org.nd4j.linalg.api.buffer.DataType;
import org.nd4j.linalg.api.ndarray.INDArray;
import org.nd4j.linalg.factory.Nd4j;

/** Conversions from datasets to ND4J arrays. Features are flat rows scaled to [0, 1]. */
public final class Tensors {
  private Tensors() {}

  /** All images as a [n, rows*cols] float matrix, one copy. */
  public static INDArray features(ImageDataset images) {
    int n = images.size();
    int width = images.pixelsPerImage();
    float[] flat = new float[n * width];
    for (int i = 0; i < n; i++) {
      images.pixelsAsFloats(i, flat, i * width);
    }
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
