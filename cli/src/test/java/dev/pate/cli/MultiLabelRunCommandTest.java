package dev.pate.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.pate.pipeline.output.Json;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code pate run} of a multi-label config: a tiny run prints its report as JSON; a key a
 * multi-label run does not take is one line naming it (exit 2), before any data is read.
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
