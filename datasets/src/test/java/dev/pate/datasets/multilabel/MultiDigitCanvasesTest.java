package dev.pate.datasets.multilabel;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pate.datasets.ImageDataset;
import dev.pate.datasets.ImageShape;
import dev.pate.datasets.TrainTest;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The generated multi-digit benchmark, on small synthetic "digits" whose pixels name them. */
class MultiDigitCanvasesTest {

  /** {@code n} 4x4 digits; digit i has label i % 10 and every pixel equal to i % 251 + 1. */
  private static ImageDataset digits(String source, int n) {
    byte[] pixels = new byte[n * 16];
    int[] labels = new int[n];
    for (int i = 0; i < n; i++) {
      labels[i] = i % 10;
      java.util.Arrays.fill(pixels, i * 16, (i + 1) * 16, (byte) (i % 251 + 1));
    }
    return ImageDataset.copyOf(source, ImageShape.grey(4, 4), 10, pixels, labels);
  }

  private static TrainTest twoSplits() {
    return new TrainTest(digits("toy/train", 600), digits("toy/test", 300));
  }

  @Test
  void labelSetsAreTheDigitsOnTheCanvasAndEachDigitIsUsedOnce() {
    MultiDigitCanvases.Sides sides = new MultiDigitCanvases(100, 2, 3, 42).generate(twoSplits());
    for (MultiLabelImages images : List.of(sides.privateCanvases(), sides.publicCanvases())) {
      assertEquals(100, images.size());
      assertEquals(new ImageShape(1, 4, 12), images.shape());
      Set<String> seen = new HashSet<>();
      for (int c = 0; c < images.size(); c++) {
        List<String> sources = images.sources().get(c);
        assertTrue(sources.size() == 2 || sources.size() == 3, "2 or 3 digits");
        int expected = 0;
        for (String id : sources) {
          assertTrue(seen.add(id), id + " used twice");
          expected |= 1 << (Integer.parseInt(id.substring(id.indexOf('#') + 1)) % 10);
        }
        assertEquals(expected, images.labelMask(c));
        // Every non-empty slot holds exactly one source digit's pixels.
        float[] canvas = new float[images.shape().size()];
        images.pixelsAsFloats(c, canvas, 0);
        int filled = 0;
        for (int slot = 0; slot < MultiDigitCanvases.SLOTS; slot++) {
          float v = canvas[slot * 4];
          if (v != 0) {
            filled++;
            int value = Math.round(v * 255);
            assertTrue(sources.stream().anyMatch(id ->
                Integer.parseInt(id.substring(id.indexOf('#') + 1)) % 251 + 1 == value));
          }
        }
        assertEquals(sources.size(), filled);
      }
    }
    assertTrue(sides.privateCanvases().sources().get(0).get(0).startsWith("toy/train#"));
    assertTrue(sides.publicCanvases().sources().get(0).get(0).startsWith("toy/test#"));
  }

  @Test
  void theSeedAloneDecidesTheCanvases() {
    MultiDigitCanvases.Sides a = new MultiDigitCanvases(50, 2, 3, 7).generate(twoSplits());
    MultiDigitCanvases.Sides b = new MultiDigitCanvases(50, 2, 3, 7).generate(twoSplits());
    MultiDigitCanvases.Sides c = new MultiDigitCanvases(50, 2, 3, 8).generate(twoSplits());
    assertArrayEquals(a.privateCanvases().pixels(), b.privateCanvases().pixels());
    assertArrayEquals(a.publicCanvases().labelMasks(), b.publicCanvases().labelMasks());
    assertNotEquals(List.of(a.privateCanvases().sources()), List.of(c.privateCanvases().sources()));
  }

  @Test
  void refusesToReuseDigits() {
    assertThrows(IllegalArgumentException.class,
        () -> new MultiDigitCanvases(250, 2, 3, 1).generate(twoSplits()));
    assertThrows(IllegalArgumentException.class, () -> new MultiDigitCanvases(10, 0, 3, 1));
  }

  @Test
  void subsetsKeepTheirLabelsAndSources() {
    MultiLabelImages all = new MultiDigitCanvases(20, 2, 3, 3)
        .canvases(digits("toy/train", 100), "x", new SplittableRandom(3));
    MultiLabelImages two = all.subset("two", new int[] {5, 2});
    assertEquals(all.labelMask(5), two.labelMask(0));
    assertEquals(all.sources().get(2), two.sources().get(1));
    assertArrayEquals(all.multiHot(2), two.multiHot(1));
  }
}
