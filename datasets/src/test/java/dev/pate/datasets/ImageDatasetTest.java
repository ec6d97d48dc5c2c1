package dev.pate.datasets;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class ImageDatasetTest {
  /** Four 2x3 images; image i has pixel values 10*i + p for p = 0..5, and label i % 3. */
  private static ImageDataset toy() {
    byte[] pixels = new byte[4 * 6];
    for (int i = 0; i < 4; i++) {
      for (int p = 0; p < 6; p++) {
        pixels[i * 6 + p] = (byte) (10 * i + p);
      }
    }
    return ImageDataset.copyOf("toy/train", 2, 3, 3, pixels, new int[] {0, 1, 2, 0});
  }

  @Test
  void exposesShapeLabelsAndPixels() {
    ImageDataset data = toy();
    assertEquals(4, data.size());
    assertEquals(2, data.rows());
    assertEquals(3, data.cols());
    assertEquals(6, data.pixelsPerImage());
    assertArrayEquals(new int[] {0, 1, 2, 0}, data.labels());
    assertArrayEquals(new int[] {2, 1, 1}, data.labelHistogram());
    assertEquals(35, data.pixel(3, 1, 2));
    assertEquals(new ExampleId("toy/train", 2), data.exampleId(2));
  }

  @Test
  void pixelsAreUnsignedAndScaledToUnitInterval() {
    byte[] pixels = {0, (byte) 51, (byte) 128, (byte) 255};
    ImageDataset data = ImageDataset.copyOf("px/train", 2, 2, 1, pixels, new int[] {0});
    assertEquals(255, data.pixel(0, 1, 1));
    assertEquals(128, data.pixel(0, 1, 0));
    float[] dst = new float[6];
    data.pixelsAsFloats(0, dst, 2);
    assertArrayEquals(new float[] {0f, 0f, 0f, 0.2f, 128f / 255f, 1f}, dst, 1e-7f);
  }

  @Test
  void batchConversionWritesConsecutiveImages() {
    ImageDataset data = toy();
    float[] batch = new float[12];
    data.pixelsAsFloats(1, 3, batch, 0);
    assertEquals(10f / 255f, batch[0], 1e-7f);
    assertEquals(25f / 255f, batch[11], 1e-7f);
    assertThrows(IndexOutOfBoundsException.class, () -> data.pixelsAsFloats(0, 3, batch, 0));
  }

  @Test
  void subsetsAreViewsThatKeepSourceIdentity() {
    ImageDataset data = toy();
    ImageDataset sub = data.subset("toy/some", new int[] {3, 1});
    assertEquals(2, sub.size());
    assertEquals("toy/some", sub.name());
    assertEquals("toy/train", sub.source());
    assertArrayEquals(new int[] {0, 1}, sub.labels());
    assertEquals(30, sub.pixel(0, 0, 0));

    ImageDataset subSub = sub.subset(new int[] {1});
    assertEquals(new ExampleId("toy/train", 1), subSub.exampleId(0));
    assertEquals(1, subSub.sourceIndex(0));
    byte[] raw = new byte[6];
    subSub.copyPixels(0, raw, 0);
    assertArrayEquals(new byte[] {10, 11, 12, 13, 14, 15}, raw);

    ImageDataset range = data.range("toy/tail", 2, 4);
    assertEquals(new ExampleId("toy/train", 3), range.exampleId(1));
    assertThrows(IndexOutOfBoundsException.class, () -> data.subset(new int[] {4}));
  }

  @Test
  void copyOfIsolatesTheDatasetFromTheCallersArrays() {
    byte[] pixels = new byte[] {1, 2, 3, 4};
    int[] labels = {1};
    ImageDataset data = ImageDataset.copyOf("iso/train", 2, 2, 2, pixels, labels);
    pixels[0] = 99;
    labels[0] = 0;
    data.labels()[0] = 0;
    assertEquals(1, data.pixel(0, 0, 0));
    assertEquals(1, data.label(0));
  }

  @Test
  void rejectsInconsistentArrays() {
    IllegalArgumentException size =
        assertThrows(
            IllegalArgumentException.class,
            () -> ImageDataset.copyOf("bad/train", 2, 2, 2, new byte[5], new int[] {0}));
    assertTrue(size.getMessage().startsWith("pixels:"), size.getMessage());
    IllegalArgumentException label =
        assertThrows(
            IllegalArgumentException.class,
            () -> ImageDataset.copyOf("bad/train", 1, 1, 2, new byte[1], new int[] {2}));
    assertTrue(label.getMessage().contains("not in 0..1"), label.getMessage());
  }
}
