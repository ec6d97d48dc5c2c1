package dev.pate.student.augment;

import dev.pate.config.Augmentation;
import dev.pate.ensemble.nn.Classifiers;
import dev.pate.ensemble.nn.Seeds;
import java.util.EnumSet;
import java.util.List;
import java.util.Random;
import org.nd4j.linalg.api.buffer.DataType;
import org.nd4j.linalg.api.ndarray.INDArray;
import org.nd4j.linalg.factory.Nd4j;

/**
 * Applies the configured augmentations to single-channel images stored as flat rows
 * ({@code height * width} floats, background 0). Each epoch draws new parameters per image from a
 * generator seeded by (seed, epoch), so the same seed gives the same training images.
 */
public final class ImageAugmenter {
  /** Largest translation, in pixels, of {@link Augmentation#SHIFT}. */
  public static final int MAX_SHIFT = 2;

  private final EnumSet<Augmentation> augmentations;
  private final int height;
  private final int width;
  private final long seed;

  public ImageAugmenter(List<Augmentation> augmentations, int height, int width, long seed) {
    if (height < 1 || width < 1) {
      throw new IllegalArgumentException("image: " + height + "x" + width + " is not at least 1x1");
    }
    this.augmentations = augmentations.isEmpty() ? EnumSet.noneOf(Augmentation.class)
        : EnumSet.copyOf(augmentations);
    this.height = height;
    this.width = width;
    this.seed = seed;
  }

  public boolean isIdentity() {
    return augmentations.isEmpty();
  }

  /** The per-epoch features for training: the originals if nothing is configured. */
  public Classifiers.EpochFeatures epochs(INDArray originals) {
    if (isIdentity()) {
      return Classifiers.EpochFeatures.fixed(originals);
    }
    float[] source = originals.dup().data().asFloat();
    int rows = (int) originals.rows();
    return epoch -> Nd4j.create(augment(source, rows, epoch), new long[] {rows, height * width},
        DataType.FLOAT);
  }

  /** A new array holding every image of {@code source} augmented for this epoch. */
  float[] augment(float[] source, int rows, int epoch) {
    int pixels = height * width;
    if (source.length != rows * pixels) {
      throw new IllegalArgumentException("source: " + source.length + " floats is not " + rows
          + " images of " + height + "x" + width);
    }
    float[] out = new float[source.length];
    Random random = new Random(Seeds.derive(seed, "augment", epoch));
    for (int i = 0; i < rows; i++) {
      int dx = 0;
      int dy = 0;
      if (augmentations.contains(Augmentation.SHIFT)) {
        dx = random.nextInt(2 * MAX_SHIFT + 1) - MAX_SHIFT;
        dy = random.nextInt(2 * MAX_SHIFT + 1) - MAX_SHIFT;
      }
      shift(source, out, i * pixels, dx, dy);
    }
    return out;
  }

  /** Copies one image moved by (dx, dy); pixels moved in from outside are background (0). */
  private void shift(float[] src, float[] dst, int offset, int dx, int dy) {
    for (int y = 0; y < height; y++) {
      int sy = y - dy;
      if (sy < 0 || sy >= height) {
        continue;
      }
      int fromX = Math.max(0, dx);
      int toX = Math.min(width, width + dx);
      System.arraycopy(src, offset + sy * width + fromX - dx, dst, offset + y * width + fromX,
          toX - fromX);
    }
  }
}
