package dev.pate.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.pate.pipeline.output.Json;
import dev.pate.study.ResultsCsv;
import dev.pate.study.StudyPlots;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javax.imageio.ImageIO;
import org.apache.commons.csv.CSVRecord;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code pate sweep} of a multi-label config (issue 27): two mechanisms on the tiny multi-digit
 * run (4 teachers, a few hundred canvases; seconds) run end to end into results.csv with the
 * multi-label columns, the student plots and report.html; {@code --dry-run} plans the grid and
 * its cost; a single-label key swept in a multi-label config is one line naming it.
 */
class MultiLabelSweepTest {
  @TempDir static Path dir;
  static Path file;
  static Path out;
  static Path folder;
  static Captured first;

  @BeforeAll
  static void runTheStudy() throws IOException {
    file = dir.resolve("tiny-multilabel-study.yaml");
    Files.writeString(file, tinyRun() + "output:\n  release: false\nsweep:\n"
        + "  multi_label.mechanism: [binary-voting, powerset-voting]\n");
    Files.writeString(dir.resolve("tiny-run.yaml"), tinyRun());
    out = dir.resolve("out");
    first = Captured.run("sweep", file.toString(), "--out", out.toString());
    assertEquals(0, first.exitCode(), first.err());
    folder = out.resolve("tiny-multilabel");
  }

  @Test
  void resultsHaveTheMultiLabelColumnsOfEachPointsReport() throws IOException {
    List<CSVRecord> rows = SweepCommandTest.results(folder);
    assertEquals(2, rows.size());
    List<String> header = rows.get(0).getParser().getHeaderNames();
    assertEquals(ResultsCsv.multiLabelHeader(List.of("multi_label.mechanism")), header);
    assertEquals(List.of("binary-voting", "powerset-voting"),
        rows.stream().map(r -> r.get("mechanism")).toList());
    for (CSVRecord row : rows) {
      assertEquals(row.get("multi_label.mechanism"), row.get("mechanism"));
      JsonNode report = Json.mapper().readTree(folder.resolve(row.get("folder"))
          .resolve("report.json").toFile());
      assertEquals(report.at("/aggregation/parameters/sigma").asDouble(),
          Double.parseDouble(row.get("sigma")));
      assertEquals(report.at("/aggregation/queries_answered").asInt(),
          Integer.parseInt(row.get("queries_answered")));
      assertEquals(report.at("/aggregation/answers/micro_f1").asDouble(),
          Double.parseDouble(row.get("answers_micro_f1")));
      assertEquals("guarantee", row.get("epsilon_published_kind"));
      assertEquals(report.at("/privacy/epsilon_data_independent").asDouble(),
          Double.parseDouble(row.get("epsilon_published")));
      assertEquals(report.at("/privacy/order_data_independent").asDouble(),
          Double.parseDouble(row.get("epsilon_published_order")));
      assertEquals(report.at("/privacy/delta").asDouble(),
          Double.parseDouble(row.get("epsilon_published_delta")));
      for (String score : List.of("micro_f1", "macro_f1", "label_set_accuracy")) {
        assertEquals(report.at("/student/held_out/" + score).asDouble(),
            Double.parseDouble(row.get("student_" + score)), score);
      }
      JsonNode status = Json.mapper().readTree(folder.resolve(row.get("folder"))
          .resolve("status.json").toFile());
      assertEquals("done", status.get("status").asText());
    }
    // tau and threshold belong to the mechanisms that have them
    assertEquals("0.5", rows.get(0).get("threshold"));
    assertEquals("", rows.get(1).get("threshold"), "powerset-voting has no threshold");
    assertEquals("", rows.get(0).get("tau"), "binary-voting does not clip");
  }

  @Test
  void theStudentPlotsAndReportAreWritten() throws IOException {
    for (String name : List.of("student-micro-f1-vs-epsilon.png",
        "student-label-set-accuracy-vs-epsilon.png")) {
      BufferedImage image = ImageIO.read(folder.resolve(name).toFile());
      assertNotNull(image, name + " is not an image");
    }
    for (String singleLabel : List.of(StudyPlots.LABEL_ACCURACY, StudyPlots.EPSILON,
        StudyPlots.FRONTIER)) {
      assertFalse(Files.exists(folder.resolve(singleLabel)), singleLabel);
    }
    String html = Files.readString(folder.resolve("report.html"));
    assertEquals(2, html.split("src=\"data:image/png;base64,", -1).length - 1, "embedded plots");
    assertEquals(3, html.split("<tr>", -1).length - 1, "a header and 2 rows");
    assertTrue(html.contains("no real privacy"), "seeded noise is flagged");
    assertTrue(first.out().contains("pate: study tiny-multilabel: 2 points in"), first.out());
    assertTrue(first.out().contains("student micro-F1"), first.out());
  }

  @Test
  void runningItAgainRedoesNothing() throws IOException {
    String before = Files.readString(folder.resolve("results.csv"));
    Captured again = Captured.run("sweep", file.toString(), "--out", out.toString());
    assertEquals(0, again.exitCode(), again.err());
    assertTrue(again.out().contains("pate: point 1/2 finished before"), again.out());
    assertTrue(again.out().contains("pate: point 2/2 finished before"), again.out());
    assertEquals(before, Files.readString(folder.resolve("results.csv")));
  }

  /**
   * A point killed before its report is finished by the same command; its seeded noise is drawn
   * again from the first query, so it releases the very same label sets and states the same
   * guarantee.
   */
  @Test
  void anInterruptedPointIsFinishedByRunningTheStudyAgain() throws IOException {
    CSVRecord before = SweepCommandTest.results(folder).get(1);
    Path point = folder.resolve(before.get("folder"));
    String labels = Files.readString(point.resolve("labels.csv"));
    Files.delete(point.resolve("report.json"));
    Captured again = Captured.run("sweep", file.toString(), "--out", out.toString());
    assertEquals(0, again.exitCode(), again.err());
    assertTrue(again.out().contains("pate: point 1/2 finished before"), again.out());
    assertTrue(again.out().contains("finishing the interrupted point; its seeded noise is drawn"
        + " again"), again.out());
    assertEquals(labels, Files.readString(point.resolve("labels.csv")));
    CSVRecord after = SweepCommandTest.results(folder).get(1);
    for (String column : List.of("sigma", "answers_micro_f1", "epsilon_published",
        "epsilon_published_order", "queries_answered")) {
      assertEquals(before.get(column), after.get(column), column);
    }
    assertTrue(Files.exists(point.resolve("report.json")));
  }

  @Test
  void dryRunPlansTheGridAndItsCost() {
    Path fresh = dir.resolve("fresh");
    Captured planned = Captured.run("sweep", file.toString(), "--out", fresh.toString(),
        "--dry-run", "sweep.seeds=[1, 2]");
    assertEquals(0, planned.exitCode(), planned.err());
    String text = planned.out();
    assertTrue(text.contains("tiny-multilabel: 4 multi-label points (0 finished before)"), text);
    // the mechanism changes the answers, not the teachers: one ensemble per seed
    assertTrue(text.contains("train 4"), text);
    assertTrue(text.contains("as point 1"), text);
    assertTrue(text.contains("2 ensembles to train (8 teachers, 480 image-epochs)"), text);
    assertTrue(text.contains("students   4, up to 240 image-epochs"), text);
    assertFalse(Files.exists(fresh), "a dry run creates no folder");

    // a budget that cannot pay for one query is refused by the dry run, as by the run, by point
    Captured unaffordable = Captured.run("sweep", file.toString(), "--out", fresh.toString(),
        "--dry-run", "privacy.budget.epsilon=0.001");
    assertEquals(2, unaffordable.exitCode(), unaffordable.err());
    assertTrue(unaffordable.err().startsWith("pate: point 1 (multi_label.mechanism=binary-voting):"
        + " privacy.budget: cannot pay for a single query"), unaffordable.err());
    assertFalse(Files.exists(fresh), "a dry run creates no folder");

    Captured finished = Captured.run("sweep", file.toString(), "--out", out.toString(),
        "--dry-run");
    assertTrue(finished.out().contains("2 multi-label points (2 finished before)"),
        finished.out());
    assertTrue(finished.out().contains("0 ensembles to train"), finished.out());

    Captured run = Captured.run("run", file.getParent().resolve("tiny-run.yaml").toString(),
        "--out", fresh.toString(), "--dry-run");
    assertEquals(0, run.exitCode(), run.err());
    assertTrue(run.out().contains("tiny-multilabel: 1 multi-label point (0 finished before)"),
        run.out());
    assertFalse(Files.exists(fresh), "a dry run creates no folder");
  }

  @Test
  void aSingleLabelKeySweptInAMultiLabelStudyIsOneLineNamingIt() throws IOException {
    for (String sweep : List.of("aggregator.sigma: [10, 20]", "aggregator.gamma: [0.1, 0.2]")) {
      Path bad = dir.resolve("mixed.yaml");
      Files.writeString(bad, tinyRun() + "sweep:\n  " + sweep + "\n");
      String key = sweep.substring(0, sweep.indexOf(':'));
      Captured refused = Captured.run("sweep", bad.toString(), "--out",
          dir.resolve("mixed").toString());
      assertEquals(2, refused.exitCode(), refused.err());
      assertEquals(1, refused.err().strip().lines().count(), refused.err());
      assertTrue(refused.err().contains(key + ": "), refused.err());
      assertTrue(refused.err().contains("single-label"), refused.err());
      assertFalse(Files.exists(dir.resolve("mixed")));
    }
  }

  private static String tinyRun() throws IOException {
    Path root = Path.of(System.getProperty("pate.repo.root", ".."));
    return Files.readString(
        root.resolve("pipeline/src/test/resources/dev/pate/pipeline/tiny-multilabel.yaml"));
  }
}
