package dev.pate.ensemble.augment;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pate.datasets.ImageShape;
import dev.pate.ensemble.augment.Augmentation;
import dev.pate.ensemble.nn.InputShape;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
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
    ImageAugmenter augmenter = new ImageAugmenter(List.of(Augmentation.SHIFT), InputShape.image(H, W), 9);
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
    ImageAugmenter a = new ImageAugmenter(List.of(Augmentation.SHIFT), InputShape.image(H, W), 4);
    ImageAugmenter b = new ImageAugmenter(List.of(Augmentation.SHIFT), InputShape.image(H, W), 4);
    assertArrayEquals(a.augment(source, 50, 3), b.augment(source, 50, 3));
    assertFalse(Arrays.equals(a.augment(source, 50, 3), a.augment(source, 50, 4)));
  }

  @Test
  void noAugmentationIsTheIdentity() {
    assertTrue(new ImageAugmenter(List.of(), InputShape.image(H, W), 1).isIdentity());
  }

  @Test
  void rotationKeepsTheCentreAndMovesInkByAtMostTheAngle() {
    int side = 9;
    float[] images = new float[2 * side * side];
    images[4 * side + 4] = 1f; // image 0: the centre
    images[side * side + 4 * side + 8] = 1f; // image 1: 4 pixels right of it
    ImageAugmenter rotate = new ImageAugmenter(List.of(Augmentation.ROTATE), InputShape.image(side, side), 1);
    boolean changed = false;
    for (int trial = 0; trial < 50; trial++) {
      float[] out = new float[2 * side * side];
      // Both images get the same angle: the generator is reset to the same state.
      rotate.augmentRows(images, new int[] {0}, out, 0, new Random(trial));
      rotate.augmentRows(images, new int[] {1}, out, 1, new Random(trial));
      assertEquals(1f, out[4 * side + 4], 1e-6f, "the centre is fixed by a rotation about it");
      // The other dot lands within 4 * sin(15 deg) ~ 1.04 pixels of where it was: all its ink
      // stays in rows 3..5 of columns 7..8 (the image ends at column 8).
      float near = 0;
      float total = 0;
      for (int p = 0; p < side * side; p++) {
        float v = out[side * side + p];
        total += v;
        if (p / side >= 3 && p / side <= 5 && p % side >= 7) {
          near += v;
        }
      }
      assertEquals(total, near, 1e-5f, "ink outside the neighbourhood");
      changed |= out[side * side + 4 * side + 8] < 0.999f;
    }
    assertTrue(changed, "no draw rotated the image");
  }

  @Test
  void warpsKeepAConstantImageConstantAwayFromTheBorder() {
    int side = 28;
    float[] ones = new float[side * side];
    Arrays.fill(ones, 1f);
    ImageAugmenter warp = new ImageAugmenter(
        List.of(Augmentation.ROTATE, Augmentation.ELASTIC), InputShape.image(side, side), 1);
    float[] out = new float[side * side];
    warp.augmentRows(ones, new int[] {0}, out, 0, new Random(3));
    // Rotation by <= 15 degrees moves a pixel within radius 6 of the centre by < 2 pixels, and the
    // elastic field by at most ELASTIC_ALPHA: the source stays inside the image there.
    for (int y = 0; y < side; y++) {
      for (int x = 0; x < side; x++) {
        if (Math.hypot(x - 13.5, y - 13.5) <= 6) {
          assertEquals(1f, out[y * side + x], 1e-5f, "pixel " + x + "," + y);
        }
      }
    }
  }

  @Test
  void cutoutBlanksOneSquareOfAQuarterSide() {
    int side = 28;
    float[] ones = new float[side * side];
    Arrays.fill(ones, 1f);
    ImageAugmenter cutout = new ImageAugmenter(List.of(Augmentation.CUTOUT), InputShape.image(side, side), 1);
    Random random = new Random(11);
    int full = 0;
    for (int trial = 0; trial < 100; trial++) {
      float[] out = new float[side * side];
      cutout.augmentRows(ones, new int[] {0}, out, 0, random);
      int minX = side;
      int maxX = -1;
      int minY = side;
      int maxY = -1;
      int zeros = 0;
      for (int p = 0; p < out.length; p++) {
        if (out[p] == 0f) {
          zeros++;
          minX = Math.min(minX, p % side);
          maxX = Math.max(maxX, p % side);
          minY = Math.min(minY, p / side);
          maxY = Math.max(maxY, p / side);
        } else {
          assertEquals(1f, out[p]);
        }
      }
      assertTrue(zeros > 0, "nothing blanked");
      assertEquals((maxX - minX + 1) * (maxY - minY + 1), zeros, "the blank is not a rectangle");
      assertTrue(maxX - minX < 7 && maxY - minY < 7, "larger than 7x7");
      full += zeros == 49 ? 1 : 0;
    }
    assertTrue(full > 0, "never a whole 7x7 square");
  }

  @Test
  void augmentRowsWritesRepeatsIntoConsecutiveSlots() {
    float[] source = dots(3);
    source[2 * H * W] = 0.5f; // mark image 2
    ImageAugmenter none = new ImageAugmenter(List.of(), InputShape.image(H, W), 1);
    float[] out = new float[4 * H * W];
    none.augmentRows(source, new int[] {2, 2}, out, 1, new Random(1));
    assertArrayEquals(new float[H * W], Arrays.copyOfRange(out, 0, H * W), "slot 0 untouched");
    for (int slot = 1; slot <= 2; slot++) {
      assertArrayEquals(Arrays.copyOfRange(source, 2 * H * W, 3 * H * W),
          Arrays.copyOfRange(out, slot * H * W, (slot + 1) * H * W));
    }
  }

  /** A colour image whose channel c at (x, y) is {@code 1 + c + x + 10 * y}: every plane differs. */
  private static float[] colourImage(int side) {
    float[] image = new float[3 * side * side];
    for (int c = 0; c < 3; c++) {
      for (int y = 0; y < side; y++) {
        for (int x = 0; x < side; x++) {
          image[c * side * side + y * side + x] = 1 + c + x + 10 * y;
        }
      }
    }
    return image;
  }

  @Test
  void everyAugmentationMovesTheChannelsOfAColourImageAlike() {
    int side = 8;
    float[] source = colourImage(side);
    for (Augmentation augmentation : Augmentation.values()) {
      ImageAugmenter augmenter = new ImageAugmenter(List.of(augmentation),
          InputShape.image(new ImageShape(3, side, side)), 1);
      for (int draw = 0; draw < 8; draw++) {
        float[] out = new float[source.length];
        augmenter.augmentRows(source, new int[] {0}, out, 0, new Random(draw));
        for (int p = 0; p < side * side; p++) {
          boolean background = out[p] == 0f;
          for (int c = 1; c < 3; c++) {
            float value = out[c * side * side + p];
            if (background) {
              assertEquals(0f, value, augmentation + ": background in channel 0 only, pixel " + p);
            } else {
              // a warp interpolates each plane with the same weights: channel c is channel 0 + c
              // wherever the source was wholly inside the image
              assertTrue(value > 0f, augmentation + ": pixel " + p + " channel " + c);
            }
          }
          if (augmentation != Augmentation.ROTATE && augmentation != Augmentation.ELASTIC
              && !background) {
            assertEquals(out[p] + 1, out[side * side + p], 1e-5f, augmentation + " pixel " + p);
            assertEquals(out[p] + 2, out[2 * side * side + p], 1e-5f, augmentation + " pixel " + p);
          }
        }
      }
    }
  }

  @Test
  void flipMirrorsEveryChannelOrNone() {
    int side = 4;
    float[] source = colourImage(side);
    ImageAugmenter flip = new ImageAugmenter(List.of(Augmentation.FLIP),
        InputShape.image(new ImageShape(3, side, side)), 1);
    int mirrored = 0;
    Random random = new Random(5);
    for (int draw = 0; draw < 20; draw++) {
      float[] out = new float[source.length];
      flip.augmentRows(source, new int[] {0}, out, 0, random);
      boolean flipped = out[0] != source[0];
      if (flipped) {
        mirrored++;
      }
      for (int c = 0; c < 3; c++) {
        for (int y = 0; y < side; y++) {
          for (int x = 0; x < side; x++) {
            int from = flipped ? side - 1 - x : x;
            assertEquals(source[c * 16 + y * side + from], out[c * 16 + y * side + x],
                "draw " + draw + " channel " + c);
          }
        }
      }
    }
    assertTrue(mirrored > 0 && mirrored < 20, mirrored + " of 20 draws mirrored");
  }
}
