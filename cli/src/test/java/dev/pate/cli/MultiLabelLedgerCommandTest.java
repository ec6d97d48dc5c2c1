package dev.pate.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.pate.aggregator.accounting.PrivacyAccountant;
import dev.pate.aggregator.rdp.Conversion;
import dev.pate.aggregator.rdp.Orders;
import dev.pate.aggregator.rdp.RdpConversions;
import dev.pate.config.ConfigLoader;
import dev.pate.config.RunConfig;
import dev.pate.files.Sha256;
import dev.pate.pipeline.labelling.LedgerReplay;
import dev.pate.pipeline.multilabel.MultiLabelManifest;
import dev.pate.pipeline.multilabel.MultiLabelRun;
import dev.pate.pipeline.output.Json;
import dev.pate.pipeline.report.Provenance;
import dev.pate.pipeline.testdata.MultiLabelFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * pate ledger composes multi-label runs with the others: a tiny single-label MNIST run and a tiny
 * multi-label run on canvases (made of MNIST's training digits) are one private data set, each
 * replayed with its own accountant; a multi-label table run counts against its private file; a
 * multi-label folder without its manifest is one line naming it.
 */
class MultiLabelLedgerCommandTest {
  /** Cheap runs with secure noise: no student, no ceiling, no release. */
  private static final List<String> CHEAP = List.of("student.train=false",
      "baseline.non_private=false", "output.release=false", "aggregator.randomness=secure");

  @TempDir static Path dir;
  static Path runs;
  static Path privateTable;

  @BeforeAll
  static void runBoth() throws IOException {
    runs = dir.resolve("runs");
    run("mnist", Files.writeString(dir.resolve("tiny.yaml"), RunCommandTest.TINY),
        "aggregator.queries=20");
    run("canvases", Files.writeString(dir.resolve("tiny-multilabel.yaml"), resource(
        "pipeline/src/test/resources/dev/pate/pipeline/tiny-multilabel.yaml")));
    privateTable = MultiLabelFiles.table(dir.resolve("private.csv"), 160, 1, -1);
    Path publicTable = MultiLabelFiles.table(dir.resolve("public.csv"), 110, 2, -1);
    run("table", Files.writeString(dir.resolve("table.yaml"),
        MultiLabelFiles.tableConfig("table", privateTable, publicTable)),
        "aggregator.queries=20");
  }

  private static void run(String name, Path config, String... overrides) {
    List<String> args = new ArrayList<>(List.of("run", config.toString(), "--out",
        runs.toString(), "--quiet", "name=" + name));
    args.addAll(CHEAP);
    args.addAll(List.of(overrides));
    Captured c = Captured.run(args.toArray(String[]::new));
    assertEquals(0, c.exitCode(), c.err());
  }

  private static String resource(String path) {
    try {
      return Files.readString(Path.of(System.getProperty("pate.repo.root", "..")).resolve(path));
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  private static Path folder(String name) throws IOException {
    try (Stream<Path> s = Files.list(runs.resolve(name))) {
      return s.findFirst().orElseThrow();
    }
  }

  /** The run's accountant replayed from its ledger as the run charged: its own kind's replay. */
  private static PrivacyAccountant replayed(String name) throws IOException {
    Path folder = folder(name);
    RunConfig config = ConfigLoader.load(folder.resolve("config.yaml"), List.of());
    return config.multiLabel().enabled() ? MultiLabelRun.replay(folder, config)
        : LedgerReplay.of(folder, config);
  }

  /** The guarantee of these runs composed: their RDP added at the orders they all have. */
  private static double composed(String... names) throws IOException {
    List<PrivacyAccountant> accountants = new ArrayList<>();
    for (String name : names) {
      accountants.add(replayed(name));
    }
    List<Double> shared = new ArrayList<>();
    List<Double> total = new ArrayList<>();
    for (double order : accountants.get(0).accounting().orders().toArray()) {
      double sum = 0;
      boolean everyRun = true;
      for (PrivacyAccountant a : accountants) {
        double[] orders = a.accounting().orders().toArray();
        int i = 0;
        while (i < orders.length && orders[i] != order) {
          i++;
        }
        if (i == orders.length) {
          everyRun = false;
          break;
        }
        sum += a.guaranteeRdp()[i];
      }
      if (everyRun) {
        shared.add(order);
        total.add(sum);
      }
    }
    return RdpConversions.epsilon(
        Orders.of(shared.stream().mapToDouble(Double::doubleValue).toArray()),
        total.stream().mapToDouble(Double::doubleValue).toArray(), 1e-5,
        Conversion.IMPROVED).epsilon();
  }

  private static JsonNode ledgerJson(Path folder) throws IOException {
    Captured ledger = Captured.run("ledger", folder.toString(), "--json");
    assertEquals(0, ledger.exitCode(), ledger.err());
    return Json.mapper().readTree(ledger.out());
  }

  private static JsonNode dataSet(JsonNode ledger, String sha256) {
    for (JsonNode set : ledger.get("private_data")) {
      if (set.get("sha256").asText().equals(sha256)) {
        return set;
      }
    }
    throw new AssertionError("no private data " + sha256 + " in " + ledger);
  }

  /** Each ensemble's key with the first folder name of its runs, e.g. "KEY canvases". */
  private static List<String> ensembles(JsonNode set) {
    List<String> ensembles = new ArrayList<>();
    set.get("ensembles").forEach(e -> e.get("runs").forEach(r -> ensembles.add(
        e.get("ensemble").asText() + " " + r.get("folder").asText().split("/")[0])));
    return ensembles.stream().sorted().toList();
  }

  private static String cacheKey(String name) throws IOException {
    return Json.mapper().readTree(folder(name).resolve("report.json").toFile())
        .at("/teachers/private/cache/key").asText();
  }

  @Test
  void aCanvasRunComposesWithTheMnistRunsAtTheirSharedOrders() throws IOException {
    JsonNode mnist = dataSet(ledgerJson(runs), Provenance.Private.ofBuiltIn("mnist").sha256());
    String canvasesKey = cacheKey("canvases");
    assertFalse(canvasesKey.isEmpty());
    List<String> expected = new ArrayList<>(List.of(canvasesKey + " canvases",
        Json.mapper().readTree(folder("mnist").resolve("teachers/manifest.json").toFile())
            .get("cache_key").asText() + " mnist"));
    assertEquals(expected.stream().sorted().toList(), ensembles(mnist), mnist.toString());

    double both = composed("mnist", "canvases");
    assertEquals(both, mnist.at("/epsilon_composed/epsilon").asDouble(), 1e-9, mnist.toString());
    assertTrue(both > composed("mnist") && both > composed("canvases"),
        "two runs cost more than either");
    JsonNode canvasRun = mnist.get("ensembles").findValues("runs").stream()
        .flatMap(r -> java.util.stream.StreamSupport.stream(r.spliterator(), false))
        .filter(r -> r.get("folder").asText().startsWith("canvases/")).findFirst().orElseThrow();
    assertTrue(canvasRun.get("mechanism").asText().startsWith("tau-voting"), canvasRun.toString());
    assertEquals(composed("canvases"), canvasRun.at("/epsilon/epsilon").asDouble(), 1e-9);

    Captured table = Captured.run("ledger", runs.toString());
    assertEquals(0, table.exitCode(), table.err());
    assertTrue(table.out().contains("teacher ensemble " + canvasesKey + ":"), table.out());
  }

  @Test
  void aMultiLabelTableRunCountsAgainstItsPrivateFile() throws IOException {
    JsonNode set = dataSet(ledgerJson(runs), Sha256.of(privateTable));
    assertEquals(List.of(cacheKey("table") + " table"), ensembles(set));
    assertEquals("private.csv", set.at("/names/0").asText(), set.toString());
    assertEquals(composed("table"), set.at("/epsilon_composed/epsilon").asDouble(), 1e-9);
  }

  /** A multi-label run folder from before its manifest is never left out of a total silently. */
  @Test
  void aMultiLabelFolderWithoutItsManifestIsOneLineNamingIt() throws IOException {
    Path run = folder("canvases");
    Path copy = dir.resolve("older/canvases").resolve(run.getFileName());
    try (Stream<Path> files = Files.walk(run)) {
      for (Path f : files.filter(Files::isRegularFile).toList()) {
        Path to = copy.resolve(run.relativize(f).toString());
        Files.createDirectories(to.getParent());
        Files.copy(f, to);
      }
    }
    Files.delete(copy.resolve(MultiLabelManifest.FILE));
    Captured refused = Captured.run("ledger", dir.resolve("older").toString());
    assertEquals(2, refused.exitCode(), refused.err());
    assertTrue(refused.err().contains(copy + ": a multi-label run without "
        + MultiLabelManifest.FILE), refused.err());
    assertEquals(1, refused.err().strip().lines().count(), refused.err());
  }
}
