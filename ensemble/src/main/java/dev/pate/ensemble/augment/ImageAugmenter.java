package dev.pate.ensemble.augment;

import dev.pate.ensemble.nn.Classifiers;
import dev.pate.ensemble.nn.InputShape;
import dev.pate.ensemble.nn.Seeds;
import java.util.EnumSet;
import java.util.List;
import java.util.Random;
import org.nd4j.linalg.api.buffer.DataType;
import org.nd4j.linalg.api.ndarray.INDArray;
import org.nd4j.linalg.factory.Nd4j;

/**
 * Applies the configured augmentations to images stored as flat rows ({@code channels} planes of
 * {@code height * width} floats one after the other, background 0), writing straight into the
 * batch array the network will take: one copy per augmented image, none in between.
 *
 * <p>Geometry (shift, rotation, elastic distortion) is one inverse warp per image: each output
 * pixel looks up where it came from and samples the source bilinearly, so the three compose
 * without resampling the image three times. A shift alone is an exact whole-pixel copy. Cutout and
 * the mirror ({@code flip}) are applied after the warp. Every parameter is drawn once per image
 * and applied to each channel alike, so a colour image moves as one. Parameters are drawn per
 * image from the caller's generator, so a seeded generator gives the same images; the draws of a
 * grey image without flip are those of the single-channel augmenter before colour existed.
 */
public final class ImageAugmenter {
  /** Largest translation, in pixels, of {@link Augmentation#SHIFT}. */
  public static final int MAX_SHIFT = 2;

  /** Largest rotation, in degrees, of {@link Augmentation#ROTATE}. */
  public static final double MAX_ROTATION_DEGREES = 15;

  /** Largest displacement, in pixels, of a control point of {@link Augmentation#ELASTIC}. */
  public static final double ELASTIC_ALPHA = 2;

  /**
   * The elastic displacement field is drawn on a coarse grid of this many cells per side and
   * interpolated bilinearly: a cheap stand-in for Simard et al.'s Gaussian-smoothed per-pixel
   * field, with the same effect of smooth local stretching.
   */
  private static final int ELASTIC_GRID = 3;

  private final EnumSet<Augmentation> augmentations;
  private final int height;
  private final int width;
  private final int channels;
  private final long seed;

  /**
   * @param shape the images' shape; a vector (table rows) takes no augmentation
   * @param seed base of the per-epoch generators of {@link #epochs}; unused by the methods that
   *     take a generator
   */
  public ImageAugmenter(List<Augmentation> augmentations, InputShape shape, long seed) {
    this.augmentations = augmentations.isEmpty() ? EnumSet.noneOf(Augmentation.class)
        : EnumSet.copyOf(augmentations);
    if (!shape.image() && !this.augmentations.isEmpty()) {
      throw new IllegalArgumentException("augmentations: " + augmentations + " need images, not"
          + " a vector of " + shape.features() + " features");
    }
    this.height = shape.height();
    this.width = shape.width();
    this.channels = shape.channels();
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
    return epoch -> Nd4j.create(augment(source, rows, epoch),
        new long[] {rows, (long) channels * height * width}, DataType.FLOAT);
  }

  /** A new array holding every image of {@code source} augmented for this epoch. */
  float[] augment(float[] source, int rows, int epoch) {
    int pixels = channels * height * width;
    if (source.length != rows * pixels) {
      throw new IllegalArgumentException("source: " + source.length + " floats is not " + rows
          + " images of " + height + "x" + width + "x" + channels);
    }
    int[] all = new int[rows];
    java.util.Arrays.setAll(all, i -> i);
    float[] out = new float[source.length];
    augmentRows(source, all, out, 0, new Random(Seeds.derive(seed, "augment", epoch)));
    return out;
  }

  /**
   * Writes an augmented copy of the source images {@code rows[k]} (indices of images in {@code
   * source}, repeats allowed) one after the other into {@code dst} from image slot {@code
   * firstSlot}.
   */
  public void augmentRows(float[] source, int[] rows, float[] dst, int firstSlot, Random random) {
    int pixels = channels * height * width;
    for (int k = 0; k < rows.length; k++) {
      augmentOne(source, rows[k] * pixels, dst, (firstSlot + k) * pixels, random);
    }
  }

  private void augmentOne(float[] src, int from, float[] dst, int to, Random random) {
    int dx = 0;
    int dy = 0;
    if (augmentations.contains(Augmentation.SHIFT)) {
      dx = random.nextInt(2 * MAX_SHIFT + 1) - MAX_SHIFT;
      dy = random.nextInt(2 * MAX_SHIFT + 1) - MAX_SHIFT;
    }
    boolean rotate = augmentations.contains(Augmentation.ROTATE);
    boolean elastic = augmentations.contains(Augmentation.ELASTIC);
    int plane = height * width;
    if (rotate || elastic) {
      double angle = rotate
          ? Math.toRadians((2 * random.nextDouble() - 1) * MAX_ROTATION_DEGREES) : 0;
      float[] field = elastic ? elasticField(random) : null;
      for (int c = 0; c < channels; c++) {
        warp(src, from + c * plane, dst, to + c * plane, dx, dy, angle, field);
      }
    } else {
      for (int c = 0; c < channels; c++) {
        shift(src, from + c * plane, dst, to + c * plane, dx, dy);
      }
    }
    if (augmentations.contains(Augmentation.CUTOUT)) {
      int size = Math.max(1, Math.min(height, width) / 4);
      int cy = random.nextInt(height);
      int cx = random.nextInt(width);
      for (int c = 0; c < channels; c++) {
        cutout(dst, to + c * plane, size, cy, cx);
      }
    }
    if (augmentations.contains(Augmentation.FLIP) && random.nextBoolean()) {
      for (int c = 0; c < channels; c++) {
        mirror(dst, to + c * plane);
      }
    }
  }

  /** Mirrors one plane left to right, in place. */
  private void mirror(float[] image, int at) {
    for (int y = 0; y < height; y++) {
      int row = at + y * width;
      for (int x = 0; x < width / 2; x++) {
        float left = image[row + x];
        image[row + x] = image[row + width - 1 - x];
        image[row + width - 1 - x] = left;
      }
    }
  }

  /** Copies one image moved by (dx, dy); pixels moved in from outside are background (0). */
  private void shift(float[] src, int from, float[] dst, int to, int dx, int dy) {
    java.util.Arrays.fill(dst, to, to + height * width, 0f);
    for (int y = 0; y < height; y++) {
      int sy = y - dy;
      if (sy < 0 || sy >= height) {
        continue;
      }
      int fromX = Math.max(0, dx);
      int toX = Math.min(width, width + dx);
      System.arraycopy(src, from + sy * width + fromX - dx, dst, to + y * width + fromX,
          toX - fromX);
    }
  }

  /**
   * Output pixel (x, y) takes the source at the inverse of: rotate by {@code angle} about the
   * centre, then translate by (dx, dy), plus the elastic displacement at (x, y).
   */
  private void warp(float[] src, int from, float[] dst, int to, int dx, int dy, double angle,
      float[] field) {
    double cx = (width - 1) / 2.0;
    double cy = (height - 1) / 2.0;
    double cos = Math.cos(angle);
    double sin = Math.sin(angle);
    for (int y = 0; y < height; y++) {
      for (int x = 0; x < width; x++) {
        double ux = x - dx - cx;
        double uy = y - dy - cy;
        double sx = cos * ux + sin * uy + cx;
        double sy = -sin * ux + cos * uy + cy;
        if (field != null) {
          sx += fieldAt(field, 0, x, y);
          sy += fieldAt(field, 1, x, y);
        }
        dst[to + y * width + x] = bilinear(src, from, sx, sy);
      }
    }
  }

  private float bilinear(float[] src, int from, double sx, double sy) {
    int x0 = (int) Math.floor(sx);
    int y0 = (int) Math.floor(sy);
    double fx = sx - x0;
    double fy = sy - y0;
    return (float) ((1 - fy) * ((1 - fx) * at(src, from, x0, y0) + fx * at(src, from, x0 + 1, y0))
        + fy * ((1 - fx) * at(src, from, x0, y0 + 1) + fx * at(src, from, x0 + 1, y0 + 1)));
  }

  private float at(float[] src, int from, int x, int y) {
    return x < 0 || y < 0 || x >= width || y >= height ? 0f : src[from + y * width + x];
  }

  /** Random displacements (x then y) at the (GRID+1)^2 control points, in pixels. */
  private float[] elasticField(Random random) {
    int points = (ELASTIC_GRID + 1) * (ELASTIC_GRID + 1);
    float[] field = new float[2 * points];
    for (int i = 0; i < field.length; i++) {
      field[i] = (float) ((2 * random.nextDouble() - 1) * ELASTIC_ALPHA);
    }
    return field;
  }

  /** Component {@code c} of the displacement at pixel (x, y), bilinear between control points. */
  private double fieldAt(float[] field, int c, int x, int y) {
    int side = ELASTIC_GRID + 1;
    double gx = x * (double) ELASTIC_GRID / Math.max(1, width - 1);
    double gy = y * (double) ELASTIC_GRID / Math.max(1, height - 1);
    int x0 = Math.min((int) gx, ELASTIC_GRID - 1);
    int y0 = Math.min((int) gy, ELASTIC_GRID - 1);
    double fx = gx - x0;
    double fy = gy - y0;
    int base = c * side * side;
    return (1 - fy) * ((1 - fx) * field[base + y0 * side + x0] + fx * field[base + y0 * side + x0 + 1])
        + fy * ((1 - fx) * field[base + (y0 + 1) * side + x0]
            + fx * field[base + (y0 + 1) * side + x0 + 1]);
  }

  /**
   * Blanks a square of side {@code size} (max(1, side/4): 7 pixels for MNIST) centred at ({@code
   * cx}, {@code cy}) in one plane.
   */
  private void cutout(float[] dst, int to, int size, int cy, int cx) {
    for (int y = Math.max(0, cy - size / 2); y < Math.min(height, cy - size / 2 + size); y++) {
      int row = to + y * width;
      java.util.Arrays.fill(dst, row + Math.max(0, cx - size / 2),
          row + Math.min(width, cx - size / 2 + size), 0f);
    }
  }
}
