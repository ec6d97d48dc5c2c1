package dev.pate.cli.cache;

import dev.pate.datasets.ImageDataset;
import java.nio.ByteBuffer;
import java.nio.FloatBuffer;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.List;

/**
 * A sha256 of data sets' content as the networks see it: shapes, labels and the pixels scaled to
 * [0, 1]. Part of the cache key, so that a changed data file (or another one under the same name)
 * never reuses teachers trained on the old one. About a quarter of a second for all of MNIST.
 */
final class DataFingerprint {
  private DataFingerprint() {}

  static String of(List<ImageDataset> sets) {
    MessageDigest digest = Hashing.sha256();
    for (ImageDataset set : sets) {
      int width = set.pixelsPerImage();
      ByteBuffer header = ByteBuffer.allocate(16);
      header.putInt(set.size()).putInt(set.rows()).putInt(set.cols()).putInt(set.numClasses());
      digest.update(header.array());
      float[] pixels = new float[width];
      ByteBuffer example = ByteBuffer.allocate(width * Float.BYTES + Integer.BYTES);
      FloatBuffer floats = example.asFloatBuffer();
      for (int i = 0; i < set.size(); i++) {
        set.pixelsAsFloats(i, pixels, 0);
        floats.clear();
        floats.put(pixels);
        example.putInt(width * Float.BYTES, set.label(i));
        digest.update(example.array());
      }
    }
    return HexFormat.of().formatHex(digest.digest());
  }
}
