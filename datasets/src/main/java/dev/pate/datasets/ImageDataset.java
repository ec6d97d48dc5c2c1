package dev.pate.datasets;

import java.util.Objects;

/**
 * An immutable set of images with unsigned-byte pixels (0..255), grey or colour, of one {@link
 * ImageShape}, each with a label or {@link Dataset#UNLABELLED} (a public pool may have none).
 *
 * <p>Pixels are kept compactly in one {@code byte[]} of {@code n * channels * rows * cols} values,
 * planar per image (each channel row-major, one after the other; for grey images exactly as the
 * IDX file stores them: 60000 MNIST images take 47 MB instead of 188 MB as floats). {@link #subset} and {@link #range} return <em>views</em> that share those arrays and
 * only hold an index map, so splitting the private set into hundreds of teacher partitions copies
 * no pixels. Nothing mutable is ever handed out: accessors copy into caller-provided arrays.
 *
 * <p>Every example keeps its {@link ExampleId}: the source split it was read from ({@link
 * #source()}, e.g. {@code "mnist/train"}) and its index in that file, through any number of views.
 * This lets {@link dev.pate.datasets.split.Disjointness} prove at run time that no example is
 * shared by two teachers or by a teacher and the public data.
 *
 * <p>Instances are safe to read from several threads.
 */
public final class ImageDataset implements Dataset {
  /** {@code UNIT_SCALE[v] = v / 255f}: the [0, 1] scaling used by the network modules. */
  private static final float[] UNIT_SCALE = new float[256];

  static {
    for (int v = 0; v < 256; v++) {
      UNIT_SCALE[v] = v / 255f;
    }
  }

  private final String name;
  private final String source;
  private final ImageShape shape;
  private final int numClasses;

  /** Pixels of every image of the source split, shared by all views of it. */
  private final byte[] pixels;

  /** Labels of every image of the source split, shared by all views of it. */
  private final int[] labels;

  /** View index to source index. */
  private final Positions positions;

  private ImageDataset(
      String name,
      String source,
      ImageShape shape,
      int numClasses,
      byte[] pixels,
      int[] labels,
      Positions positions) {
    this.name = name;
    this.source = source;
    this.shape = shape;
    this.numClasses = numClasses;
    this.pixels = pixels;
    this.labels = labels;
    this.positions = positions;
  }

  /**
   * Takes ownership of the arrays without copying them; the caller must never touch them again
   * (loaders, which read a file into fresh arrays).
   *
   * @param source name of the source split; it becomes the {@link ExampleId#split()} of every
   *     example and the dataset's {@link #name()}
   * @param pixels {@code labels.length * shape.size()} unsigned bytes, planar per image
   * @param labels class of each image, in {@code 0..numClasses-1}, or {@link #UNLABELLED}
   */
  public static ImageDataset wrap(
      String source, ImageShape shape, int numClasses, byte[] pixels, int[] labels) {
    Objects.requireNonNull(source, "source");
    Objects.requireNonNull(shape, "shape");
    Objects.requireNonNull(pixels, "pixels");
    Objects.requireNonNull(labels, "labels");
    // Validates the source name with the same rules as the ids it will produce.
    new ExampleId(source, 0);
    if (numClasses < 1) {
      throw new IllegalArgumentException("numClasses: " + numClasses + " is not >= 1");
    }
    long expectedPixels = (long) labels.length * shape.size();
    if (pixels.length != expectedPixels) {
      throw new IllegalArgumentException(
          "pixels: length " + pixels.length + " is not " + labels.length + " labels * " + shape
              + " = " + expectedPixels);
    }
    for (int i = 0; i < labels.length; i++) {
      if (labels[i] != UNLABELLED && (labels[i] < 0 || labels[i] >= numClasses)) {
        throw new IllegalArgumentException("labels: label " + labels[i] + " at index " + i
            + " is not in 0.." + (numClasses - 1) + " nor UNLABELLED");
      }
    }
    return new ImageDataset(
        source, source, shape, numClasses, pixels, labels, Positions.all(labels.length));
  }

  /** {@link #wrap(String, ImageShape, int, byte[], int[])} of grey {@code rows x cols} images. */
  static ImageDataset wrap(
      String source, int rows, int cols, int numClasses, byte[] pixels, int[] labels) {
    return wrap(source, ImageShape.grey(rows, cols), numClasses, pixels, labels);
  }

  /**
   * Creates a dataset of grey images from copies of the given arrays.
   *
   * @param source name of the source split; it becomes the {@link ExampleId#split()} of every
   *     example and the dataset's {@link #name()}
   * @param pixels {@code labels.length * rows * cols} unsigned bytes, row-major per image
   * @param labels class of each image, in {@code 0..numClasses-1}, or {@link #UNLABELLED}
   */
  public static ImageDataset copyOf(
      String source, int rows, int cols, int numClasses, byte[] pixels, int[] labels) {
    return wrap(source, rows, cols, numClasses, pixels.clone(), labels.clone());
  }

  /** Like {@link #copyOf(String, int, int, int, byte[], int[])} for images of any shape. */
  public static ImageDataset copyOf(
      String source, ImageShape shape, int numClasses, byte[] pixels, int[] labels) {
    return wrap(source, shape, numClasses, pixels.clone(), labels.clone());
  }

  /** Display name, e.g. {@code "mnist/train"} or {@code "mnist/train/teacher-7"}. */
  @Override
  public String name() {
    return name;
  }

  /**
   * Name of the source split every example of this dataset comes from, e.g. {@code "mnist/test"}.
   */
  @Override
  public String source() {
    return source;
  }

  /** Number of examples. */
  @Override
  public int size() {
    return positions.size();
  }

  /** The shape of every image. */
  public ImageShape shape() {
    return shape;
  }

  /** Image height in pixels. */
  public int rows() {
    return shape.height();
  }

  /** Image width in pixels. */
  public int cols() {
    return shape.width();
  }

  /** Channels: 1 (grey) or 3 (colour). */
  public int channels() {
    return shape.channels();
  }

  /** {@code channels * rows * cols}: the values of one image. */
  public int pixelsPerImage() {
    return shape.size();
  }

  /** Number of classes; labels are in {@code 0..numClasses-1}. */
  @Override
  public int numClasses() {
    return numClasses;
  }

  /** Label of example {@code index}, or {@link #UNLABELLED}. */
  @Override
  public int label(int index) {
    return labels[sourceIndex(index)];
  }

  /** Position of example {@code index} in the source split's file. */
  @Override
  public int sourceIndex(int index) {
    return positions.row(index);
  }

  /** {@code channels * rows * cols}: one float per pixel and channel. */
  @Override
  public int featureCount() {
    return pixelsPerImage();
  }

  /** {@link #pixelsAsFloats(int, float[], int)}: pixels scaled to [0, 1]. */
  @Override
  public void featuresAsFloats(int index, float[] dst, int offset) {
    pixelsAsFloats(index, dst, offset);
  }

  /** Pixel value 0..255 of example {@code index} at ({@code row}, {@code col}) of channel 0. */
  public int pixel(int index, int row, int col) {
    return pixel(index, 0, row, col);
  }

  /** Value 0..255 of channel {@code channel} of example {@code index} at ({@code row}, {@code col}). */
  public int pixel(int index, int channel, int row, int col) {
    Objects.checkIndex(channel, shape.channels());
    Objects.checkIndex(row, shape.height());
    Objects.checkIndex(col, shape.width());
    return pixels[imageStart(index) + channel * shape.planeSize() + row * shape.width() + col]
        & 0xFF;
  }

  /**
   * Writes the {@link #pixelsPerImage()} values of example {@code index} as unsigned bytes, planar,
   * into {@code dst[offset..]}.
   */
  public void copyPixels(int index, byte[] dst, int offset) {
    int n = pixelsPerImage();
    System.arraycopy(pixels, imageStart(index), dst, offset, n);
  }

  /**
   * Writes the {@link #pixelsPerImage()} values of example {@code index}, scaled to [0, 1] ({@code
   * v / 255}), into {@code dst[offset..]}, planar (each channel row-major).
   */
  public void pixelsAsFloats(int index, float[] dst, int offset) {
    int n = pixelsPerImage();
    Objects.checkFromIndexSize(offset, n, dst.length);
    int start = imageStart(index);
    for (int p = 0; p < n; p++) {
      dst[offset + p] = UNIT_SCALE[pixels[start + p] & 0xFF];
    }
  }

  /**
   * Writes examples {@code from} (inclusive) to {@code to} (exclusive), scaled to [0, 1], one after
   * the other into {@code dst[offset..]}: a ready-made row-major {@code (to - from) x
   * pixelsPerImage} batch.
   */
  public void pixelsAsFloats(int from, int to, float[] dst, int offset) {
    featuresAsFloats(from, to, dst, offset);
  }

  /**
   * A view of the examples at {@code indices} (positions in this dataset), in that order. Shares
   * the pixels; copies only the index array. Named {@code "<name>[<k> of <size>]"}.
   */
  @Override
  public ImageDataset subset(int[] indices) {
    return subset(name + "[" + indices.length + " of " + size() + "]", indices);
  }

  /**
   * Like {@link #subset(int[])} with an explicit display name, e.g. {@code
   * "mnist/train/teacher-3"}.
   */
  @Override
  public ImageDataset subset(String name, int[] indices) {
    Objects.requireNonNull(name, "name");
    return new ImageDataset(
        name, source, shape, numClasses, pixels, labels, positions.subset(indices, this.name));
  }

  /** A view of examples {@code from} (inclusive) to {@code to} (exclusive), named {@code name}. */
  @Override
  public ImageDataset range(String name, int from, int to) {
    return subset(name, Dataset.rangeIndices(from, to, size()));
  }

  private int imageStart(int index) {
    return sourceIndex(index) * pixelsPerImage();
  }

  @Override
  public String toString() {
    return name + " (" + size() + " images " + shape + ", " + numClasses + " classes)";
  }
}
