package dev.pate.datasets.images;

import dev.pate.files.npy.NpyWriter;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import javax.imageio.ImageIO;

/** Small generated images and array files for the tests: nothing big is checked in. */
final class TestImages {
  private TestImages() {}

  /** The red, green and blue values of pixel (x, y) of colour test image {@code seed}. */
  static int[] rgb(int seed, int x, int y) {
    return new int[] {(seed * 37 + x * 11) & 0xFF, (seed * 59 + y * 13) & 0xFF,
        (seed * 17 + x * y) & 0xFF};
  }

  /** A colour image whose pixels are {@link #rgb}. */
  static BufferedImage colour(int seed, int height, int width) {
    BufferedImage image = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
    for (int y = 0; y < height; y++) {
      for (int x = 0; x < width; x++) {
        int[] v = rgb(seed, x, y);
        image.setRGB(x, y, v[0] << 16 | v[1] << 8 | v[2]);
      }
    }
    return image;
  }

  /** A grey image whose pixel (x, y) is {@code (seed + x + y) & 255}. */
  static BufferedImage grey(int seed, int height, int width) {
    BufferedImage image = new BufferedImage(width, height, BufferedImage.TYPE_BYTE_GRAY);
    for (int y = 0; y < height; y++) {
      for (int x = 0; x < width; x++) {
        image.getRaster().setSample(x, y, 0, (seed + x + y) & 0xFF);
      }
    }
    return image;
  }

  /** Writes {@code image} as {@code format} ("png" or "jpg") to {@code file}, folders made. */
  static Path write(BufferedImage image, String format, Path file) {
    try {
      Files.createDirectories(file.getParent());
      if (!ImageIO.write(image, format, file.toFile())) {
        throw new IllegalStateException("no ImageIO writer for " + format);
      }
      return file;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** A version 1.0 {@code .npy} file of {@code descr} and {@code shape} holding {@code data}. */
  static Path npy(Path file, String descr, String shape, byte[] data) {
    try {
      return Files.write(file, NpyWriter.npy(descr, false, shape, data));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** A 1-dimensional {@code <i8} {@code .npy} file of {@code labels}. */
  static Path labelsNpy(Path file, long... labels) {
    ByteBuffer data = ByteBuffer.allocate(8 * labels.length).order(ByteOrder.LITTLE_ENDIAN);
    for (long label : labels) {
      data.putLong(label);
    }
    return npy(file, "<i8", "(" + labels.length + ",)", data.array());
  }
}
