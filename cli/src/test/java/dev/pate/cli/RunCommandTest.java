package dev.pate.cli;

import dev.pate.pipeline.testdata.RunFolders;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.pate.config.ConfigLoader;
import dev.pate.config.RunConfig;
import dev.pate.ledger.Ledger;
import dev.pate.pipeline.PatePipeline;
import dev.pate.pipeline.PipelineResult;
import dev.pate.pipeline.output.Json;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code pate run} of a whole run on a few hundred MNIST images (seconds): a matching run reuses
 * the cache and says so, aggregation-only runs and dry runs, a resume whose noise was edited is
 * refused, and the command line gives what the library gives. (The run folder, the report's
 * fields, the privacy numbers against the PATE 2017 analysis and reproducibility are the
 * pipeline's {@code TinyRunTest}.)
 */
class RunCommandTest {
  /**
   * The tiny run's config: the one the pipeline's end-to-end tests run through the library
   * ({@code pipeline/src/test/resources/dev/pate/pipeline/tiny.yaml}).
   */
  static final String TINY = tinyConfig();

  @TempDir static Path dir;
  static Path first;

  @BeforeAll
  static void runOnce() throws IOException {
    Path config = dir.resolve("tiny.yaml");
    Files.writeString(config, TINY);
    assertEquals(0, Main.execute("run", config.toString(), "--out", dir.resolve("a").toString()));
    first = onlyRunFolder(dir.resolve("a/tiny"));
  }

  private static String tinyConfig() {
    Path root = Path.of(System.getProperty("pate.repo.root", ".."));
    try {
      return Files.readString(
          root.resolve("pipeline/src/test/resources/dev/pate/pipeline/tiny.yaml"));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static Path onlyRunFolder(Path parent) throws IOException {
    try (Stream<Path> s = Files.list(parent)) {
      List<Path> runs = s.toList();
      assertEquals(1, runs.size(), runs.toString());
      return runs.get(0);
    }
  }

  /**
   * A run that matches a cached ensemble reuses its teachers and votes (and says so), and gets the
   * same labels and numbers as the run that trained them.
   */
  @Test
  void aMatchingRunReusesTheCachedTeachersAndVotes() throws IOException {
    Path config = dir.resolve("tiny.yaml");
    java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
    java.io.PrintStream saved = System.out;
    System.setOut(new java.io.PrintStream(out, true, java.nio.charset.StandardCharsets.UTF_8));
    try {
      assertEquals(0, Main.execute("run", config.toString(), "--out", dir.resolve("a").toString(),
          "teachers.workers=1"));
    } finally {
      System.setOut(saved);
    }
    Path third;
    try (Stream<Path> s = Files.list(dir.resolve("a/tiny"))) {
      third = s.filter(p -> !p.equals(first)).findFirst().orElseThrow();
    }
    JsonNode r = Json.mapper().readTree(third.resolve("report.json").toFile());
    assertEquals(0, r.at("/teachers/private/cache/teachers_trained").asInt());
    assertEquals(6, r.at("/teachers/private/cache/teachers_reused").asInt());
    assertEquals(60, r.at("/teachers/private/cache/votes_reused").asInt());
    assertTrue(out.toString(java.nio.charset.StandardCharsets.UTF_8)
        .contains("6 teachers reused from the cache"), out.toString());
    assertTrue(out.toString(java.nio.charset.StandardCharsets.UTF_8)
        .contains("(reused from the cache)"), "summary table");
    for (String f : List.of("votes.csv", "labels.csv")) {
      assertEquals(Files.readString(first.resolve(f)), Files.readString(third.resolve(f)), f);
    }
    JsonNode original = Json.mapper().readTree(first.resolve("report.json").toFile());
    assertEquals(original.get("privacy"), r.get("privacy"));
    assertEquals(original.at("/teachers/private/mean_test_accuracy"),
        r.at("/teachers/private/mean_test_accuracy"));
    assertTrue(Files.isRegularFile(third.resolve("teachers/teacher-005.zip")));
    assertEquals(dir.resolve("a/cache/teachers")
        .resolve(r.at("/teachers/private/cache/key").asText())
        .toString(),
        r.at("/teachers/private/cache/folder").asText());
  }

  /** With student.train false a run stops after labelling; its dry run trains nothing. */
  @Test
  void aggregationOnlyRunsAndDryRuns() throws IOException {
    Path config = dir.resolve("tiny.yaml");
    Path out = dir.resolve("c");
    Captured planned = Captured.run("run", config.toString(), "--out", out.toString(),
        "--dry-run");
    assertEquals(0, planned.exitCode(), planned.err());
    assertTrue(planned.out().contains("1 ensemble to train (6 teachers, 4,800 image-epochs)"),
        planned.out());
    assertFalse(Files.exists(out), "a dry run writes nothing");

    Captured run = Captured.run("run", config.toString(), "--out", out.toString(),
        "student.train=false", "--seed", "4");
    assertEquals(0, run.exitCode(), run.err());
    assertTrue(run.out().contains("not trained (student.train is false)"), run.out());
    Path folder = onlyRunFolder(out.resolve("tiny"));
    JsonNode r = Json.mapper().readTree(folder.resolve("report.json").toFile());
    assertTrue(r.get("student").isNull(), r.toString());
    assertEquals(4, r.get("seed").asInt());
    assertTrue(Files.isRegularFile(folder.resolve("labels.csv")));
  }

  /**
   * The ledger binds the noise its charges were made with: resuming a fixed-noise run whose gamma
   * was edited in its config.yaml is refused in one line, and the ledger is left as it was.
   */
  @Test
  void aResumedRunWhoseNoiseWasEditedIsRefusedAndItsLedgerKept() throws IOException {
    Path copy = dir.resolve("edited");
    RunFolders.copyTree(first, copy);
    Files.delete(copy.resolve("report.json"));
    byte[] ledger = Files.readAllBytes(copy.resolve(Ledger.FILE));
    Path config = copy.resolve("config.yaml");
    String original = Files.readString(config);
    String edited = original.replace("gamma: 0.5", "gamma: 0.25");
    assertNotEquals(original, edited, original);
    Files.writeString(config, edited);

    Captured resumed = Captured.run("run", "--resume", copy.toString());
    assertEquals(2, resumed.exitCode(), resumed.err());
    String message = resumed.err().strip();
    assertFalse(message.contains("\n"), message);
    assertTrue(message.contains(Ledger.FILE + " line 1: its charges were made with {gamma=0.5}"),
        message);
    assertTrue(message.contains("{gamma=0.25}"), message);
    assertArrayEquals(ledger, Files.readAllBytes(copy.resolve(Ledger.FILE)));
    assertFalse(Files.exists(copy.resolve("report.json")));
  }

  /**
   * The command line is a thin layer over the library: the same config through PatePipeline
   * gives the same teachers, votes, labels and privacy figures as pate run.
   */
  @Test
  void theLibraryGivesWhatTheCommandLineGives() throws IOException {
    RunConfig config = ConfigLoader.load(dir.resolve("tiny.yaml"), List.of());
    PipelineResult result = PatePipeline.builder(config).outputDir(dir.resolve("api")).build()
        .run();
    for (String f : List.of("votes.csv", "labels.csv")) {
      assertEquals(Files.readString(first.resolve(f)),
          Files.readString(result.runFolder().resolve(f)), f);
    }
    JsonNode cli = Json.mapper().readTree(first.resolve("report.json").toFile());
    JsonNode api = Json.mapper().readTree(result.runFolder().resolve("report.json").toFile());
    assertEquals(cli.get("privacy"), api.get("privacy"));
    assertEquals(cli.at("/teachers/private/mean_test_accuracy"),
        api.at("/teachers/private/mean_test_accuracy"));
    assertEquals(cli.at("/student/test_accuracy").asDouble(),
        result.report().student().testAccuracy());
    // Without a validation split the learning curve is measured on the held-out images, and
    // says so.
    assertEquals("held-out", result.report().student().learningCurveOn());
    var curve = result.report().student().learningCurve();
    assertEquals(result.report().student().testAccuracy(),
        curve.get(curve.size() - 1).accuracy());
    assertEquals(result.privacy().epsilonDataIndependent().epsilon(),
        api.at("/privacy/epsilon_data_independent").asDouble());
  }
}
