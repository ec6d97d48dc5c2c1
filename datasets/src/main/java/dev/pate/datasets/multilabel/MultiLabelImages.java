package dev.pate.datasets.multilabel;

import dev.pate.datasets.ImageShape;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * An immutable set of unsigned-byte images, each with a label set over {@link #labels()} labels
 * (a multi-hot target, kept as a bit mask) and the ids of the source examples it was made from
 * (for the multi-digit benchmark: the MNIST digits on the canvas, so that disjointness of private
 * and public data can be checked at the level of the digits).
 *
 * @param name e.g. {@code multi-mnist/train}
 * @param shape the shape of every image
 * @param pixels {@code size * shape.size()} unsigned bytes, image after image, planar
 * @param labelMasks one bit mask per image: bit {@code j} set iff label {@code j} applies
 * @param labelNames the name of each label, in bit order
 * @param sources for each image, the ids of the source examples it contains
 */
public record MultiLabelImages(String name, ImageShape shape, byte[] pixels, int[] labelMasks,
    List<String> labelNames, List<List<String>> sources) implements MultiLabelExamples {

  /** Scale of {@link #pixelsAsFloats}: pixels in [0, 1]. */
  private static final float UNIT = 1f / 255f;

  public MultiLabelImages {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(shape, "shape");
    labelNames = List.copyOf(labelNames);
    sources = sources.stream().map(List::copyOf).toList();
    checkMasks(labelMasks, labelNames);
    if (pixels.length != (long) labelMasks.length * shape.size()
        || sources.size() != labelMasks.length) {
      throw new IllegalArgumentException("pixels, labelMasks, sources: not one image each");
    }
    pixels = pixels.clone();
    labelMasks = labelMasks.clone();
  }

  /** Refuses label names out of 1..30 (a mask is an int) and a mask that is not over them. */
  static void checkMasks(int[] labelMasks, List<String> labelNames) {
    if (labelNames.isEmpty() || labelNames.size() > 30) {
      throw new IllegalArgumentException("labelNames: " + labelNames.size()
          + " labels, expected 1 to 30");
    }
    for (int mask : labelMasks) {
      if (mask < 0 || mask >= (1 << labelNames.size())) {
        throw new IllegalArgumentException("labelMasks: " + mask + " is not a mask over "
            + labelNames.size() + " labels");
      }
    }
  }

  @Override
  public byte[] pixels() {
    return pixels.clone();
  }

  @Override
  public int[] labelMasks() {
    return labelMasks.clone();
  }

  /** The number of images. */
  @Override
  public int size() {
    return labelMasks.length;
  }

  /** The label set of image {@code index}, as a bit mask. */
  @Override
  public int labelMask(int index) {
    return labelMasks[index];
  }

  @Override
  public int featureCount() {
    return shape.size();
  }

  /** The pixels, scaled to [0, 1] ({@link #pixelsAsFloats}). */
  @Override
  public void featuresAsFloats(int index, float[] dst, int offset) {
    pixelsAsFloats(index, dst, offset);
  }

  @Override
  public Optional<ImageShape> imageShape() {
    return Optional.of(shape);
  }

  /** Writes image {@code index}'s pixels scaled to [0, 1] into {@code dst[offset..]}. */
  public void pixelsAsFloats(int index, float[] dst, int offset) {
    int n = shape.size();
    Objects.checkFromIndexSize(offset, n, dst.length);
    int start = Math.multiplyExact(Objects.checkIndex(index, size()), n);
    for (int p = 0; p < n; p++) {
      dst[offset + p] = (pixels[start + p] & 0xFF) * UNIT;
    }
  }

  /** The images at {@code indices}, in that order (a copy), named {@code name}. */
  @Override
  public MultiLabelImages subset(String subsetName, int[] indices) {
    int n = shape.size();
    byte[] chosen = new byte[indices.length * n];
    int[] masks = new int[indices.length];
    List<List<String>> chosenSources = new java.util.ArrayList<>(indices.length);
    for (int i = 0; i < indices.length; i++) {
      int from = indices[i];
      System.arraycopy(pixels, Math.multiplyExact(Objects.checkIndex(from, size()), n), chosen,
          i * n, n);
      masks[i] = labelMasks[from];
      chosenSources.add(sources.get(from));
    }
    return new MultiLabelImages(subsetName, shape, chosen, masks, labelNames, chosenSources);
  }
}
