package dev.pate.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.pate.pipeline.output.Json;
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
 * and is released; {@code pate predict} on a folder prints one row per file.
 */
class ImageFolderRunTest {
  private static final int SIDE = 12;
  private static final int POOL = 60;

  @TempDir static Path dir;
  static Path run;
  static JsonNode report;

  @BeforeAll
  static void runOnce() throws IOException {
    Path privateDir = ColourImages.labelled(dir.resolve("private"), 40, SIDE, 1);
    Path poolDir = ColourImages.unlabelled(dir.resolve("pool"), POOL, SIDE, 2);
    Path evalDir = ColourImages.labelled(dir.resolve("eval"), 10, SIDE, 3);
    // The folders named relative to the config file, as a user beside them writes them: they
    // are found there whatever the working directory (issue 30).
    Path config = Files.writeString(dir.resolve("colour.yaml"),
        ColourImages.config("colour", dir.relativize(privateDir), dir.relativize(poolDir),
            dir.relativize(evalDir), POOL, 30));
    assertEquals(0, Main.execute("run", config.toString(), "--out",
        dir.resolve("runs").toString()));
    try (Stream<Path> runs = Files.list(dir.resolve("runs/colour"))) {
      run = runs.findFirst().orElseThrow();
    }
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
  void predictOnAFolderPrintsOneRowPerFile() {
    Captured predicted = Captured.run("predict", "--model", run.resolve("release").toString(),
        "--input", dir.resolve("pool").toString());
    assertEquals(0, predicted.exitCode(), predicted.err());
    List<String> lines = predicted.out().lines().toList();
    assertEquals("index,file,prediction,confidence", lines.get(0));
    assertEquals(POOL + 1, lines.size());
    assertTrue(lines.get(1).startsWith("0,0000.png,"), lines.get(1));
    assertTrue(lines.get(POOL).startsWith((POOL - 1) + "," + String.format("%04d.png", POOL - 1)
        + ","), lines.get(POOL));
  }

  @Test
  void evaluateOnTheEvaluationFolderGivesTheReportsAccuracy() {
    Captured evaluated = Captured.run("evaluate", "--model", run.resolve("release").toString(),
        "--input", dir.resolve("eval").toString(), "--json");
    assertEquals(0, evaluated.exitCode(), evaluated.err());
    assertTrue(evaluated.out().contains(String.format(java.util.Locale.ROOT, "%s",
        report.at("/student/test_accuracy").asText())), evaluated.out());
  }

  @Test
  void aClassFolderThatIsNoClassIsOneLineNamingItBeforeAnyTeacherTrains() throws IOException {
    Path privateDir = ColourImages.labelled(dir.resolve("bad-private"), 2, SIDE, 4);
    Files.move(privateDir.resolve("blue"), privateDir.resolve("purple"));
    Path config = Files.writeString(dir.resolve("bad.yaml"), ColourImages.config("bad",
        privateDir, dir.resolve("pool"), dir.resolve("eval"), POOL, 30));
    Captured bad = Captured.run("run", config.toString(), "--out", dir.resolve("bad-runs")
        .toString());
    assertEquals(2, bad.exitCode(), bad.err());
    assertEquals(1, bad.err().lines().count(), bad.err());
    assertTrue(bad.err().contains("purple: class folder 'purple' is not one of the classes [red,"
        + " green, blue]"), bad.err());
    assertFalse(Files.exists(dir.resolve("bad-runs/cache/teachers")) && hasTeachers(
        dir.resolve("bad-runs/cache/teachers")), "no teacher was trained");
  }

  private static boolean hasTeachers(Path cache) throws IOException {
    try (Stream<Path> files = Files.walk(cache)) {
      return files.anyMatch(f -> f.getFileName().toString().endsWith(".zip"));
    }
  }
}
