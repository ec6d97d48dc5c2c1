package dev.pate.ensemble.pretrain;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pate.datasets.Dataset;
import dev.pate.datasets.ImageDataset;
import dev.pate.datasets.ImageShape;
import org.junit.jupiter.api.Test;

class RotationsTest {

  @Test
  void oneQuarterTurnIsClockwiseAndFourAreNone() {
    // 0 1 2      6 3 0
    // 3 4 5  ->  7 4 1
    // 6 7 8      8 5 2
    int[] once = new int[9];
    for (int i = 0; i < 9; i++) {
      once[i] = Rotations.turnedFrom(i / 3, i % 3, 1, 3);
    }
    assertArrayEquals(new int[] {6, 3, 0, 7, 4, 1, 8, 5, 2}, once);
    for (int i = 0; i < 9; i++) {
      assertEquals(i, Rotations.turnedFrom(i / 3, i % 3, 4, 3), "four turns: pixel " + i);
      assertEquals(8 - i, Rotations.turnedFrom(i / 3, i % 3, 2, 3), "half a turn: pixel " + i);
    }
  }

  @Test
  void everyImageComesFourTimesLabelledByItsTurnEveryChannelAlike() {
    byte[] pixels = new byte[2 * 3 * 9];
    for (int i = 0; i < pixels.length; i++) {
      pixels[i] = (byte) i;
    }
    ImageDataset pool = ImageDataset.wrap("pool", new ImageShape(3, 3, 3), 10, pixels,
        new int[] {7, Dataset.UNLABELLED});

    ImageDataset turned = Rotations.of(pool);

    assertEquals(8, turned.size());
    assertEquals(Rotations.TURNS, turned.numClasses());
    assertArrayEquals(new int[] {0, 1, 2, 3, 0, 1, 2, 3}, turned.labels());
    byte[] image = new byte[27];
    for (int i = 0; i < 2; i++) {
      for (int k = 0; k < 4; k++) {
        turned.copyPixels(i * 4 + k, image, 0);
        for (int channel = 0; channel < 3; channel++) {
          for (int p = 0; p < 9; p++) {
            int expected = i * 27 + channel * 9 + Rotations.turnedFrom(p / 3, p % 3, k, 3);
            assertEquals(expected, image[channel * 9 + p], "image " + i + ", turn " + k
                + ", channel " + channel + ", pixel " + p);
          }
        }
      }
    }
  }

  @Test
  void refusesImagesAQuarterTurnWouldReshape() {
    ImageDataset wide = ImageDataset.wrap("wide", ImageShape.grey(2, 3), 2, new byte[6],
        new int[] {0});
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> Rotations.of(wide));
    assertTrue(e.getMessage().contains("not of square images"), e.getMessage());
  }
}
