package dev.pate.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.pate.pipeline.output.Json;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code pate run --json}, {@code --quiet} and the run's log (issue 30). */
class RunOutputTest {
  /** A progress bar's line: {@code label [#####...............] 12/50 24%}. */
  private static final Pattern BAR = Pattern.compile("\\[[#.]{20}\\]");

  @TempDir static Path dir;
  static Captured quiet;
  static Captured loud;

  @BeforeAll
  static void runTwice() throws IOException {
    Path config = Files.writeString(dir.resolve("tiny.yaml"), RunCommandTest.TINY);
    quiet = Captured.runWithStandardError("run", config.toString(), "--out",
        dir.resolve("out").toString(), "--json", "--quiet");
    assertEquals(0, quiet.exitCode(), quiet.err());
    loud = Captured.runWithStandardError("run", config.toString(), "--out",
        dir.resolve("out").toString(), "--json", "name=loud");
    assertEquals(0, loud.exitCode(), loud.err());
  }

  /** Standard output is one JSON document; its headline is the console's one epsilon. */
  @Test
  void jsonIsAllThereIsOnStandardOutput() throws IOException {
    JsonNode summary = Json.mapper().readTree(quiet.out());
    Path folder = Path.of(summary.get("run_folder").asText());
    JsonNode report = Json.mapper().readTree(folder.resolve("report.json").toFile());
    assertEquals(report, summary.get("report"));
    JsonNode headline = summary.get("headline");
    assertEquals("guarantee", headline.get("kind").asText());
    assertEquals(report.at("/privacy/epsilon_data_independent").asDouble(),
        headline.get("epsilon").asDouble());
    assertFalse(headline.get("guarantee_holds").asBoolean(), "seeded noise: " + headline);
    // Nothing before the document, nothing after it.
    assertTrue(quiet.out().startsWith("{"), quiet.out());
    Json.mapper().readerFor(JsonNode.class)
        .with(com.fasterxml.jackson.databind.DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
        .readValue(quiet.out());
    assertFalse(quiet.out().contains("pate: "), quiet.out());
    assertTrue(quiet.err().contains("pate: run folder"), "messages go to errors: " + quiet.err());
  }

  @Test
  void quietDrawsNoProgressBars() {
    assertFalse(BAR.matcher(quiet.err()).find(), quiet.err());
    assertTrue(BAR.matcher(loud.err()).find(), "without --quiet: " + loud.err());
  }

  /** run.log: the console's messages and the text summary, private part included, owner-only. */
  @Test
  void theRunFolderKeepsTheConsolesLog() throws IOException {
    Path folder = Path.of(Json.mapper().readTree(quiet.out()).get("run_folder").asText());
    String log = Files.readString(folder.resolve(RunLog.FILE));
    assertTrue(log.contains("pate: run folder " + folder), log);
    assertTrue(log.contains("  privacy "), log);
    assertTrue(log.contains("details, private to the data owner"), log);
    assertFalse(BAR.matcher(log).find(), log);
    if (dev.pate.files.FileModes.posix(folder)) {
      assertEquals("rw-------", java.nio.file.attribute.PosixFilePermissions.toString(
          Files.getPosixFilePermissions(folder.resolve(RunLog.FILE))));
    }
  }
}
