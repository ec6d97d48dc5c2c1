package dev.pate.pipeline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.pate.config.ConfigLoader;
import dev.pate.config.RunConfig;
import dev.pate.datasets.ExampleId;
import dev.pate.datasets.files.DataDirectory;
import dev.pate.datasets.multilabel.MultiLabelExamples;
import dev.pate.datasets.split.TeacherAssignment;
import dev.pate.ensemble.nn.Seeds;
import dev.pate.files.UserError;
import dev.pate.ledger.Ledger;
import dev.pate.ledger.LedgerReader;
import dev.pate.pipeline.multilabel.MultiLabelData;
import dev.pate.pipeline.output.Json;
import dev.pate.pipeline.testdata.MultiLabelFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Multi-label runs on files (seconds each): a CSV table with three 0/1 label columns and folders
 * of colour images with labels files, written here. Their labels are named by their columns in
 * the report, labels.csv, release.json and the model card; the unit of privacy is a row (an
 * image); private rows go to teachers by their position in the file; bad input is refused
 * before any teacher trains ({@link MultiLabelDatasetBudgetTest}: a kept data set budget is
 * charged).
 */
class MultiLabelFilesRunTest {
  private static final List<String> TABLE_LABELS = List.of("high_x", "high_y", "red");

  /** The private row whose high_y is '?': dropped, its position still counted. */
  private static final int DROPPED_ROW = 7;

  @TempDir static Path dir;
  static Path privateFile;
  static Path publicFile;
  static RunConfig tableConfig;
  static Path tableRun;
  static JsonNode tableReport;

  @BeforeAll
  static void runTable() throws IOException {
    privateFile = MultiLabelFiles.table(dir.resolve("private.csv"), 200, 1, DROPPED_ROW);
    publicFile = MultiLabelFiles.table(dir.resolve("public.csv"), 120, 2, -1);
    tableConfig = ConfigLoader.parse(MultiLabelFiles.tableConfig("table", privateFile,
        publicFile), "table.yaml", List.of());
    tableRun = PatePipeline.builder(tableConfig).outputDir(dir.resolve("out")).build()
        .runMultiLabel().runFolder();
    tableReport = Json.mapper().readTree(tableRun.resolve("report.json").toFile());
  }

  @Test
  void aTableRunNamesItsLabelsByTheirColumnsEverywhere() throws IOException {
    List<String> reported = Json.mapper().convertValue(tableReport.at("/dataset/labels"),
        Json.mapper().getTypeFactory().constructCollectionType(List.class, String.class));
    assertEquals(TABLE_LABELS, reported);
    assertEquals(3, tableReport.at("/student/held_out/per_label_f1").size());
    assertEquals(40, tableReport.at("/student/held_out/examples").asInt());
    assertEquals("index,label_high_x,label_high_y,label_red",
        Files.readAllLines(tableRun.resolve("labels.csv")).get(0));
    JsonNode manifest = Json.mapper().readTree(tableRun.resolve("release/release.json")
        .toFile());
    assertEquals(tableReport.at("/dataset/labels"), manifest.at("/labels"));
    assertEquals("table", manifest.at("/input/kind").asText());
    assertEquals(tableReport.at("/dataset/features").asInt(),
        manifest.at("/input/features").asInt());
    assertTrue(tableReport.at("/dataset/features").asInt() > 0);
    String card = Files.readString(tableRun.resolve("release/MODEL_CARD.md"));
    assertTrue(card.contains("labels (high_x, high_y, red)"), card);
    assertTrue(card.contains("for a row it says"), card);
    // How many private rows were kept is a private figure: not in the public dataset block.
    assertTrue(tableReport.at("/dataset/private_canvases").isNull());
    assertEquals(20, LedgerReader.read(tableRun.resolve(Ledger.FILE)).entries().size());
  }

  @Test
  void theUnitIsARowOfThePrivateFileAndNeighboursDifferInOnePosition() {
    assertEquals("one record of the private data: a row of the private CSV file (its features"
        + " and its label set)", tableReport.at("/privacy/unit").asText());
    String neighbours = tableReport.at("/privacy/neighbours").asText();
    assertTrue(neighbours.startsWith("two private datasets are neighbours when they differ in"
        + " the record at one position of the private file"), neighbours);
    assertTrue(neighbours.contains("whole vote vector"), neighbours);
  }

  @Test
  void privateRowsGoToTheTeacherOfTheirPositionCountingDroppedRows() {
    MultiLabelData data = MultiLabelData.load(tableConfig, DataDirectory.standard());
    int teachers = tableConfig.teachers().count();
    TeacherAssignment assignment = new TeacherAssignment(
        Seeds.derive(tableConfig.seed(), "partitions", 0), teachers);
    Set<Integer> dealt = new HashSet<>();
    for (int t = 0; t < teachers; t++) {
      MultiLabelExamples partition = data.partition(t, teachers);
      for (List<String> ids : partition.sources()) {
        int record = ExampleId.parse(ids.get(0)).index();
        assertEquals(t, assignment.teacherOf(record), "record " + record);
        assertTrue(dealt.add(record), "record " + record + " dealt twice");
      }
    }
    assertEquals(199, dealt.size());
    assertFalse(dealt.contains(DROPPED_ROW));
    assertTrue(dealt.contains(DROPPED_ROW + 1));
  }

  @Test
  void aLabelThatIsNotZeroOrOneIsRefusedBeforeAnyTeacherTrains(@TempDir Path out)
      throws IOException {
    List<String> lines = Files.readAllLines(privateFile);
    String row = lines.get(5);
    lines.set(5, row.substring(0, row.lastIndexOf(',')) + ",2");
    Path bad = Files.write(out.resolve("bad.csv"), lines);
    RunConfig config = ConfigLoader.parse(MultiLabelFiles.tableConfig("bad", bad, publicFile),
        "bad.yaml", List.of());
    UserError e = assertThrows(UserError.class,
        () -> PatePipeline.builder(config).outputDir(out).build().runMultiLabel());
    assertEquals(bad + " line 6: column 'red': '2' is not 0 or 1 (a label column of a"
        + " multi-label table says whether its label applies)", e.getMessage());
    assertTrue(Files.notExists(out.resolve("bad")), "no run folder");
  }

  @Test
  void multiLabelImagesAreFoldersWithLabelsFilesNamedByTheirKeys(@TempDir Path images) {
    String yaml = MultiLabelFiles.imagesConfig("images", images);
    RunConfig noLabels = ConfigLoader.parse(yaml, "images.yaml",
        List.of("dataset.images.private_labels=null"));
    UserError missing = assertThrows(UserError.class,
        () -> MultiLabelData.load(noLabels, DataDirectory.standard()));
    assertTrue(missing.getMessage().startsWith("dataset.images.private_labels: missing;"
        + " multi-label images (dataset.images.labels) need the labels file of"
        + " dataset.images.private_dir"), missing.getMessage());
    RunConfig array = ConfigLoader.parse(yaml, "images.yaml", List.of(
        "dataset.images.private_dir=null", "dataset.images.private_file=" + images.resolve("x")));
    UserError file = assertThrows(UserError.class,
        () -> MultiLabelData.load(array, DataDirectory.standard()));
    assertTrue(file.getMessage().startsWith("dataset.images.private_file: multi-label images"
        + " (dataset.images.labels) are read from folders"), file.getMessage());
  }

  @Test
  void anImageFolderRunNamesItsLabelsAndItsUnit(@TempDir Path images) throws IOException {
    MultiLabelFiles.writeImages(images);
    RunConfig config = ConfigLoader.parse(MultiLabelFiles.imagesConfig("images", images),
        "images.yaml", List.of());
    Path run = PatePipeline.builder(config).outputDir(images.resolve("out")).build()
        .runMultiLabel().runFolder();
    JsonNode report = Json.mapper().readTree(run.resolve("report.json").toFile());
    assertEquals("red", report.at("/dataset/labels/0").asText());
    assertEquals("green", report.at("/dataset/labels/1").asText());
    assertEquals(2, report.at("/dataset/labels").size());
    assertEquals("6x6x3", report.at("/dataset/image_shape").asText());
    assertEquals(10, report.at("/student/held_out/examples").asInt());
    assertEquals("powerset-voting", report.at("/aggregation/mechanism").asText());
    assertTrue(report.at("/privacy/unit").asText().contains("an image of the private folder"
        + " with its label set"), report.at("/privacy/unit").asText());
    assertEquals(10, LedgerReader.read(run.resolve(Ledger.FILE)).entries().size());
    assertEquals("index,label_red,label_green",
        Files.readAllLines(run.resolve("labels.csv")).get(0));
  }
}
