package dev.pate.datasets.images;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pate.datasets.Dataset;
import dev.pate.datasets.ImageDataset;
import dev.pate.datasets.ImageShape;
import dev.pate.files.UserError;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ArrayImagesTest {
  private static final List<String> CLASSES = List.of("a", "b", "c");

  @TempDir Path dir;

  /** N x H x W x C bytes whose value at (n, y, x, c) is {@code n * 50 + y * 10 + x * 3 + c}. */
  private static byte[] interleaved(int n, int h, int w, int c) {
    byte[] data = new byte[n * h * w * c];
    int k = 0;
    for (int i = 0; i < n; i++) {
      for (int y = 0; y < h; y++) {
        for (int x = 0; x < w; x++) {
          for (int ch = 0; ch < c; ch++) {
            data[k++] = (byte) (i * 50 + y * 10 + x * 3 + ch);
          }
        }
      }
    }
    return data;
  }

  private static LoadedImages load(ImageSource source, boolean labelsRequired) {
    return source.load(CLASSES, labelsRequired, "the private set",
        ImageShaper.of(ImageConversion.NONE));
  }

  @Test
  void npyColourImagesBecomePlanarWithTheirLabels() {
    Path images = TestImages.npy(dir.resolve("x.npy"), "|u1", "(2, 3, 4, 3)",
        interleaved(2, 3, 4, 3));
    Path labels = TestImages.labelsNpy(dir.resolve("y.npy"), 2, 0);
    LoadedImages loaded = load(new ImageSource.Arrays(images, Optional.of(labels)), true);
    ImageDataset data = loaded.data();
    assertEquals(new ImageShape(3, 3, 4), data.shape());
    assertArrayEquals(new int[] {2, 0}, data.labels());
    assertEquals(50 + 2 * 10 + 1 * 3 + 2, data.pixel(1, 2, 2, 1));
    assertTrue(loaded.names().get(1).endsWith("x.npy[1]"));
  }

  @Test
  void idxOfFourDimensionsIsColour() throws IOException {
    byte[] pixels = interleaved(2, 2, 3, 3);
    ByteBuffer file = ByteBuffer.allocate(20 + pixels.length);
    file.putInt(0x0804).putInt(2).putInt(2).putInt(3).putInt(3).put(pixels);
    Path images = Files.write(dir.resolve("x.idx"), file.array());
    ImageDataset data = load(new ImageSource.Arrays(images, Optional.empty()), false).data();
    assertEquals(new ImageShape(3, 2, 3), data.shape());
    assertEquals(Dataset.UNLABELLED, data.label(0));
    assertEquals(50 + 10 + 2 * 3 + 1, data.pixel(1, 1, 1, 2));
  }

  @Test
  void unlabelledMarksAreAllowedInAPoolOnly() {
    Path images = TestImages.npy(dir.resolve("x.npy"), "|u1", "(2, 2, 2)", new byte[8]);
    Path labels = TestImages.labelsNpy(dir.resolve("y.npy"), -1, 1);
    ImageDataset pool = load(new ImageSource.Arrays(images, Optional.of(labels)), false).data();
    assertEquals(1, pool.labelledCount());
    String message = assertThrows(UserError.class,
        () -> load(new ImageSource.Arrays(images, Optional.of(labels)), true)).getMessage();
    assertTrue(message.contains("y.npy: label -1 at index 0, expected a class in 0..2 (the"
        + " private set must be labelled)"), message);
  }

  @Test
  void badArraysAreOneLineNamingTheFile() {
    Path floats = TestImages.npy(dir.resolve("f.npy"), "<f4", "(1, 1, 1)", new byte[4]);
    assertTrue(assertThrows(UserError.class,
        () -> load(new ImageSource.Arrays(floats, Optional.empty()), false)).getMessage()
        .contains("f.npy, header field 'descr': dtype '<f4' is not one byte per element"));
    Path rgba = TestImages.npy(dir.resolve("rgba.npy"), "|u1", "(1, 1, 1, 4)", new byte[4]);
    assertTrue(assertThrows(UserError.class,
        () -> load(new ImageSource.Arrays(rgba, Optional.empty()), false)).getMessage()
        .contains("rgba.npy: shape (1, 1, 1, 4), expected images"));
    Path images = TestImages.npy(dir.resolve("x.npy"), "|u1", "(2, 2, 2)", new byte[8]);
    Path three = TestImages.labelsNpy(dir.resolve("three.npy"), 0, 1, 2);
    assertTrue(assertThrows(UserError.class,
        () -> load(new ImageSource.Arrays(images, Optional.of(three)), true)).getMessage()
        .contains("three.npy: 3 labels for 2 images"));
    assertTrue(assertThrows(UserError.class,
        () -> load(new ImageSource.Arrays(images, Optional.empty()), true)).getMessage()
        .contains("x.npy: has no labels file; the private set must be labelled"));
  }
}
