package dev.pate.pipeline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.pate.files.Sha256;
import dev.pate.pipeline.output.Json;
import dev.pate.pipeline.testdata.SyntheticTable;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A whole run on a small CSV table (seconds): the same pipeline and run folder as for images, with
 * the report's account of reading and encoding the files and the non-private ceiling, driven
 * through {@link PatePipeline} as a Java user would.
 */
class CsvRunTest {
  @TempDir static Path dir;
  static Path run;
  static JsonNode report;

  @BeforeAll
  static void runOnce() throws IOException {
    run = TinyRuns.run(SyntheticTable.writeRun(dir), dir.resolve("runs"));
    report = Json.mapper().readTree(run.resolve("report.json").toFile());
  }

  @Test
  void theProvenancePublishesThePublicFilesHashAndKeepsThePrivateOnesPrivate() throws IOException {
    JsonNode data = report.at("/provenance/data/0");
    assertEquals("public.csv", data.get("file").asText());
    assertEquals(Sha256.of(dir.resolve("public.csv")), data.get("sha256").asText());
    JsonNode privately = report.at("/provenance/private/data/0");
    assertEquals("private.csv", privately.get("file").asText());
    String privateHash = Sha256.of(dir.resolve("private.csv"));
    assertEquals(privateHash, privately.get("sha256").asText());
    String release = Files.readString(run.resolve("release/release.json"));
    assertTrue(release.contains(data.get("sha256").asText()));
    assertFalse(release.contains(privateHash), "the private file's hash is not published");
  }

  @Test
  void writesTheSameRunFolderAsForImages() throws IOException {
    for (String f : List.of("config.yaml", "votes.csv", "labels.csv", "ledger.jsonl",
        "report.json", "teachers/manifest.json", "teachers/teacher-004.zip")) {
      assertTrue(Files.isRegularFile(run.resolve(f)), f);
    }
    List<String> votes = Files.readAllLines(run.resolve("votes.csv"));
    assertEquals("index,count_0,count_1", votes.get(0));
    assertEquals(61, votes.size());
    for (String row : votes.subList(1, votes.size())) {
      assertEquals(5, Stream.of(row.split(",")).skip(1).mapToInt(Integer::parseInt).sum(), row);
    }
    assertTrue(Files.readString(run.resolve("config.yaml")).contains("  csv:\n"));
  }

  @Test
  void reportsHowEachFileWasReadAndWhereEveryStatisticCameFrom() {
    JsonNode tables = report.at("/dataset/tables");
    JsonNode privately = report.at("/dataset/private");
    assertEquals(600, privately.at("/private_file/records").asInt());
    assertEquals(60, privately.at("/private_file/dropped_missing").asInt(), "every 10th row: ?");
    assertEquals(540, privately.at("/private_file/kept").asInt());
    assertEquals(60, privately.at("/private_file/missing_by_column/colour").asInt());
    assertEquals(64, privately.at("/private_file/sha256").asText().length());
    assertEquals(0, privately.at("/unseen_categories/colour").asInt());
    assertTrue(tables.at("/private_file").isMissingNode(), "private counts only under private");
    assertEquals(0, tables.at("/public_file/dropped_missing").asInt());
    assertEquals(540, privately.at("/private_examples_used").asInt());
    assertEquals(200, report.at("/dataset/query_pool").asInt());
    assertEquals(100, report.at("/dataset/held_out").asInt());

    JsonNode encoding = tables.at("/encoding");
    assertEquals(200, encoding.at("/pool_rows").asInt());
    assertEquals(4, encoding.at("/features").asInt(), "hours + 3 colours");
    assertTrue(encoding.at("/fitted_on").asText().contains("public query pool"));
    JsonNode hours = encoding.at("/columns/0");
    assertEquals("hours", hours.at("/column").asText());
    assertEquals("standard", hours.at("/method").asText());
    assertEquals("public pool", hours.at("/source").asText());
    JsonNode colour = encoding.at("/columns/1");
    assertEquals("[\"blue\",\"green\",\"red\"]", colour.at("/categories").toString());
    assertTrue(colour.at("/unseen/private").isMissingNode());
    assertEquals(0, colour.at("/unseen/pool").asInt());
  }

  @Test
  void labelsPointIntoThePublicFileAndTheStudentLearns() throws IOException {
    List<String> labels = Files.readAllLines(run.resolve("labels.csv"));
    assertEquals("index,noisy_label,true_label", labels.get(0));
    assertEquals("0", labels.get(1).split(",")[0], "selection first: record 0 of public.csv");
    assertEquals(60, report.at("/aggregation/queries_answered").asInt());
    double student = report.at("/student/test_accuracy").asDouble();
    assertTrue(student > 0.75, "student " + student);
    assertFalse(report.at("/privacy/epsilon_data_independent").isMissingNode());
  }

  @Test
  void theNonPrivateCeilingIsReportedAndLabelledAsSuch() {
    JsonNode ceiling = report.at("/private/non_private_ceiling");
    assertTrue(ceiling.at("/privacy").asText().startsWith("NOT private"));
    assertEquals(540, ceiling.at("/training_examples").asInt());
    double accuracy = ceiling.at("/test_accuracy").asDouble();
    assertTrue(accuracy > 0.75 && accuracy <= 1, "ceiling " + accuracy);
  }

  /**
   * A second run on the same data, partitions, seed and networks (a study's next point) reads the
   * ceiling kept beside the teachers instead of training it again: the same record, down to the
   * first training's seconds, which a new training would not repeat.
   */
  @Test
  void aSecondRunReusesTheCeilingKeptBesideTheTeachers() throws IOException {
    Path again = TinyRuns.run(SyntheticTable.writeRun(dir), dir.resolve("runs"));
    assertFalse(again.equals(run));
    JsonNode second = Json.mapper().readTree(again.resolve("report.json").toFile());
    assertEquals(report.at("/private/non_private_ceiling"),
        second.at("/private/non_private_ceiling"));
    try (var files = Files.walk(dir.resolve("runs/cache"))) {
      assertEquals(1, files.filter(f -> f.getFileName().toString().startsWith("ceiling-"))
          .count());
    }
  }

  /**
   * A CSV run releases its student with the public pool's encoding, and its card is a table's
   * (the command line's {@code CsvReleaseCommandsTest} evaluates and predicts with it).
   */
  @Test
  void theReleaseDescribesTheTableAsTheRunEncodedIt() throws IOException {
    Path release = run.resolve("release");
    JsonNode manifest = Json.mapper().readTree(release.resolve("release.json").toFile());
    assertEquals("table", manifest.at("/input/kind").asText());
    assertEquals("[\"low\",\"high\"]", manifest.at("/classes").toString());
    assertEquals("public pool", manifest.at("/input/table/encoding/0/source").asText());
    // The card is a table's: a row is its unit, and evaluate takes labels from the file.
    assertEquals("one record of the private data: a row of the private CSV file",
        manifest.at("/privacy/unit").asText());
    String card = Files.readString(release.resolve("MODEL_CARD.md"));
    assertFalse(card.contains("--labels"), card);
  }
}
