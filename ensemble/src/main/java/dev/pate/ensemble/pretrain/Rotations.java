package dev.pate.ensemble.pretrain;

import dev.pate.datasets.Dataset;
import dev.pate.datasets.ImageDataset;
import dev.pate.datasets.ImageShape;

/** The rotation pretext's examples: every pool image four times, labelled by its quarter turn. */
final class Rotations {
  /** Quarter turns: 0, 90, 180 and 270 degrees, the classes of the pretext. */
  static final int TURNS = 4;

  private Rotations() {}

  /**
   * Image {@code i} of {@code pool} turned clockwise {@code k} quarter turns is example {@code 4i +
   * k}, labelled {@code k}; every channel turns alike. The pool's own labels, if any, are not read.
   *
   * @throws IllegalArgumentException if the pool is not of square images (a quarter turn would
   *     change their shape)
   */
  static ImageDataset of(Dataset pool) {
    if (!(pool instanceof ImageDataset images) || images.rows() != images.cols()) {
      throw new IllegalArgumentException("pool: " + pool.name() + " is not of square images");
    }
    ImageShape shape = images.shape();
    int side = images.rows();
    int plane = side * side;
    int size = images.pixelsPerImage();
    byte[] original = new byte[size];
    byte[] pixels = new byte[Math.multiplyExact(images.size() * TURNS, size)];
    int[] labels = new int[images.size() * TURNS];
    for (int i = 0; i < images.size(); i++) {
      images.copyPixels(i, original, 0);
      for (int k = 0; k < TURNS; k++) {
        int example = i * TURNS + k;
        labels[example] = k;
        for (int channel = 0; channel < images.channels(); channel++) {
          int from = channel * plane;
          int to = example * size + channel * plane;
          for (int r = 0; r < side; r++) {
            for (int c = 0; c < side; c++) {
              pixels[to + r * side + c] = original[from + turnedFrom(r, c, k, side)];
            }
          }
        }
      }
    }
    return ImageDataset.wrap("pretext-rotations", shape, TURNS, pixels, labels);
  }

  /**
   * Where pixel (r, c) of the image turned clockwise {@code k} quarter turns comes from, as an
   * offset in the original {@code side x side} plane: one clockwise turn takes (r, c) from
   * (side - 1 - c, r).
   */
  static int turnedFrom(int r, int c, int k, int side) {
    int row = r;
    int col = c;
    for (int turn = 0; turn < k; turn++) {
      int previousRow = side - 1 - col;
      col = row;
      row = previousRow;
    }
    return row * side + col;
  }
}
