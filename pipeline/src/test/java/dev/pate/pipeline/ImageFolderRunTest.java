package dev.pate.pipeline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.pate.files.UserError;
import dev.pate.pipeline.output.Json;
import dev.pate.pipeline.testdata.ColourImages;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A whole run on images as a user has them: generated colour images in folders, a private folder
 * with one sub-folder per class, an unlabelled pool folder and a labelled evaluation folder. The
 * teachers train, label the pool, a self-training student learns from the answers and the pool,
 * and is released (the command line's {@code ImageFolderCommandsTest} predicts and evaluates
 * with it).
 */
class ImageFolderRunTest {
  private static final int SIDE = ColourImages.RUN_SIDE;
  private static final int POOL = ColourImages.RUN_POOL;

  @TempDir static Path dir;
  static Path run;
  static JsonNode report;

  @BeforeAll
  static void runOnce() throws IOException {
    run = TinyRuns.run(ColourImages.writeRun(dir), dir.resolve("runs"));
    report = Json.mapper().readTree(run.resolve("report.json").toFile());
  }

  @Test
  void colourImagesGoThroughTheWholePipeline() {
    assertEquals("12x12x3", report.at("/dataset/image_shape").asText());
    assertEquals(POOL, report.at("/dataset/query_pool").asInt());
    assertEquals(30, report.at("/dataset/held_out").asInt());
    assertEquals(30, report.at("/aggregation/queries_asked").asInt());
    assertTrue(report.at("/aggregation/queries_answered").asInt() > 0);
    // three plain colours: a student that learnt anything gets most of the held-out images
    assertTrue(report.at("/student/test_accuracy").asDouble() > 0.5,
        report.at("/student").toString());
  }

  @Test
  void anUnlabelledPoolHasNoLabelAccuracyAndSaysWhy() throws IOException {
    assertEquals(0, report.at("/dataset/query_pool_labelled").asInt());
    assertTrue(report.at("/aggregation/label_accuracy").isNull());
    assertTrue(report.at("/aggregation/label_accuracy_on").asText().contains("no labels"));
    assertTrue(report.at("/aggregation/private/ensemble_accuracy").isNull());
    JsonNode pseudo = report.at("/student/pseudo_labels");
    if (!pseudo.isMissingNode() && !pseudo.isNull() && pseudo.get("count").asInt() > 0) {
      assertTrue(pseudo.get("precision").isNull(), pseudo.toString());
    }
    List<String> labels = Files.readAllLines(run.resolve("labels.csv"));
    assertEquals("index,noisy_label,true_label", labels.get(0));
    for (String line : labels.subList(1, labels.size())) {
      assertTrue(line.endsWith(","), "no true label, not a 0: " + line);
    }
  }

  @Test
  void theReleaseDescribesColourInputAndTheProvenanceHashesTheFolders() throws IOException {
    JsonNode release = Json.mapper().readTree(run.resolve("release/release.json").toFile());
    assertEquals(3, release.at("/input/channels").asInt());
    assertEquals(SIDE * SIDE * 3, release.at("/input/features").asInt());
    assertEquals(List.of("red", "green", "blue"),
        Json.mapper().convertValue(release.at("/classes"), List.class));
    // The card is an image run's: no CSV row as its unit of privacy.
    assertEquals("one record of the private data: an image of the private set",
        release.at("/privacy/unit").asText());
    assertFalse(Files.readString(run.resolve("release/MODEL_CARD.md")).contains("CSV file"));
    assertEquals("pool", report.at("/provenance/data/0/file").asText());
    assertEquals("private", report.at("/provenance/private/data/0/file").asText());
    String privateHash = report.at("/provenance/private/data/0/sha256").asText();
    assertFalse(Files.readString(run.resolve("release/release.json")).contains(privateHash));
  }

  @Test
  void aClassFolderThatIsNoClassIsOneLineNamingItBeforeAnyTeacherTrains() throws IOException {
    Path privateDir = ColourImages.labelled(dir.resolve("bad-private"), 2, SIDE, 4);
    Files.move(privateDir.resolve("blue"), privateDir.resolve("purple"));
    Path config = Files.writeString(dir.resolve("bad.yaml"), ColourImages.config("bad",
        privateDir, dir.resolve("pool"), dir.resolve("eval"), POOL, 30));
    // The user's error (exit 2 at the command line), in one line.
    UserError bad = assertThrows(UserError.class,
        () -> TinyRuns.run(config, dir.resolve("bad-runs")));
    assertEquals(1, bad.getMessage().lines().count(), bad.getMessage());
    assertTrue(bad.getMessage().contains("purple: class folder 'purple' is not one of the classes"
        + " [red, green, blue]"), bad.getMessage());
    assertFalse(Files.exists(dir.resolve("bad-runs/cache/teachers")) && hasTeachers(
        dir.resolve("bad-runs/cache/teachers")), "no teacher was trained");
  }

  private static boolean hasTeachers(Path cache) throws IOException {
    try (Stream<Path> files = Files.walk(cache)) {
      return files.anyMatch(f -> f.getFileName().toString().endsWith(".zip"));
    }
  }
}
