package dev.pate.datasets.split;

import dev.pate.datasets.ImageDataset;

/** Small synthetic datasets for split tests: 1x1 images whose pixel is the index mod 256. */
final class Toy {
  private Toy() {}

  static ImageDataset dataset(String source, int size) {
    byte[] pixels = new byte[size];
    int[] labels = new int[size];
    for (int i = 0; i < size; i++) {
      pixels[i] = (byte) i;
      labels[i] = i % 10;
    }
    return ImageDataset.copyOf(source, 1, 1, 10, pixels, labels);
  }
}
