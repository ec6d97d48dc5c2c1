package dev.pate.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.pate.pipeline.output.Json;
import dev.pate.pipeline.testdata.ColourImages;
import dev.pate.pipeline.testdata.RunFolders;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code pate predict} and {@code pate evaluate} on folders of images, with the release of a run
 * on colour images in folders made by {@code pate run} (the run itself is the pipeline's {@code
 * ImageFolderRunTest}): one row per file, and the report's accuracy on the evaluation folder.
 */
class ImageFolderCommandsTest {
  private static final int POOL = ColourImages.RUN_POOL;

  @TempDir static Path dir;
  static Path run;
  static JsonNode report;

  @BeforeAll
  static void runOnce() throws IOException {
    Path config = ColourImages.writeRun(dir);
    assertEquals(0, Main.execute("run", config.toString(), "--out",
        dir.resolve("runs").toString()));
    run = RunFolders.only(dir.resolve("runs/colour"));
    report = Json.mapper().readTree(run.resolve("report.json").toFile());
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
}
