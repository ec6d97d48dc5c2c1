package dev.pate.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.pate.datasets.files.DataDirectory;
import dev.pate.pipeline.output.Json;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import java.util.zip.GZIPOutputStream;
import org.deeplearning4j.nn.multilayer.MultiLayerNetwork;
import org.deeplearning4j.util.ModelSerializer;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A run's release: the student in DL4J's format, release.json with nothing private in it, the
 * model card and the folder's README; pate predict and evaluate on it, evaluate reproducing the
 * report's held-out accuracy exactly, for images and for a CSV table; bad input in one line.
 */
class ReleaseTest {
  @TempDir static Path dir;
  static Path run;
  static Path release;
  static JsonNode report;
  static Path mnist;

  @BeforeAll
  static void runOnce() throws IOException {
    run = TinyRun.run(dir, dir.resolve("runs"));
    release = run.resolve("release");
    report = Json.mapper().readTree(run.resolve("report.json").toFile());
    mnist = DataDirectory.standard().locate("mnist");
  }

  @Test
  void theReleaseHoldsTheStudentItsManifestAndItsCard() throws IOException {
    for (String f : List.of("student.zip", "release.json", "MODEL_CARD.md")) {
      assertTrue(Files.isRegularFile(release.resolve(f)), f);
    }
    try (Stream<Path> all = Files.list(release)) {
      assertEquals(3, all.count(), "nothing else is published");
    }
    assertEquals("release", report.at("/release/folder").asText());
    // DL4J alone loads it, and it is the student the report measured.
    MultiLayerNetwork student = ModelSerializer.restoreMultiLayerNetwork(
        release.resolve("student.zip").toFile(), false);
    assertEquals(784, student.layerInputSize(0));
    JsonNode manifest = Json.mapper().readTree(release.resolve("release.json").toFile());
    assertEquals("image", manifest.at("/input/kind").asText());
    assertEquals(28, manifest.at("/input/height").asInt());
    assertEquals(10, manifest.at("/classes").size());
    assertEquals(report.at("/student/test_accuracy").asDouble(),
        manifest.at("/evaluation/accuracy").asDouble());
    assertEquals(report.at("/privacy/epsilon_data_independent").asDouble(),
        manifest.at("/privacy/epsilon").asDouble());
    assertEquals("data-independent", manifest.at("/privacy/kind").asText());
    assertEquals("not released", manifest.at("/privacy/data_dependent/status").asText());
    assertTrue(Files.readString(release.resolve("MODEL_CARD.md")).contains("-differential"
        + " privacy"));
    assertTrue(Files.readString(run.resolve("README.md")).contains("private to the owner"));
  }

  /** Names a release must not contain: figures of the private data that no charge paid for. */
  private static final Set<String> PRIVATE = Set.of("mean_test_accuracy", "min_test_accuracy",
      "ensemble_accuracy", "epsilon_data_dependent", "private_examples_used", "private_file",
      "partition", "teachers", "cache", "non_private_ceiling", "private", "sha256_private");

  @Test
  void theManifestHoldsNoPrivateFigure() throws IOException {
    JsonNode manifest = Json.mapper().readTree(release.resolve("release.json").toFile());
    List<String> keys = new ArrayList<>();
    collectKeys(manifest, keys);
    for (String key : keys) {
      assertFalse(PRIVATE.contains(key), key + " in release.json");
    }
    // The raw data-dependent epsilon appears nowhere (unless it equals the guarantee: where
    // every data-dependent bound fails, it is the data-independent value).
    String raw = report.at("/privacy/private/epsilon_data_dependent").asText();
    if (!raw.equals(report.at("/privacy/epsilon_data_independent").asText())) {
      assertFalse(Files.readString(release.resolve("release.json")).contains(raw),
          "the raw data-dependent epsilon " + raw + " is in release.json");
      assertFalse(Files.readString(release.resolve("MODEL_CARD.md")).contains(raw));
    }
  }

  private static void collectKeys(JsonNode node, List<String> out) {
    if (node.isObject()) {
      Iterator<Map.Entry<String, JsonNode>> fields = node.fields();
      while (fields.hasNext()) {
        Map.Entry<String, JsonNode> f = fields.next();
        out.add(f.getKey());
        collectKeys(f.getValue(), out);
      }
    } else if (node.isArray()) {
      node.forEach(n -> collectKeys(n, out));
    }
  }

  @Test
  void evaluateOnTheHeldOutImagesGivesTheReportsAccuracyExactly() throws IOException {
    // The held-out examples are the test file's images after the query pool (9000).
    Captured c = Captured.run("evaluate", "--model", release.toString(), "--input",
        mnist.resolve("t10k-images-idx3-ubyte.gz").toString(), "--labels",
        mnist.resolve("t10k-labels-idx1-ubyte.gz").toString(), "--rows", "9000:10000", "--json");
    assertEquals(0, c.exitCode(), c.err());
    JsonNode evaluation = Json.mapper().readTree(c.out());
    assertEquals(1000, evaluation.get("examples").asInt());
    assertEquals(report.at("/student/test_accuracy").asDouble(),
        evaluation.get("accuracy").asDouble());
    int total = 0;
    for (JsonNode row : evaluation.get("confusion")) {
      for (JsonNode count : row) {
        total += count.asInt();
      }
    }
    assertEquals(1000, total);
    JsonNode manifest = Json.mapper().readTree(release.resolve("release.json").toFile());
    assertTrue(manifest.at("/evaluation/data").asText().contains("9000:10000"),
        manifest.at("/evaluation/data").asText());
  }

  @Test
  void predictWritesOneRowPerImage() throws IOException {
    Captured c = Captured.run("predict", "--model", release.toString(), "--input",
        mnist.resolve("t10k-images-idx3-ubyte.gz").toString(), "--rows", "0:25",
        "--probabilities");
    assertEquals(0, c.exitCode(), c.err());
    List<String> lines = c.out().lines().toList();
    assertEquals(26, lines.size());
    assertTrue(lines.get(0).startsWith("index,prediction,confidence,p_0,"), lines.get(0));
    String[] first = lines.get(1).split(",");
    assertEquals("0", first[0]);
    assertEquals(3 + 10, first.length);
    double confidence = Double.parseDouble(first[2]);
    assertTrue(confidence > 0 && confidence <= 1);

    Path out = dir.resolve("predictions.csv");
    Captured toFile = Captured.run("predict", "--model", release.toString(), "--input",
        uncompressed(mnist.resolve("t10k-images-idx3-ubyte.gz")).toString(), "--rows", "0:25",
        "--output", out.toString());
    assertEquals(0, toFile.exitCode(), toFile.err());
    List<String> written = Files.readAllLines(out);
    assertEquals(26, written.size());
    for (int i = 1; i < 26; i++) {
      // The same image gives the same prediction, read gzipped or not.
      assertEquals(lines.get(i).split(",")[1], written.get(i).split(",")[1]);
    }
  }

  private static Path uncompressed(Path gz) throws IOException {
    Path target = dir.resolve("t10k-images-idx3-ubyte");
    if (!Files.exists(target)) {
      try (var in = new java.util.zip.GZIPInputStream(Files.newInputStream(gz))) {
        Files.write(target, in.readAllBytes());
      }
    }
    return target;
  }

  @Test
  void badInputIsOneLine() throws IOException {
    Captured notRelease = Captured.run("predict", "--model", run.toString(), "--input",
        mnist.resolve("t10k-images-idx3-ubyte.gz").toString());
    assertOneLine(notRelease, "not a pate release");

    Path small = dir.resolve("small-idx3-ubyte.gz");
    try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(small))) {
      out.write(new byte[] {0, 0, 8, 3, 0, 0, 0, 1, 0, 0, 0, 2, 0, 0, 0, 2, 1, 2, 3, 4});
    }
    Captured shape = Captured.run("predict", "--model", release.toString(), "--input",
        small.toString());
    assertOneLine(shape, "small-idx3-ubyte.gz[0]: 2x2 pixels, expected 28x28 like the model's"
        + " input");

    Captured rows = Captured.run("predict", "--model", release.toString(), "--input",
        mnist.resolve("t10k-images-idx3-ubyte.gz").toString(), "--rows", "9990:10010");
    assertOneLine(rows, "--rows: 9990:10010 is not within the 10000 examples");

    Path broken = dir.resolve("broken-release");
    Files.createDirectories(broken);
    Files.copy(release.resolve("release.json"), broken.resolve("release.json"));
    Files.write(broken.resolve("student.zip"), new byte[] {1, 2, 3});
    assertOneLine(Captured.run("predict", "--model", broken.toString(), "--input",
        small.toString()), "is not the");

    // A hand-edited release.json without a field its kind of input needs: named, not an NPE.
    Path edited = dir.resolve("edited-release");
    Files.createDirectories(edited);
    Files.copy(release.resolve("student.zip"), edited.resolve("student.zip"));
    String manifest = Files.readString(release.resolve("release.json"));
    Files.writeString(edited.resolve("release.json"),
        manifest.replaceFirst("\"channels\"\\s*:\\s*1", "\"channels\" : null"));
    assertOneLine(Captured.run("predict", "--model", edited.toString(), "--input",
        small.toString()), "input.channels: null, expected 1 or 3");
  }

  static void assertOneLine(Captured c, String expected) {
    assertEquals(2, c.exitCode(), c.out() + c.err());
    String message = c.err().strip();
    assertFalse(message.contains("\n"), message);
    assertTrue(message.contains(expected), message);
  }
}
