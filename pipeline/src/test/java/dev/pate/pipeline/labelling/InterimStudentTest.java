package dev.pate.pipeline.labelling;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pate.datasets.ImageDataset;
import dev.pate.datasets.ImageDatasets;
import dev.pate.datasets.TrainTest;
import dev.pate.datasets.files.DataDirectory;
import dev.pate.ensemble.nn.Architecture;
import dev.pate.ensemble.nn.LearningRateSchedule;
import dev.pate.ensemble.nn.NetworkSettings;
import dev.pate.ensemble.nn.NetworkSpec;
import dev.pate.ensemble.nn.TrainingEngine;
import java.nio.file.Path;
import java.util.List;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

/**
 * The interim student's reported accuracy is measured where the run says (its validation split
 * when it has one), not on the held-out images: judged on images whose labels are all one class
 * off, it scores near zero; judged on the held-out images, well above.
 */
class InterimStudentTest {
  @Test
  void theAccuracyIsMeasuredOnTheSetItIsJudgedOn() {
    Path dir = Path.of(System.getProperty("pate.repo.root"), "..", "shared", "data");
    TrainTest mnist = ImageDatasets.load("mnist", DataDirectory.standard(dir));
    ImageDataset labelled = mnist.train().range("labelled", 0, 200);
    ImageDataset candidates = mnist.test().range("pool", 0, 100);
    ImageDataset heldOut = mnist.test().range("held-out", 9000, 9300);
    ImageDataset validation = mnist.test().range("validation", 8000, 8300);
    byte[] pixels = new byte[validation.size() * validation.pixelsPerImage()];
    int[] offByOne = new int[validation.size()];
    for (int i = 0; i < validation.size(); i++) {
      validation.copyPixels(i, pixels, i * validation.pixelsPerImage());
      offByOne[i] = (validation.label(i) + 1) % 10;
    }
    ImageDataset mislabelled =
        ImageDataset.copyOf("mislabelled", validation.shape(), 10, pixels, offByOne);
    NetworkSpec network = NetworkSpec.of(new NetworkSettings(Architecture.MLP, List.of(),
        OptionalInt.empty(), List.of(32), 0.0, 4, 16, 0.01, LearningRateSchedule.LINEAR, 0.0));

    double onMislabelled = new InterimStudent(network, List.of(), TrainingEngine.DL4J, heldOut,
        mislabelled, 1).score(labelled, labelled.labels(), candidates, 1).accuracy();
    double onHeldOut = new InterimStudent(network, List.of(), TrainingEngine.DL4J, heldOut,
        heldOut, 1).score(labelled, labelled.labels(), candidates, 1).accuracy();
    assertTrue(onMislabelled < 0.2, "judged on the mislabelled split: " + onMislabelled);
    assertTrue(onHeldOut > 0.5, "judged on the held-out images: " + onHeldOut);
    assertEquals(0, Math.round(onMislabelled * 300) - onMislabelled * 300, 1e-9,
        "a count of the 300 judged images");
  }
}
