package dev.pate.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.pate.pipeline.output.Json;
import dev.pate.pipeline.testdata.MultiLabelFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code pate run} of a multi-label config: a tiny run prints its report as JSON, on the generated
 * canvases, a CSV table and an image folder; a key a multi-label run does not take, and an image
 * without its label set, are one line naming it (exit 2), before any teacher trains.
 */
class MultiLabelRunCommandTest {
  private static final String TINY = tiny();

  @TempDir Path dir;

  @Test
  void aTinyMultiLabelRunPrintsItsReport() throws IOException {
    Path config = dir.resolve("tiny-multilabel.yaml");
    Files.writeString(config, TINY);
    Captured c = Captured.run("run", config.toString(), "--out", dir.resolve("out").toString(),
        "--json", "--quiet", "output.release=false");
    assertEquals(0, c.exitCode(), c.err());
    JsonNode report = Json.mapper().readTree(c.out());
    assertEquals("tau-voting", report.at("/aggregation/mechanism").asText());
    double microF1 = report.at("/student/held_out/micro_f1").asDouble(-1);
    assertTrue(microF1 >= 0 && microF1 <= 1, c.out());
  }

  @Test
  void aReleaseOfTheDataDependentEpsilonIsRefusedNamingItsKey() throws IOException {
    Path config = dir.resolve("tiny-multilabel.yaml");
    Files.writeString(config, TINY);
    Captured c = Captured.run("run", config.toString(), "--out", dir.resolve("out").toString(),
        "privacy.release=smooth-sensitivity", "privacy.release_teacher_accuracy=0.9");
    assertEquals(2, c.exitCode(), c.err());
    assertTrue(c.err().contains("privacy.release: smooth-sensitivity is not defined for the"
        + " multi-label mechanisms"), c.err());
    assertTrue(Files.notExists(dir.resolve("out")), "refused before any folder was made");
  }

  @Test
  void aMultiLabelCsvTableRuns() throws IOException {
    Path privateFile = MultiLabelFiles.table(dir.resolve("private.csv"), 160, 1, -1);
    Path publicFile = MultiLabelFiles.table(dir.resolve("public.csv"), 110, 2, -1);
    Path config = Files.writeString(dir.resolve("table.yaml"),
        MultiLabelFiles.tableConfig("table", privateFile, publicFile));
    Captured c = Captured.run("run", config.toString(), "--out", dir.resolve("out").toString(),
        "--json", "--quiet", "output.release=false");
    assertEquals(0, c.exitCode(), c.err());
    JsonNode report = Json.mapper().readTree(c.out());
    assertEquals("high_y", report.at("/dataset/labels/1").asText());
    assertEquals(30, report.at("/student/held_out/examples").asInt());
  }

  @Test
  void aMultiLabelImageFolderRunsAndAnImageWithoutLabelsIsOneLine() throws IOException {
    MultiLabelFiles.writeImages(dir);
    Path config = Files.writeString(dir.resolve("images.yaml"),
        MultiLabelFiles.imagesConfig("images", dir));
    Captured c = Captured.run("run", config.toString(), "--out", dir.resolve("out").toString(),
        "--json", "--quiet", "output.release=false");
    assertEquals(0, c.exitCode(), c.err());
    assertEquals("green", Json.mapper().readTree(c.out()).at("/dataset/labels/1").asText());

    Path labels = dir.resolve("private.csv");
    List<String> lines = Files.readAllLines(labels);
    Files.write(labels, lines.subList(0, lines.size() - 1));
    Captured refused = Captured.run("run", config.toString(), "--out",
        dir.resolve("out2").toString(), "output.release=false");
    assertEquals(2, refused.exitCode(), refused.err());
    assertTrue(refused.err().contains("has no label set in " + labels), refused.err());
    assertEquals(1, refused.err().strip().lines().count(), refused.err());
    assertTrue(Files.notExists(dir.resolve("out2").resolve("images")), "no run folder");
  }

  private static String tiny() {
    Path root = Path.of(System.getProperty("pate.repo.root", ".."));
    try {
      return Files.readString(
          root.resolve("pipeline/src/test/resources/dev/pate/pipeline/tiny-multilabel.yaml"));
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }
}
