package dev.pate.student.augment;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pate.config.Augmentation;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class ImageAugmenterTest {
  private static final int H = 6;
  private static final int W = 5;

  /** Images with a single lit pixel, away from the border so a shift of 2 keeps it inside. */
  private static float[] dots(int rows) {
    float[] images = new float[rows * H * W];
    for (int i = 0; i < rows; i++) {
      images[i * H * W + 3 * W + 2] = 1f;
    }
    return images;
  }

  @Test
  void shiftMovesEveryImageByAtMostTwoPixelsAndKeepsItsInk() {
    ImageAugmenter augmenter = new ImageAugmenter(List.of(Augmentation.SHIFT), H, W, 9);
    int rows = 200;
    float[] out = augmenter.augment(dots(rows), rows, 1);
    boolean moved = false;
    for (int i = 0; i < rows; i++) {
      float[] image = Arrays.copyOfRange(out, i * H * W, (i + 1) * H * W);
      int lit = -1;
      for (int p = 0; p < image.length; p++) {
        if (image[p] == 1f) {
          assertEquals(-1, lit, "two lit pixels in image " + i);
          lit = p;
        } else {
          assertEquals(0f, image[p]);
        }
      }
      assertTrue(lit >= 0, "ink lost in image " + i);
      int dy = lit / W - 3;
      int dx = lit % W - 2;
      assertTrue(Math.abs(dx) <= ImageAugmenter.MAX_SHIFT && Math.abs(dy) <= 2, dx + "," + dy);
      moved |= dx != 0 || dy != 0;
    }
    assertTrue(moved, "no image moved");
  }

  @Test
  void sameSeedAndEpochGiveTheSameImagesAndEpochsDiffer() {
    float[] source = dots(50);
    ImageAugmenter a = new ImageAugmenter(List.of(Augmentation.SHIFT), H, W, 4);
    ImageAugmenter b = new ImageAugmenter(List.of(Augmentation.SHIFT), H, W, 4);
    assertArrayEquals(a.augment(source, 50, 3), b.augment(source, 50, 3));
    assertFalse(Arrays.equals(a.augment(source, 50, 3), a.augment(source, 50, 4)));
  }

  @Test
  void noAugmentationIsTheIdentity() {
    assertTrue(new ImageAugmenter(List.of(), H, W, 1).isIdentity());
  }
}
