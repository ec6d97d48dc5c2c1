package dev.pate.pipeline.data;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.pate.datasets.Dataset;
import dev.pate.datasets.ImageDataset;
import dev.pate.datasets.split.PublicSplit;
import dev.pate.files.UserError;
import org.junit.jupiter.api.Test;

/** dataset.validation: carved from the pool's end, labelled, leaving a pool. */
class RunDataValidationTest {
  private static ImageDataset images(String source, int size, boolean labelled) {
    byte[] pixels = new byte[size];
    int[] labels = new int[size];
    for (int i = 0; i < size; i++) {
      pixels[i] = (byte) i;
      labels[i] = labelled ? i % 10 : Dataset.UNLABELLED;
    }
    return ImageDataset.copyOf(source, 1, 1, 10, pixels, labels);
  }

  private static RunData data(boolean labelledPool) {
    Dataset publicSet = images("toy/public", 100, true);
    PublicSplit split = new PublicSplit(images("toy/pool", 80, labelledPool),
        publicSet.range("toy/public/holdout", 80, 100));
    return RunData.of(images("toy/private", 200, true), split);
  }

  @Test
  void theValidationSplitIsThePoolsTail() {
    RunData data = data(true).withValidation(30);
    assertEquals(50, data.publicSplit().pool().size());
    assertEquals(30, data.publicSplit().validation().size());
    assertEquals(20, data.publicSplit().holdout().size());
    assertEquals("toy/pool#50", data.publicSplit().validation().exampleId(0).toString());
  }

  @Test
  void itMustLeaveAPoolAndHaveLabels() {
    UserError all = assertThrows(UserError.class, () -> data(true).withValidation(80));
    assertEquals("dataset.validation: 80 is not < the query pool's 80 examples; the pool keeps"
        + " at least one", all.getMessage());
    UserError unlabelled = assertThrows(UserError.class, () -> data(false).withValidation(10));
    assertEquals("dataset.validation: 10 of the last 10 query pool examples have no label; the"
        + " validation split measures the student, so its examples need their true labels",
        unlabelled.getMessage());
  }
}
