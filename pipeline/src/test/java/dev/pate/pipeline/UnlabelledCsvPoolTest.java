package dev.pate.pipeline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.pate.files.UserError;
import dev.pate.pipeline.output.Json;
import dev.pate.pipeline.testdata.SyntheticTable;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A CSV run whose query pool has no labels (the label column emptied, as a data owner's public
 * pool would be): the held-out rows, in the public file after the pool or in an evaluation file
 * of their own, are labelled. The teachers label the pool, the student trains and is released;
 * the report has no label accuracy and says why.
 */
class UnlabelledCsvPoolTest {
  private static final int POOL = 200;

  @TempDir static Path dir;
  static Path privateFile;

  /** {@code file} with the label of its first {@code rows} records emptied. */
  static Path withoutLabels(Path file, Path into, int rows) throws IOException {
    List<String> lines = new ArrayList<>(Files.readAllLines(file));
    for (int i = 1; i <= rows; i++) {
      String line = lines.get(i);
      lines.set(i, line.substring(0, line.lastIndexOf(',') + 1));
    }
    return Files.write(into, lines);
  }

  @BeforeAll
  static void data() throws IOException {
    privateFile = SyntheticTable.write(dir.resolve("private.csv"), 600, 1, 10, "");
  }

  private static JsonNode run(String name, String config) throws IOException {
    Path file = Files.writeString(dir.resolve(name + ".yaml"), config.replace("name: tiny-csv",
        "name: " + name));
    Path folder = TinyRuns.run(file, dir.resolve("runs"));
    assertTrue(Files.isRegularFile(folder.resolve("release/student.zip")));
    return Json.mapper().readTree(folder.resolve("report.json").toFile());
  }

  private static void assertNoLabelAccuracy(JsonNode report) {
    assertEquals(0, report.at("/dataset/query_pool_labelled").asInt());
    assertTrue(report.at("/aggregation/queries_answered").asInt() > 0);
    assertTrue(report.at("/aggregation/label_accuracy").isNull(), report.at("/aggregation")
        .toString());
    assertTrue(report.at("/aggregation/label_accuracy_on").asText().contains("no labels"));
    assertTrue(report.at("/student/test_accuracy").asDouble() > 0.6,
        report.at("/student").toString());
  }

  @Test
  void thePoolRowsOfThePublicFileWithoutLabels() throws IOException {
    Path labelled = SyntheticTable.write(dir.resolve("public-labelled.csv"), 300, 2, 0, ".");
    Path publicFile = withoutLabels(labelled, dir.resolve("public.csv"), POOL);
    JsonNode report = run("pool-rows", SyntheticTable.config(privateFile, publicFile));
    assertNoLabelAccuracy(report);
    assertEquals(POOL, report.at("/dataset/query_pool").asInt());
    assertEquals(100, report.at("/dataset/held_out").asInt());
  }

  @Test
  void aWhollyUnlabelledPoolFileAndAnEvaluationFile() throws IOException {
    Path pool = withoutLabels(SyntheticTable.write(dir.resolve("p.csv"), POOL, 3, 0, ""),
        dir.resolve("pool.csv"), POOL);
    Path eval = SyntheticTable.write(dir.resolve("eval.csv"), 120, 4, 0, "");
    JsonNode report = run("eval-file", SyntheticTable.config(privateFile, pool)
        .replace("    label: income", "    eval_file: '" + eval + "'\n    label: income"));
    assertNoLabelAccuracy(report);
    assertEquals(120, report.at("/dataset/held_out").asInt());
    assertEquals("eval.csv", Path.of(report.at("/dataset/tables/eval_file/file").asText())
        .getFileName().toString());
  }

  @Test
  void anUnlabelledHeldOutRowIsOneLineNamingTheFileAndRecord() throws IOException {
    Path labelled = SyntheticTable.write(dir.resolve("public-labelled-2.csv"), 300, 2, 0, ".");
    Path publicFile = withoutLabels(labelled, dir.resolve("public-bad.csv"), POOL + 5);
    Path config = Files.writeString(dir.resolve("bad.yaml"),
        SyntheticTable.config(privateFile, publicFile).replace("name: tiny-csv", "name: bad"));
    // The user's error (exit 2 at the command line), in one line.
    UserError bad = assertThrows(UserError.class, () -> TinyRuns.run(config, dir.resolve("runs")));
    String message = bad.getMessage();
    assertEquals(1, message.lines().count(), message);
    assertTrue(message.contains("public-bad.csv: record 200 (counting from 0") && message
        .contains("has no label; the held-out rows"), message);
  }
}
