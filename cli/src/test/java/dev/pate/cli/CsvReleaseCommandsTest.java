package dev.pate.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.pate.pipeline.output.Json;
import dev.pate.pipeline.testdata.RunFolders;
import dev.pate.pipeline.testdata.SyntheticTable;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code pate evaluate} and {@code pate predict} on the release of a tiny CSV run made by {@code
 * pate run} (the run itself is the pipeline's {@code CsvRunTest}): records read as the run
 * encoded them, rows of the student's own pool refused or counted, unseen categories warned
 * about, a wrong header refused in one line.
 */
class CsvReleaseCommandsTest {
  @TempDir static Path dir;
  static Path run;
  static JsonNode report;

  @BeforeAll
  static void runOnce() throws IOException {
    Path config = SyntheticTable.writeRun(dir);
    assertEquals(0, Main.execute("run", config.toString(), "--out", dir.resolve("runs").toString()));
    run = RunFolders.only(dir.resolve("runs/tiny-csv"));
    report = Json.mapper().readTree(run.resolve("report.json").toFile());
  }

  /**
   * The release reads records as the run encoded them: evaluate on the public file's held-out
   * records gives the report's accuracy exactly, and predict gives a row per record.
   */
  @Test
  void theReleaseReadsRecordsAsTheRunEncodedThem() throws IOException {
    Path release = run.resolve("release");
    Path publicFile = dir.resolve("public.csv");
    Captured evaluation = Captured.run("evaluate", "--model", release.toString(), "--input",
        publicFile.toString(), "--rows", "200:300", "--json");
    assertEquals(0, evaluation.exitCode(), evaluation.err());
    JsonNode e = Json.mapper().readTree(evaluation.out());
    assertEquals(100, e.get("examples").asInt());
    assertEquals(report.at("/student/test_accuracy").asDouble(), e.get("accuracy").asDouble());

    // Rows of the student's own pool: refused, or with the flag evaluated and counted.
    Captured overlapping = Captured.run("evaluate", "--model", release.toString(), "--input",
        publicFile.toString(), "--rows", "150:300");
    ReleaseTest.assertOneLine(overlapping, "50 of the 150 rows asked for were the student's"
        + " query pool");
    assertTrue(overlapping.err().contains("--allow-pool-overlap"), overlapping.err());
    Captured allowed = Captured.run("evaluate", "--model", release.toString(), "--input",
        publicFile.toString(), "--rows", "150:300", "--allow-pool-overlap", "--json");
    assertEquals(0, allowed.exitCode(), allowed.err());
    assertTrue(allowed.err().contains("warning: 50 of the 150 evaluated rows"), allowed.err());
    assertEquals(50, Json.mapper().readTree(allowed.out()).get("pool_rows").asInt());

    Captured predicted = Captured.run("predict", "--model", release.toString(), "--input",
        publicFile.toString());
    assertEquals(0, predicted.exitCode(), predicted.err());
    assertEquals(301, predicted.out().lines().count());

    // A category the training never saw: predicted all the same, with one warning per column.
    Path unseen = Files.writeString(dir.resolve("unseen.csv"), SyntheticTable.HEADER
        + "\n1,2.0,purple,low\n2,3.0,purple,low\n3,4.0,mauve,high\n");
    Captured warned = Captured.run("predict", "--model", release.toString(), "--input",
        unseen.toString());
    assertEquals(0, warned.exitCode(), warned.err());
    assertEquals(4, warned.out().lines().count());
    assertEquals(1, warned.err().lines().filter(l -> l.contains("warning")).count(), warned.err());
    assertTrue(warned.err().contains("column 'colour': category 'purple' (and 3 record(s) in"
        + " all) was never seen in training"), warned.err());

    Path wrong = Files.writeString(dir.resolve("wrong.csv"), "id,hours,shade,income\n1,2.0,red,low\n");
    Captured refused = Captured.run("predict", "--model", release.toString(), "--input",
        wrong.toString());
    ReleaseTest.assertOneLine(refused, "header column 'shade'");
  }
}
