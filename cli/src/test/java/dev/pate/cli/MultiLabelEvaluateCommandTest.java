package dev.pate.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.pate.config.ConfigLoader;
import dev.pate.datasets.ImageShape;
import dev.pate.datasets.files.DataDirectory;
import dev.pate.datasets.images.ImageConversion;
import dev.pate.datasets.images.ImageShaper;
import dev.pate.datasets.images.MultiLabelFolders;
import dev.pate.datasets.multilabel.MultiLabelExamples;
import dev.pate.datasets.multilabel.MultiLabelImages;
import dev.pate.ensemble.multilabel.MultiLabelNetwork;
import dev.pate.pipeline.multilabel.MultiLabelData;
import dev.pate.pipeline.multilabel.ReleasedMultiLabelModel;
import dev.pate.pipeline.output.Json;
import dev.pate.pipeline.testdata.MultiLabelFiles;
import dev.pate.pipeline.testdata.RunFolders;
import dev.pate.student.multilabel.MultiLabelMetrics;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.stream.IntStream;
import javax.imageio.ImageIO;
import org.deeplearning4j.util.ModelSerializer;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code pate evaluate} on the releases of tiny multi-label runs made by {@code pate run} (a CSV
 * table and an image folder, {@link MultiLabelFiles}, and the generated canvases): the held-out
 * rows, images or canvases score as the run scored them, any rows score as {@link MultiLabelMetrics} scores the student's own predictions,
 * the query pool is refused or counted, and data that does not match the release is one line
 * naming the file (exit 2).
 */
class MultiLabelEvaluateCommandTest {
  @TempDir static Path dir;
  static Path tableRelease;
  static JsonNode tableReport;
  static Path imageRelease;
  static JsonNode imageReport;

  @BeforeAll
  static void runOnce() throws IOException {
    MultiLabelFiles.table(dir.resolve("private.csv"), 160, 1, -1);
    MultiLabelFiles.table(dir.resolve("public.csv"), 110, 2, -1);
    Path table = Files.writeString(dir.resolve("table.yaml"), MultiLabelFiles.tableConfig(
        "table", dir.resolve("private.csv"), dir.resolve("public.csv")));
    assertEquals(0, Main.execute("run", table.toString(), "--out",
        dir.resolve("runs").toString(), "--quiet"));
    Path tableRun = RunFolders.only(dir.resolve("runs/table"));
    tableRelease = tableRun.resolve("release");
    tableReport = Json.mapper().readTree(tableRun.resolve("report.json").toFile());

    Path images = Files.createDirectories(dir.resolve("images"));
    MultiLabelFiles.writeImages(images);
    Path config = Files.writeString(dir.resolve("images.yaml"),
        MultiLabelFiles.imagesConfig("images", images));
    assertEquals(0, Main.execute("run", config.toString(), "--out",
        dir.resolve("runs").toString(), "--quiet"));
    Path imageRun = RunFolders.only(dir.resolve("runs/images"));
    imageRelease = imageRun.resolve("release");
    imageReport = Json.mapper().readTree(imageRun.resolve("report.json").toFile());
  }

  /** The public file's records after the pool of 80 are the run's held-out rows. */
  @Test
  void theTablesHeldOutRowsScoreAsTheRunScoredThem() throws IOException {
    Captured c = Captured.run("evaluate", "--model", tableRelease.toString(), "--input",
        dir.resolve("public.csv").toString(), "--rows", "80:110", "--json");
    assertEquals(0, c.exitCode(), c.err());
    JsonNode e = Json.mapper().readTree(c.out());
    JsonNode heldOut = tableReport.at("/student/held_out");
    assertEquals(30, e.get("examples").asInt());
    for (String key : List.of("examples", "micro_f1", "macro_f1", "label_set_accuracy",
        "per_label_accuracy", "per_label_f1")) {
      assertEquals(heldOut.get(key), e.get(key), key);
    }
    assertEquals(tableReport.at("/dataset/labels"), e.get("labels"));
    assertEquals(0, e.get("pool_rows").asInt());

    Captured text = Captured.run("evaluate", "--model", tableRelease.toString(), "--input",
        dir.resolve("public.csv").toString(), "--rows", "80:110");
    assertEquals(0, text.exitCode(), text.err());
    assertTrue(text.out().startsWith(String.format(java.util.Locale.ROOT,
        "micro-F1 %.4f, macro-F1 %.4f, label-set accuracy %.4f on 30 examples",
        heldOut.get("micro_f1").asDouble(), heldOut.get("macro_f1").asDouble(),
        heldOut.get("label_set_accuracy").asDouble())), text.out());
    assertTrue(text.out().contains("high_y"), text.out());
  }

  /**
   * Any folder of images with its labels file: the scores are MultiLabelMetrics' on the released
   * student's own predictions, computed here from the model file; the held-out images score as
   * the run scored them.
   */
  @Test
  void imagesScoreAsTheMetricsOfTheStudentsPredictions() throws IOException {
    Path folder = dir.resolve("other");
    MultiLabelFiles.images(folder, dir.resolve("other.csv"), 25, 9);
    Captured c = Captured.run("evaluate", "--model", imageRelease.toString(), "--input",
        folder.toString(), "--labels", dir.resolve("other.csv").toString(), "--rows", "3:25",
        "--json");
    assertEquals(0, c.exitCode(), c.err());
    JsonNode e = Json.mapper().readTree(c.out());

    MultiLabelExamples all = MultiLabelFolders.read(new MultiLabelFolders.Source(folder,
        dir.resolve("other.csv")), List.of("red", "green"), ImageShaper.expecting(
            new ImageShape(3, 6, 6), new ImageConversion(Optional.empty(), OptionalInt.empty()),
            "the test")).images();
    MultiLabelExamples rows = all.subset("rows", IntStream.range(3, 25).toArray());
    MultiLabelNetwork student = MultiLabelNetwork.of(ModelSerializer.restoreMultiLayerNetwork(
        imageRelease.resolve("student.zip").toFile(), false), 2);
    MultiLabelMetrics expected = MultiLabelMetrics.of(2, student.predict(rows),
        rows.labelMasks());
    assertEquals(22, e.get("examples").asInt());
    assertEquals(Json.mapper().valueToTree(expected.toMap()), Json.mapper().valueToTree(
        java.util.Map.of("examples", e.get("examples"), "micro_f1", e.get("micro_f1"),
            "macro_f1", e.get("macro_f1"), "label_set_accuracy", e.get("label_set_accuracy"),
            "per_label_accuracy", e.get("per_label_accuracy"), "per_label_f1",
            e.get("per_label_f1"))));

    Captured heldOut = Captured.run("evaluate", "--model", imageRelease.toString(), "--input",
        dir.resolve("images/public").toString(), "--labels",
        dir.resolve("images/public.csv").toString(), "--rows", "20:30", "--json");
    assertEquals(0, heldOut.exitCode(), heldOut.err());
    JsonNode h = Json.mapper().readTree(heldOut.out());
    for (String key : List.of("examples", "micro_f1", "macro_f1", "label_set_accuracy",
        "per_label_accuracy", "per_label_f1")) {
      assertEquals(imageReport.at("/student/held_out").get(key), h.get(key), key);
    }
  }

  /**
   * A release of the generated canvases reads canvases as images: the run's held-out canvases,
   * written as grey PNGs with their labels file, score as the run scored them.
   */
  @Test
  void theCanvasesHeldOutSetAsImagesScoresAsTheRunScoredIt() throws IOException {
    Path root = Path.of(System.getProperty("pate.repo.root", ".."));
    Path config = Files.writeString(dir.resolve("tiny-multilabel.yaml"), Files.readString(
        root.resolve("pipeline/src/test/resources/dev/pate/pipeline/tiny-multilabel.yaml")));
    assertEquals(0, Main.execute("run", config.toString(), "--out",
        dir.resolve("runs").toString(), "--quiet"));
    Path run = RunFolders.only(dir.resolve("runs/tiny-multilabel"));
    JsonNode report = Json.mapper().readTree(run.resolve("report.json").toFile());

    MultiLabelImages heldOut = (MultiLabelImages) MultiLabelData.load(
        ConfigLoader.load(config, List.of()), DataDirectory.standard()).heldOut();
    Path folder = Files.createDirectories(dir.resolve("canvases"));
    StringBuilder labels = new StringBuilder("path," + String.join(",", heldOut.labelNames())
        + "\n");
    int height = heldOut.shape().height();
    int width = heldOut.shape().width();
    byte[] pixels = heldOut.pixels();
    for (int i = 0; i < heldOut.size(); i++) {
      BufferedImage image = new BufferedImage(width, height, BufferedImage.TYPE_BYTE_GRAY);
      for (int y = 0; y < height; y++) {
        for (int x = 0; x < width; x++) {
          image.getRaster().setSample(x, y, 0, pixels[i * height * width + y * width + x] & 0xff);
        }
      }
      String name = String.format(java.util.Locale.ROOT, "c%03d.png", i);
      ImageIO.write(image, "png", folder.resolve(name).toFile());
      labels.append(name);
      for (int bit : heldOut.multiHot(i)) {
        labels.append(',').append(bit);
      }
      labels.append('\n');
    }
    Path labelsFile = Files.writeString(dir.resolve("canvases.csv"), labels.toString());

    Captured c = Captured.run("evaluate", "--model", run.resolve("release").toString(),
        "--input", folder.toString(), "--labels", labelsFile.toString(), "--json");
    assertEquals(0, c.exitCode(), c.err());
    JsonNode e = Json.mapper().readTree(c.out());
    assertEquals(heldOut.size(), e.get("examples").asInt());
    for (String key : List.of("examples", "micro_f1", "macro_f1", "label_set_accuracy",
        "per_label_accuracy", "per_label_f1")) {
      assertEquals(report.at("/student/held_out").get(key), e.get(key), key);
    }
  }

  /** Rows of the student's own pool: refused, or with the flag scored and counted. */
  @Test
  void thePoolIsRefusedOrCounted() throws IOException {
    String publicFile = dir.resolve("public.csv").toString();
    ReleaseTest.assertOneLine(Captured.run("evaluate", "--model", tableRelease.toString(),
        "--input", publicFile, "--rows", "70:110"), "10 of the 40 rows asked for were the"
        + " student's query pool");
    Captured allowed = Captured.run("evaluate", "--model", tableRelease.toString(), "--input",
        publicFile, "--rows", "70:110", "--allow-pool-overlap", "--json");
    assertEquals(0, allowed.exitCode(), allowed.err());
    assertTrue(allowed.err().contains("warning: 10 of the 40 evaluated rows"), allowed.err());
    assertEquals(10, Json.mapper().readTree(allowed.out()).get("pool_rows").asInt());

    // The public folder: its first 20 images were the pool.
    ReleaseTest.assertOneLine(Captured.run("evaluate", "--model", imageRelease.toString(),
        "--input", dir.resolve("images/public").toString(), "--labels",
        dir.resolve("images/public.csv").toString()), "20 of the 30 rows asked for were the"
        + " student's query pool");
  }

  @Test
  void dataThatDoesNotMatchTheReleaseIsOneLine() throws IOException {
    Path noRed = Files.writeString(dir.resolve("no-red.csv"),
        "id,x,y,colour,high_x,high_y\n0,0.5,-0.2,red,1,0\n");
    assertOneLine(tableRelease, noRed, null, noRed.toString(), "red");

    Path notBinary = Files.writeString(dir.resolve("two.csv"),
        "id,x,y,colour,high_x,high_y,red\n0,0.5,-0.2,red,1,0,2\n");
    assertOneLine(tableRelease, notBinary, null, notBinary.toString(), "'2'");

    Path unlabelled = Files.writeString(dir.resolve("unlabelled.csv"),
        "id,x,y,colour,high_x,high_y,red\n0,0.5,-0.2,red,1,,1\n");
    assertOneLine(tableRelease, unlabelled, null, unlabelled.toString(), "has no label set");

    assertOneLine(tableRelease, dir.resolve("public.csv"), dir.resolve("images/public.csv"),
        "--labels", "label columns [high_x, high_y, red]");

    // Labels files over other labels, images of another size, no labels file.
    Path folder = dir.resolve("other-labels");
    MultiLabelFiles.images(folder, dir.resolve("other-labels.csv"), 6, 3);
    Path blue = Files.writeString(dir.resolve("blue.csv"), Files.readString(
        dir.resolve("other-labels.csv")).replace("path,red,green", "path,red,blue"));
    assertOneLine(imageRelease, folder, blue, blue.toString(), "green");
    assertOneLine(imageRelease, folder, null, "--labels", "red, green");

    Path big = Files.createDirectories(dir.resolve("big"));
    BufferedImage image = new BufferedImage(8, 8, BufferedImage.TYPE_INT_RGB);
    ImageIO.write(image, "png", big.resolve("a.png").toFile());
    Path bigLabels = Files.writeString(dir.resolve("big.csv"), "path,red,green\na.png,1,0\n");
    assertOneLine(imageRelease, big, bigLabels, "a.png", "6x6");
  }

  /**
   * A release that is not as this code writes it, or predict on a multi-label release: one line
   * naming the file.
   */
  @Test
  void aReleaseNotAsWrittenIsOneLine() throws IOException {
    Path copy = Files.createDirectories(dir.resolve("copies/fewer-labels"));
    RunFolders.copyTree(tableRelease, copy);
    Path manifest = copy.resolve("release.json");
    ObjectNode edited = (ObjectNode) Json.mapper().readTree(manifest.toFile());
    ((ArrayNode) edited.get("labels")).remove(2);
    Files.writeString(manifest, Json.mapper().writeValueAsString(edited));
    ReleaseTest.assertOneLine(Captured.run("evaluate", "--model", copy.toString(), "--input",
        dir.resolve("public.csv").toString(), "--rows", "80:110"), "3 outputs, not one per label"
        + " of 2");

    Path old = Files.createDirectories(dir.resolve("copies/old"));
    RunFolders.copyTree(tableRelease, old);
    edited = (ObjectNode) Json.mapper().readTree(
        old.resolve("release.json").toFile());
    assertEquals(ReleasedMultiLabelModel.FORMAT, edited.remove("format").asText());
    Files.writeString(old.resolve("release.json"), Json.mapper().writeValueAsString(edited));
    ReleaseTest.assertOneLine(Captured.run("evaluate", "--model", old.toString(), "--input",
        dir.resolve("public.csv").toString()), old.resolve("release.json") + ": format null");

    ReleaseTest.assertOneLine(Captured.run("predict", "--model", tableRelease.toString(),
        "--input", dir.resolve("public.csv").toString()), "a multi-label release; pate predict"
        + " reads single-label releases only");
  }

  private static void assertOneLine(Path release, Path input, Path labels, String names,
      String expected) {
    List<String> args = new java.util.ArrayList<>(List.of("evaluate", "--model",
        release.toString(), "--input", input.toString()));
    if (labels != null) {
      args.addAll(List.of("--labels", labels.toString()));
    }
    Captured c = Captured.run(args.toArray(String[]::new));
    ReleaseTest.assertOneLine(c, expected);
    assertTrue(c.err().contains(names), c.err());
  }
}
