package dev.pate.spark;

import static dev.pate.spark.SparkRuns.assertSameResults;
import static dev.pate.spark.SparkRuns.report;
import static dev.pate.spark.SparkRuns.run;
import static dev.pate.spark.SparkRuns.spark;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.pate.files.UserError;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The spark executor on {@code local[2]} (Spark inside the test's JVM, two task threads) against
 * the local executor: the same teachers, votes, labels and report figures, teachers kept in the
 * shared directory and not trained twice, and one-line errors for a bad master or shared_dir.
 */
class SparkExecutorTest {
  @TempDir static Path dir;
  static Path local;
  static Path onSpark;
  static Path shared;

  @BeforeAll
  static void runBothExecutors() {
    local = run(dir.resolve("local"));
    shared = dir.resolve("shared");
    onSpark = run(dir.resolve("spark"), spark("local[2]",
        "teachers.spark.shared_dir=" + shared.toUri(), "teachers.spark.teachers_per_task=2"));
  }

  @AfterAll
  static void stopSpark() {
    SparkContexts.stop();
  }

  @Test
  void sparkGivesTheLocalExecutorsVotesLabelsAndFigures() throws IOException {
    assertSameResults(local, onSpark);
    JsonNode report = report(onSpark);
    assertEquals("spark", report.at("/teachers/executor").asText());
    assertEquals("local", report(local).at("/teachers/executor").asText());
    assertEquals(6, report.at("/teachers/private/cache/teachers_trained").asInt());
  }

  /** Tasks wrote every model and record to the shared directory; the driver copied them. */
  @Test
  void modelsGoToTheSharedDirectoryAndIntoTheDriversCache() throws IOException {
    String key = report(onSpark).at("/teachers/private/cache/key").asText();
    Path cache = dir.resolve("spark/cache/teachers").resolve(key);
    for (int t = 0; t < 6; t++) {
      String model = String.format("teacher-%03d.zip", t);
      String record = String.format("teacher-%03d.json", t);
      assertTrue(Files.isRegularFile(shared.resolve(key).resolve(model)), model);
      assertEquals(Files.readString(shared.resolve(key).resolve(record)),
          Files.readString(cache.resolve(record)), record);
      assertTrue(Files.isRegularFile(onSpark.resolve("teachers").resolve(model)), model);
    }
  }

  /** The shared directory holds private teachers: owner-only, as the local cache is. */
  @Test
  void theSharedDirectorysTeachersAreOwnerOnly() throws IOException {
    Assumptions.assumeTrue(shared.getFileSystem().supportedFileAttributeViews().contains("posix"));
    Path folder = shared.resolve(report(onSpark).at("/teachers/private/cache/key").asText());
    assertEquals(PosixFilePermissions.fromString("rwx------"),
        Files.getPosixFilePermissions(folder));
    try (var files = Files.list(folder)) {
      files.filter(f -> f.getFileName().toString().startsWith("teacher-")).forEach(f -> {
        try {
          assertEquals(PosixFilePermissions.fromString("rw-------"),
              Files.getPosixFilePermissions(f), f.toString());
        } catch (IOException e) {
          throw new java.io.UncheckedIOException(e);
        }
      });
    }
  }

  /**
   * A run with an empty cache but the same shared directory trains nothing: its teachers' records
   * (with their measured training times) are the first run's.
   */
  @Test
  void teachersInTheSharedDirectoryAreNotTrainedAgain() throws IOException {
    Path again = run(dir.resolve("again"), spark("local[2]",
        "teachers.spark.shared_dir=" + shared.toUri()));
    JsonNode first = manifest(onSpark);
    JsonNode second = manifest(again);
    assertEquals(first.get("teachers"), second.get("teachers"));
    assertSameResults(onSpark, again);
  }

  /** Active selection asks later rounds: a vote job loads the teachers from the shared dir. */
  @Test
  void laterRoundsVoteOnSparkAsLocally() throws IOException {
    String[] active = {"aggregator.selection=active", "aggregator.active_rounds=2",
        "aggregator.active_epochs=2"};
    Path activeLocal = run(dir.resolve("active-local"), active);
    String[] both = new String[active.length + 4];
    System.arraycopy(active, 0, both, 0, active.length);
    System.arraycopy(spark("local[2]"), 0, both, active.length, 3);
    both[both.length - 1] = "teachers.spark.teachers_per_task=4";
    Path activeSpark = run(dir.resolve("active-spark"), both);
    assertEquals(2, report(activeSpark).at("/aggregation/rounds").size());
    assertSameResults(activeLocal, activeSpark);
  }

  @Test
  void aMasterThatDoesNotAnswerIsOneLineNamingTheKey() throws IOException {
    int port;
    try (ServerSocket socket = new ServerSocket(0)) {
      port = socket.getLocalPort();
    }
    UserError e = assertThrows(UserError.class, () -> run(dir.resolve("nomaster"),
        spark("spark://127.0.0.1:" + port)));
    assertTrue(e.getMessage().startsWith("teachers.spark.master spark://127.0.0.1:" + port
        + ": no Spark master answers"), e.getMessage());
    assertEquals(1, e.getMessage().lines().count());
  }

  @Test
  void aSharedDirThatCannotBeWrittenIsOneLineNamingTheKey() throws IOException {
    Path blocker = Files.writeString(dir.resolve("a-file"), "not a folder");
    String uri = blocker.resolve("teachers").toUri().toString();
    UserError e = assertThrows(UserError.class, () -> run(dir.resolve("noshared"),
        spark("local[2]", "teachers.spark.shared_dir=" + uri)));
    assertTrue(e.getMessage().startsWith("teachers.spark.shared_dir " + uri
        + ": cannot write there"), e.getMessage());
    assertEquals(1, e.getMessage().lines().count());
  }

  private static JsonNode manifest(Path runFolder) throws IOException {
    return dev.pate.pipeline.output.Json.mapper()
        .readTree(runFolder.resolve("teachers/manifest.json").toFile());
  }
}
