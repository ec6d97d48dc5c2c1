package dev.pate.config;

import static dev.pate.config.Configs.load;
import static dev.pate.config.Configs.onlyProblem;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

/** The dataset.images section and the CSV evaluation file. */
class ImagesConfigTest {

  static final String FOLDERS = String.join("\n",
      "dataset:",
      "  name: images",
      "  query_pool: 200",
      "  images:",
      "    private_dir: scans/private",
      "    public_dir: scans/pool",
      "    eval_dir: scans/eval",
      "    classes: [benign, malignant]",
      "    resize: [32, 32]",
      "    channels: 3",
      "");

  @Test
  void readsFoldersClassesAndTheShape() {
    ImagesConfig images = load(FOLDERS).dataset().images().orElseThrow();
    assertEquals(Optional.of(Path.of("scans/private")), images.privateDir());
    assertEquals(Optional.of(Path.of("scans/pool")), images.publicDir());
    assertEquals(Optional.of(Path.of("scans/eval")), images.evalDir());
    assertEquals(Optional.empty(), images.privateFile());
    assertEquals(List.of("benign", "malignant"), images.classes());
    assertEquals(Optional.of(List.of(32, 32)), images.resize());
    assertEquals(OptionalInt.of(3), images.channels());
  }

  @Test
  void twoChannelsAndAClassWithASlashAreRefusedNamingTheKey() {
    assertTrue(onlyProblem(FOLDERS.replace("channels: 3", "channels: 2"))
        .contains("dataset.images.channels"));
    assertTrue(onlyProblem(FOLDERS.replace("[benign, malignant]", "[a/b, c]"))
        .contains("dataset.images.classes"));
    assertTrue(onlyProblem(FOLDERS.replace("resize: [32, 32]", "resize: [32]"))
        .contains("dataset.images.resize"));
  }

  @Test
  void imagesKeysAreUnusedForOtherDataSets() {
    RunConfig mnist = load("name: x\n");
    assertEquals(Optional.empty(), mnist.dataset().images());
  }

  @Test
  void csvEvaluationFile() {
    CsvConfig csv = load(CsvConfigTest.ADULT.replace("    public_skip_lines: 1",
        "    public_skip_lines: 1\n    eval_file: held-out.csv\n    eval_skip_lines: 2"))
        .dataset().csv().orElseThrow();
    assertEquals(Optional.of(Path.of("held-out.csv")), csv.evalFile());
    assertEquals(2, csv.evalSkipLines());
  }
}
