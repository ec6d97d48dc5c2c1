package dev.pate.datasets;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pate.datasets.files.DataDirectory;
import dev.pate.datasets.files.Downloader;
import dev.pate.files.UserError;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ImageDatasetsTest {
  private static DataDirectory shared() {
    return DataDirectory.of(List.of(SharedData.dir()), Downloader.DISABLED);
  }

  /** The one test that loads the full MNIST training set (about a second). */
  @Test
  void loadsMnistWithPublishedCountsAndLabelHistograms() {
    TrainTest mnist = ImageDatasets.load("mnist", shared());

    ImageDataset train = mnist.train();
    ImageDataset test = mnist.test();
    assertEquals("mnist/train", train.name());
    assertEquals("mnist/test", test.name());
    assertEquals(60000, train.size());
    assertEquals(10000, test.size());
    assertEquals(28, train.rows());
    assertEquals(28, train.cols());
    assertEquals(10, train.numClasses());
    assertEquals(train.numClasses(), ImageDatasets.classes("mnist"));
    // Label counts of the published files (shared/data/README.md).
    assertArrayEquals(
        new int[] {5923, 6742, 5958, 6131, 5842, 5421, 5918, 6265, 5851, 5949},
        train.labelHistogram());
    assertArrayEquals(
        new int[] {980, 1135, 1032, 1010, 982, 892, 958, 1028, 974, 1009}, test.labelHistogram());
    // MNIST digits are white on a black border: corners are 0, some pixels are full 255.
    assertEquals(0, train.pixel(0, 0, 0));
    assertEquals(0, test.pixel(9999, 27, 27));
    float[] image = new float[784];
    test.pixelsAsFloats(0, image, 0);
    float max = 0;
    for (float v : image) {
      assertTrue(v >= 0f && v <= 1f, "pixel " + v + " outside [0, 1]");
      max = Math.max(max, v);
    }
    assertEquals(1f, max);
  }

  @Test
  void unknownDatasetNameIsRejected() {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> ImageDatasets.load("svhn", shared()));
    assertTrue(e.getMessage().contains("svhn"), e.getMessage());
    assertTrue(e.getMessage().contains("mnist"), e.getMessage());
    assertThrows(IllegalArgumentException.class, () -> ImageDatasets.classes("svhn"));
  }

  @Test
  void wrongChecksumNamesFileAndBothHashes(@TempDir Path dir) throws IOException {
    Path mnist = Files.createDirectories(dir.resolve("mnist"));
    for (String name :
        List.of(
            "train-images-idx3-ubyte.gz",
            "train-labels-idx1-ubyte.gz",
            "t10k-images-idx3-ubyte.gz",
            "t10k-labels-idx1-ubyte.gz")) {
      Files.writeString(mnist.resolve(name), "not the data");
    }
    DataDirectory dataDirectory = DataDirectory.of(List.of(dir), Downloader.DISABLED);

    UserError e =
        assertThrows(UserError.class, () -> ImageDatasets.load("mnist", dataDirectory));

    String message = e.getMessage();
    assertTrue(message.contains(mnist.resolve("train-images-idx3-ubyte.gz").toString()), message);
    assertTrue(message.contains("wrong checksum"), message);
    assertTrue(
        message.contains("440fcabf73cc546fa21475e81ea370265605f56be210a4024d2ca8f203523609"),
        message);
    assertTrue(message.contains("12 bytes, expected 9912422"), message);
    assertTrue(!message.contains("\n"), message);
  }

  @Test
  void missingDatasetIsOneLineListingFilesAndSearchedDirectories(@TempDir Path dir) {
    Path a = dir.resolve("a");
    Path b = dir.resolve("b");
    DataDirectory dataDirectory = DataDirectory.of(List.of(a, b), Downloader.DISABLED);

    UserError e =
        assertThrows(UserError.class, () -> ImageDatasets.load("fashion-mnist", dataDirectory));

    assertEquals(
        "missing data: fashion-mnist/train-images-idx3-ubyte.gz,"
            + " fashion-mnist/train-labels-idx1-ubyte.gz, fashion-mnist/t10k-images-idx3-ubyte.gz,"
            + " fashion-mnist/t10k-labels-idx1-ubyte.gz (searched: "
            + a
            + ", "
            + b
            + "; download disabled)",
        e.getMessage());
  }
}
