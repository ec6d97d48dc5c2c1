package dev.pate.pipeline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.pate.datasets.files.DataDirectory;
import dev.pate.files.Sha256;
import dev.pate.pipeline.output.Json;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a data owner's security review asks of a finished run: that report.json and release.json
 * say which code, platform, config and data produced it, and that the release names no private
 * file's hash and none of the operator's paths. (That its private record is owner-only and only
 * the release readable, run.log included, is the command line's {@code RunFolderModesTest}.)
 */
class RunRecordTest {
  @TempDir static Path dir;
  static Path out;
  static Path run;
  static JsonNode report;
  static JsonNode release;

  @BeforeAll
  static void runOnce() throws IOException {
    out = dir.resolve("runs");
    run = TinyRuns.run(TinyRuns.TINY, out);
    report = Json.mapper().readTree(run.resolve("report.json").toFile());
    release = Json.mapper().readTree(run.resolve("release/release.json").toFile());
  }

  @Test
  void theReportSaysWhichCodePlatformConfigAndDataProducedTheRun() throws IOException {
    JsonNode p = report.get("provenance");
    assertEquals("0.1.0-SNAPSHOT", p.at("/pate/version").asText());
    String commit = p.at("/pate/commit").asText();
    if (Files.exists(Path.of(System.getProperty("pate.repo.root", "."), ".git"))) {
      assertTrue(commit.matches("[0-9a-f]{40}"), "built in a checkout: " + commit);
      assertTrue(p.at("/pate/uncommitted_changes").asText().matches("true|false"));
    } else {
      assertTrue(commit.matches("[0-9a-f]{40}|unknown"), commit);
    }
    assertEquals(System.getProperty("java.version"), p.at("/java/version").asText());
    assertEquals(System.getProperty("java.vendor"), p.at("/java/vendor").asText());
    assertTrue(p.at("/java/vm").asText().contains(System.getProperty("java.vm.version")));
    assertEquals(System.getProperty("os.name"), p.at("/os/name").asText());
    assertEquals(System.getProperty("os.version"), p.at("/os/version").asText());
    assertEquals(System.getProperty("os.arch"), p.at("/os/arch").asText());
    assertEquals("CPU", p.at("/numerics/backend").asText());
    assertEquals("OPENBLAS", p.at("/numerics/blas").asText());
    assertEquals("FLOAT", p.at("/numerics/data_type").asText());
    assertTrue(p.at("/numerics/platform").asText()
        .startsWith(org.bytedeco.javacpp.Loader.getPlatform()), "the build of that platform");
    String coretype = System.getenv("OPENBLAS_CORETYPE");
    assertEquals(coretype == null ? "" : coretype,
        p.at("/numerics/blas_environment/OPENBLAS_CORETYPE").asText());
    JsonNode libraries = p.get("libraries");
    assertEquals("1.0.0-M2.1", libraries.get("org.deeplearning4j:deeplearning4j-nn").asText());
    assertEquals("1.0.0-M2.1", libraries.get("org.nd4j:nd4j-native").asText());
    assertEquals(com.fasterxml.jackson.databind.cfg.PackageVersion.VERSION.toString(),
        libraries.get("com.fasterxml.jackson.core:jackson-databind").asText(),
        "the library's own jar, not ND4J's shaded copy");
    assertEquals(9, libraries.size());
    libraries.fields().forEachRemaining(l -> assertTrue(l.getValue().asText()
        .matches("\\d+(\\.\\d+)+.*"), l.getKey() + " " + l.getValue()));
    assertEquals(Sha256.of(run.resolve("config.yaml")), p.get("config_sha256").asText());

    Path mnist = DataDirectory.standard().locate("mnist");
    assertEquals(List.of("t10k-images-idx3-ubyte.gz", "t10k-labels-idx1-ubyte.gz"),
        files(p.get("data"), "public"));
    assertEquals(List.of("train-images-idx3-ubyte.gz", "train-labels-idx1-ubyte.gz"),
        files(p.at("/private/data"), "private"));
    for (JsonNode f : List.of(p.at("/data/0"), p.at("/private/data/1"))) {
      assertEquals("mnist", f.get("dataset").asText());
      assertEquals(Sha256.of(mnist.resolve(f.get("file").asText())), f.get("sha256").asText());
    }
  }

  private static List<String> files(JsonNode list, String role) {
    List<String> names = new ArrayList<>();
    for (JsonNode f : list) {
      assertEquals(role, f.get("role").asText());
      names.add(f.get("file").asText());
    }
    return names;
  }

  @Test
  void theReleasePublishesTheProvenanceWithoutThePrivateFilesHashes() throws IOException {
    ObjectNode published = report.get("provenance").deepCopy();
    published.remove("private");
    assertEquals(published, release.get("provenance"));
    String text = Files.readString(run.resolve("release/release.json"));
    for (JsonNode f : report.at("/provenance/private/data")) {
      assertFalse(text.contains(f.get("sha256").asText()), f.get("file").asText());
    }
    assertFalse(text.contains("\"private\""));
  }

  @Test
  void theReleaseNamesNoneOfTheOperatorsPaths() throws IOException {
    List<String> paths = new ArrayList<>(List.of(dir.toString(), dir.toRealPath().toString(),
        DataDirectory.standard().locate("mnist").toAbsolutePath().getParent().toString()));
    String home = System.getProperty("user.home");
    if (home.length() > 1) {
      paths.add(home);
    }
    for (String f : List.of("release.json", "MODEL_CARD.md")) {
      String text = Files.readString(run.resolve("release").resolve(f));
      for (String path : paths) {
        assertFalse(text.contains(path), f + " names " + path);
      }
    }
    // report.json is private and does name them: where the run, its data and its cache are.
    assertTrue(report.get("run_folder").asText().startsWith(dir.toString()));
  }
}
