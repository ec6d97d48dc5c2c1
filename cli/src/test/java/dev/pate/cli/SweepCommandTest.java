package dev.pate.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.pate.pipeline.output.Json;
import dev.pate.study.StudyPlots;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import javax.imageio.ImageIO;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVRecord;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A small study (2 teacher counts x 2 gammas on a few hundred MNIST images, seconds): its folder,
 * results.csv against the points' reports, the plots and report.html, teachers trained once per
 * ensemble, a second run from the cache alone, and --dry-run.
 */
class SweepCommandTest {
  static final String STUDY = """
      name: small
      seed: 5
      dataset:
        name: mnist
        private_limit: 600
      teachers:
        workers: 2
        network:
          architecture: mlp
          dense: [16]
          epochs: 2
          learning_rate: 0.003
      aggregator:
        mechanism: lnmax
        queries: 30
        randomness: seeded
      student:
        network:
          architecture: mlp
          dense: [16]
          epochs: 2
          learning_rate: 0.003
      sweep:
        teachers.count: [3, 5]
        aggregator.gamma: [0.2, 1.0]
      """;

  @TempDir static Path dir;
  static Path file;
  static Path out;
  static Path folder;
  static Captured first;

  @BeforeAll
  static void runTheStudy() throws IOException {
    file = dir.resolve("small.yaml");
    Files.writeString(file, STUDY);
    out = dir.resolve("out");
    first = Captured.run("sweep", file.toString(), "--out", out.toString());
    assertEquals(0, first.exitCode(), first.err());
    folder = out.resolve("small");
  }

  static List<CSVRecord> results(Path studyFolder) throws IOException {
    CSVFormat format = CSVFormat.DEFAULT.builder().setHeader().setSkipHeaderRecord(true).build();
    return format.parse(new StringReader(Files.readString(studyFolder.resolve("results.csv"))))
        .getRecords();
  }

  @Test
  void resultsHaveARowPerPointThatMatchesItsReport() throws IOException {
    List<CSVRecord> rows = results(folder);
    assertEquals(4, rows.size());
    List<String> header = rows.get(0).getParser().getHeaderNames();
    assertEquals(List.of("point", "teachers.count", "aggregator.gamma", "seed"),
        header.subList(0, 4));
    for (String column : List.of("teacher_accuracy_mean", "label_accuracy", "queries_answered",
        "epsilon_data_independent", "epsilon_data_dependent_not_publishable", "delta",
        "epsilon_published", "epsilon_published_kind", "student_accuracy", "on_frontier",
        "seconds_total")) {
      assertTrue(header.contains(column), column);
    }
    assertEquals(List.of("3", "3", "5", "5"), rows.stream().map(r -> r.get("teachers")).toList());
    assertEquals(List.of("0.2", "1", "0.2", "1"),
        rows.stream().map(r -> r.get("aggregator.gamma")).toList());
    for (CSVRecord row : rows) {
      JsonNode report = Json.mapper().readTree(folder.resolve(row.get("folder"))
          .resolve("report.json").toFile());
      assertEquals(report.at("/aggregation/label_accuracy").asDouble(),
          Double.parseDouble(row.get("label_accuracy")));
      assertEquals(report.at("/privacy/private/epsilon_data_dependent").asDouble(),
          Double.parseDouble(row.get("epsilon_data_dependent_not_publishable")));
      assertEquals("guarantee", row.get("epsilon_published_kind"));
      assertEquals(report.at("/privacy/epsilon_data_independent").asDouble(),
          Double.parseDouble(row.get("epsilon_published")));
      assertEquals("", row.get("on_frontier"), "no validation split: nothing chosen");
      assertEquals(report.at("/privacy/epsilon_data_independent").asDouble(),
          Double.parseDouble(row.get("epsilon_data_independent")));
      assertEquals(report.at("/student/test_accuracy").asDouble(),
          Double.parseDouble(row.get("student_accuracy")));
      assertEquals(report.at("/aggregation/gamma").asText(),
          Double.toString(Double.parseDouble(row.get("aggregator.gamma"))));
      // seeded noise is no guarantee: a study point publishes nothing (issue 30)
      assertFalse(Files.exists(folder.resolve(row.get("folder")).resolve("release")),
          row.get("folder"));
      assertTrue(report.at("/release").isMissingNode() || report.at("/release").isNull());
      JsonNode status = Json.mapper().readTree(folder.resolve(row.get("folder"))
          .resolve("status.json").toFile());
      assertEquals("done", status.get("status").asText());
    }
  }

  /** Noise and queries vary on top of teachers trained once per (data, partition, network, seed). */
  @Test
  void eachEnsembleIsTrainedOnceAndItsVotesAreReused() throws IOException {
    List<CSVRecord> rows = results(folder);
    assertEquals(List.of("trained", "cache", "trained", "cache"),
        rows.stream().map(r -> r.get("teachers_from")).toList());
    try (Stream<Path> ensembles = Files.list(out.resolve("cache/teachers"))) {
      assertEquals(2, ensembles.count());
    }
    JsonNode reused = Json.mapper().readTree(folder.resolve(rows.get(1).get("folder"))
        .resolve("report.json").toFile());
    assertEquals(30, reused.at("/teachers/private/cache/votes_reused").asInt());
    assertEquals(0, reused.at("/teachers/private/cache/votes_computed").asInt());
  }

  @Test
  void plotsAndReportAreWritten() throws IOException {
    for (String name : List.of(StudyPlots.LABEL_ACCURACY, StudyPlots.EPSILON,
        StudyPlots.FRONTIER)) {
      BufferedImage image = ImageIO.read(folder.resolve(name).toFile());
      assertNotNull(image, name + " is not an image");
      assertTrue(image.getWidth() >= 800, name);
    }
    String html = Files.readString(folder.resolve("report.html"));
    assertTrue(html.startsWith("<!DOCTYPE html>"));
    assertEquals(3, html.split("src=\"data:image/png;base64,", -1).length - 1, "embedded plots");
    assertEquals(5, html.split("<tr>", -1).length - 1, "a header and 4 rows");
    assertTrue(html.contains("no real privacy"), "seeded noise is flagged");
    JsonNode index = Json.mapper().readTree(folder.resolve("study.json").toFile());
    assertEquals(4, index.get("points").size());
    assertTrue(first.out().contains("pate: study small: 4 points in"), first.out());
  }

  @Test
  void runningItAgainRedoesNothing() throws IOException {
    String before = Files.readString(folder.resolve("results.csv"));
    Captured again = Captured.run("sweep", file.toString(), "--out", out.toString());
    assertEquals(0, again.exitCode(), again.err());
    for (int p = 1; p <= 4; p++) {
      assertTrue(again.out().contains("pate: point " + p + "/4 finished before"), again.out());
    }
    assertFalse(again.out().contains("teachers trained"), again.out());
    assertEquals(before, Files.readString(folder.resolve("results.csv")));
  }

  @Test
  void dryRunPlansFromTheCacheAndWritesNothing() throws IOException {
    Captured planned = Captured.run("sweep", file.toString(), "--out", out.toString(),
        "--dry-run", "sweep.aggregator.queries=[30, 40]");
    assertEquals(0, planned.exitCode(), planned.err());
    String text = planned.out();
    assertTrue(text.contains("small: 8 points (4 finished before)"), text);
    assertTrue(text.contains("cached (3)"), text);
    assertTrue(text.contains("10 new"), "the 10 queries not voted on yet: " + text);
    assertTrue(text.contains("0 ensembles to train (0 teachers, 0 image-epochs), 2 cached"), text);
    assertEquals(4, results(folder).size(), "a dry run writes nothing");

    Path fresh = dir.resolve("fresh");
    Captured unplanned = Captured.run("sweep", file.toString(), "--out", fresh.toString(),
        "--dry-run", "--seed", "9");
    assertTrue(unplanned.out().contains("train 3"), unplanned.out());
    assertTrue(unplanned.out().contains("2 ensembles to train (8 teachers, 2,400 image-epochs)"),
        unplanned.out());
    assertTrue(unplanned.out().contains("ms per image-epoch"), unplanned.out());
    assertFalse(Files.exists(fresh), "a dry run creates no folder");
  }

  /**
   * A new study in the same output folder is estimated from the students and labelling of the
   * studies finished there, by the engine that trained them; another engine's are not taken.
   */
  @Test
  void aDryRunMeasuresItsStudentsOnTheStudiesFinishedBesideIt() {
    Captured other = Captured.run("sweep", file.toString(), "--out", out.toString(),
        "--dry-run", "name=other");
    assertEquals(0, other.exitCode(), other.err());
    assertTrue(other.out().contains("other: 4 points (0 finished before)"), other.out());
    assertTrue(other.out().contains("(measured on 4 earlier trainings of this network by"
        + " onednn)"), other.out());
    assertTrue(other.out().contains("(measured on the runs finished here)"), other.out());
    Captured dl4j = Captured.run("sweep", file.toString(), "--out", out.toString(),
        "--dry-run", "name=other", "student.engine=dl4j");
    assertEquals(0, dl4j.exitCode(), dl4j.err());
    assertTrue(dl4j.out().contains("none of this shape trained here by dl4j yet"), dl4j.out());
  }

  @Test
  void aPointWhoseReleaseCannotBePlannedIsNamedByTheDryRunAndTheSweep() {
    // The config is valid; only its plan (a smooth-sensitivity release for 3 teachers, where
    // nothing is data-dependent) is refused, and a grid's user must know which point to change.
    String[] overrides = {"aggregator.mechanism=gnmax", "aggregator.sigma=40",
        "sweep.aggregator.gamma=null", "privacy.release=smooth-sensitivity",
        "privacy.release_teacher_accuracy=0.9"};
    Path fresh = dir.resolve("unreleasable");
    for (boolean dryRun : new boolean[] {true, false}) {
      List<String> args = new ArrayList<>(List.of("sweep", file.toString(), "--out",
          fresh.toString()));
      args.addAll(List.of(overrides));
      if (dryRun) {
        args.add("--dry-run");
      }
      Captured refused = Captured.run(args.toArray(String[]::new));
      assertEquals(2, refused.exitCode(), refused.err());
      assertTrue(refused.err().startsWith("pate: point 1 (teachers.count=3): privacy.release:"),
          refused.err());
      assertFalse(Files.exists(fresh), "refused before anything is written");
    }
  }

  @Test
  void badStudiesAreOneLineErrors() throws IOException {
    Path bad = dir.resolve("bad.yaml");
    Files.writeString(bad,
        "name: bad\nsweep:\n  aggregator.gamma: [0.1, -1]\n  teachers.cont: [3]\n");
    Captured failed = Captured.run("sweep", bad.toString(), "--out", dir.resolve("x").toString());
    assertEquals(2, failed.exitCode());
    assertTrue(failed.err().startsWith("pate: 2 problems in " + bad), failed.err());
    assertTrue(failed.err().contains("line 3: aggregator.gamma: -1 is not > 0"), failed.err());
    assertTrue(failed.err().contains("sweep.teachers.cont: unknown key; did you mean"
        + " teachers.count?"), failed.err());
    assertFalse(Files.exists(dir.resolve("x")));
  }
}
