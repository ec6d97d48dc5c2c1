package dev.pate.pipeline.cache;

import dev.pate.datasets.Dataset;
import dev.pate.datasets.ImageShape;
import dev.pate.datasets.multilabel.MultiLabelExamples;
import dev.pate.ensemble.nn.InputShape;
import dev.pate.files.Sha256;
import java.nio.ByteBuffer;
import java.nio.FloatBuffer;
import java.nio.charset.StandardCharsets;
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
   * The sha256 of multi-label example sets (canvases, image folders or table rows): each set's
   * size, input shape, label names, and every example's features (as the networks read them) and
   * label set, so that other data (another generator setting, changed files, another encoding)
   * never reuses teachers trained on these.
   */
  public static String ofLabelSets(List<? extends MultiLabelExamples> sets) {
    MessageDigest digest = Sha256.digest();
    for (MultiLabelExamples set : sets) {
      ImageShape shape = set.imageShape().orElse(null);
      ByteBuffer header = ByteBuffer.allocate(24);
      header.putInt(set.size()).putInt(set.featureCount())
          .putInt(shape == null ? 0 : shape.height()).putInt(shape == null ? 0 : shape.width())
          .putInt(shape == null ? 0 : shape.channels()).putInt(set.labels());
      digest.update(header.array());
      digest.update(String.join("\n", set.labelNames()).getBytes(StandardCharsets.UTF_8));
      float[] row = new float[set.featureCount()];
      ByteBuffer bytes = ByteBuffer.allocate(Float.BYTES * row.length + Integer.BYTES);
      for (int i = 0; i < set.size(); i++) {
        set.featuresAsFloats(i, row, 0);
        bytes.clear();
        bytes.asFloatBuffer().put(row);
        bytes.position(Float.BYTES * row.length);
        bytes.putInt(set.labelMask(i));
        digest.update(bytes.array());
      }
    }
    return Sha256.hex(digest);
  }
}
