package dev.pate.pipeline.cache;

import dev.pate.datasets.Dataset;
import dev.pate.datasets.multilabel.MultiLabelImages;
import dev.pate.ensemble.nn.InputShape;
import dev.pate.files.Sha256;
import java.nio.ByteBuffer;
import java.nio.FloatBuffer;
import java.security.MessageDigest;
import java.util.List;

/**
 * A sha256 of data sets' content as the networks see it: shapes, labels and the features (pixels
 * scaled to [0, 1], or a table's encoded columns). Part of the cache key, so that a changed data file (or another one under the same name)
 * never reuses teachers trained on the old one. About a quarter of a second for all of MNIST.
 */
public final class DataFingerprint {
  private DataFingerprint() {}

  public static String of(List<? extends Dataset> sets) {
    MessageDigest digest = Sha256.digest();
    for (Dataset set : sets) {
      int width = set.featureCount();
      // Images hash as height x width, tables as 1 x features: the networks' input shapes.
      InputShape shape = InputShape.of(set);
      ByteBuffer header = ByteBuffer.allocate(16);
      header.putInt(set.size()).putInt(shape.height()).putInt(shape.width())
          .putInt(set.numClasses());
      digest.update(header.array());
      float[] features = new float[width];
      ByteBuffer example = ByteBuffer.allocate(width * Float.BYTES + Integer.BYTES);
      FloatBuffer floats = example.asFloatBuffer();
      for (int i = 0; i < set.size(); i++) {
        set.featuresAsFloats(i, features, 0);
        floats.clear();
        floats.put(features);
        example.putInt(width * Float.BYTES, set.label(i));
        digest.update(example.array());
      }
    }
    return Sha256.hex(digest);
  }

  /**
   * The sha256 of multi-label image sets: each set's size, shape and label count, and every
   * image's pixels and label set, so that other canvases (another generator setting, or changed
   * MNIST files) never reuse teachers trained on these.
   */
  public static String ofLabelSets(List<MultiLabelImages> sets) {
    MessageDigest digest = Sha256.digest();
    for (MultiLabelImages set : sets) {
      ByteBuffer header = ByteBuffer.allocate(20);
      header.putInt(set.size()).putInt(set.shape().height()).putInt(set.shape().width())
          .putInt(set.shape().channels()).putInt(set.labels());
      digest.update(header.array());
      digest.update(set.pixels());
      ByteBuffer masks = ByteBuffer.allocate(Integer.BYTES * set.size());
      for (int mask : set.labelMasks()) {
        masks.putInt(mask);
      }
      digest.update(masks.array());
    }
    return Sha256.hex(digest);
  }
}
