package dev.pate.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.pate.aggregator.rdp.Conversion;
import dev.pate.aggregator.rdp.Orders;
import dev.pate.aggregator.rdp.RdpConversions;
import dev.pate.config.ConfigLoader;
import dev.pate.config.RunConfig;
import dev.pate.files.Sha256;
import dev.pate.pipeline.labelling.LedgerReplay;
import dev.pate.pipeline.output.Json;
import dev.pate.pipeline.testdata.SyntheticTable;
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
 * pate ledger composes runs by the private data's content: four tiny CSV runs, two with secure
 * noise over the same records under two file names, one over other records, and one with seeded
 * noise over the first records.
 */
class LedgerCommandTest {
  /** Cheap runs: no student, no ceiling, few queries. */
  private static final List<String> CHEAP = List.of("student.train=false",
      "baseline.non_private=false", "aggregator.queries=20");

  @TempDir static Path dir;
  static Path runs;
  static String sameRecords;
  static String otherRecords;

  @BeforeAll
  static void runFour() throws IOException {
    Path first = SyntheticTable.write(dir.resolve("first.csv"), 300, 1, 0, "");
    Path renamed = Files.copy(first, dir.resolve("renamed.csv"));
    Path other = SyntheticTable.write(dir.resolve("other.csv"), 300, 9, 0, "");
    Path publicFile = SyntheticTable.write(dir.resolve("public.csv"), 300, 2, 0, ".");
    sameRecords = Sha256.of(first);
    otherRecords = Sha256.of(other);
    runs = dir.resolve("runs");
    run("first", first, publicFile, "secure");
    run("renamed", renamed, publicFile, "secure");
    run("other", other, publicFile, "secure");
    run("seeded", first, publicFile, "seeded");
  }

  private static void run(String name, Path privateFile, Path publicFile, String randomness)
      throws IOException {
    Path config = Files.writeString(dir.resolve(name + ".yaml"),
        SyntheticTable.config(privateFile, publicFile));
    List<String> args = new ArrayList<>(List.of("run", config.toString(), "--out",
        runs.toString(), "name=" + name));
    args.addAll(CHEAP);
    args.add("aggregator.randomness=" + randomness);
    Captured c = Captured.run(args.toArray(String[]::new));
    assertEquals(0, c.exitCode(), c.err());
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

  private static List<String> folders(JsonNode composition) {
    List<String> folders = new ArrayList<>();
    composition.get("ensembles").forEach(e -> e.get("runs")
        .forEach(r -> folders.add(r.get("folder").asText().split("/")[0])));
    return folders.stream().sorted().toList();
  }

  /** The guarantee of these runs composed, from their own ledgers. */
  private static double composed(String... names) throws IOException {
    double[] total = new double[Orders.defaults().size()];
    for (String name : names) {
      Path folder;
      try (Stream<Path> s = Files.list(runs.resolve(name))) {
        folder = s.findFirst().orElseThrow();
      }
      RunConfig config = ConfigLoader.load(folder.resolve("config.yaml"), List.of());
      double[] curve = LedgerReplay.of(folder, config).guaranteeRdp();
      for (int i = 0; i < total.length; i++) {
        total[i] += curve[i];
      }
    }
    return RdpConversions.epsilon(Orders.defaults(), total, 1e-5, Conversion.IMPROVED).epsilon();
  }

  @Test
  void theSameRecordsUnderAnotherFileNameComposeToOneTotal() throws IOException {
    JsonNode ledger = ledgerJson(runs);
    assertEquals(2, ledger.get("private_data").size(), ledger.toString());
    JsonNode same = dataSet(ledger, sameRecords);
    assertEquals(List.of("first", "renamed"), folders(same));
    assertEquals(List.of("first.csv", "renamed.csv"),
        List.of(same.at("/names/0").asText(), same.at("/names/1").asText()));
    double total = composed("first", "renamed");
    assertEquals(total, same.at("/epsilon_composed/epsilon").asDouble(), 1e-9);
    assertTrue(total > composed("first"), "two runs cost more than one");
  }

  @Test
  void otherRecordsAreAnotherTotal() throws IOException {
    JsonNode other = dataSet(ledgerJson(runs), otherRecords);
    assertEquals(List.of("other"), folders(other));
    assertEquals("other.csv", other.at("/names/0").asText());
    assertEquals(composed("other"), other.at("/epsilon_composed/epsilon").asDouble(), 1e-9);
    assertTrue(other.at("/seeded").isMissingNode(), "no seeded run on these records");
  }

  /** A seeded run is listed apart, marked, and adds nothing to the guarantee. */
  @Test
  void aSeededRunIsMarkedAndAddsToNoGuarantee() throws IOException {
    JsonNode same = dataSet(ledgerJson(runs), sameRecords);
    JsonNode seeded = same.get("seeded");
    assertTrue(seeded.get("guarantee").asText().startsWith(LedgerCommand.SEEDED), same.toString());
    assertEquals(List.of("seeded"), folders(seeded));
    assertEquals("seeded", seeded.at("/ensembles/0/runs/0/randomness").asText());
    assertEquals(composed("first", "renamed"), same.at("/epsilon_composed/epsilon").asDouble(),
        1e-9, "the seeded run is not in the guarantee's total");

    Captured table = Captured.run("ledger", runs.toString());
    assertEquals(0, table.exitCode(), table.err());
    String out = table.out();
    String seededLine = out.lines().filter(l -> l.contains("seeded/")).findFirst().orElseThrow();
    assertTrue(seededLine.endsWith("(" + LedgerCommand.SEEDED + ")"), seededLine);
    assertTrue(out.contains("private data " + sameRecords.substring(0, 12)
        + " (read as first.csv, renamed.csv):"), out);
    assertTrue(out.contains("private data " + otherRecords.substring(0, 12)
        + " (read as other.csv):"), out);
  }

  /**
   * A run whose teachers manifest predates private_data is attributed by its report's
   * provenance.private; without a report it cannot be, and the ledger says which file.
   */
  @Test
  void anOlderManifestFallsBackOnTheReportOrIsRefusedByName() throws IOException {
    Path copy = dir.resolve("older/other");
    Path run;
    try (Stream<Path> s = Files.list(runs.resolve("other"))) {
      run = s.findFirst().orElseThrow();
    }
    Path folder = copy.resolve(run.getFileName());
    try (Stream<Path> files = Files.walk(run)) {
      for (Path f : files.filter(Files::isRegularFile).toList()) {
        Path to = folder.resolve(run.relativize(f).toString());
        Files.createDirectories(to.getParent());
        Files.copy(f, to);
      }
    }
    Path manifest = folder.resolve("teachers/manifest.json");
    ObjectNode older = (ObjectNode) Json.mapper().readTree(manifest.toFile());
    older.remove("private_data");
    Files.writeString(manifest, Json.write(older));

    JsonNode ledger = ledgerJson(dir.resolve("older"));
    assertEquals(otherRecords, ledger.at("/private_data/0/sha256").asText(), ledger.toString());

    Files.delete(folder.resolve("report.json"));
    Captured refused = Captured.run("ledger", dir.resolve("older").toString());
    assertEquals(2, refused.exitCode());
    assertTrue(refused.err().contains(manifest + ": no private_data"), refused.err());
    assertFalse(refused.err().strip().contains("\n"), "one line: " + refused.err());
  }
}
