package dev.pate.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.pate.pipeline.output.Json;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code pate analyze --smooth-sensitivity}: what a release prints, and its parameters. */
class AnalyzeReleaseTest {
  private static final Path MNIST = Path.of(System.getProperty("pate.repo.root"), "..", "shared",
      "data", "pate2018-votes", "mnist_250_teachers.npy");
  private static final String[] CONFIDENT = {"--mechanism", "confident-gnmax", "--threshold",
      "200", "--sigma1", "150", "--sigma2", "40"};
  private static final String[] FIXED = {"--smooth-sensitivity", "--release-order", "20",
      "--release-beta", "0.02", "--release-sigma", "12"};

  @TempDir Path dir;

  private static Captured analyze(Path votes, String[]... groups) {
    List<String> args = new ArrayList<>(List.of("analyze", "--votes", votes.toString()));
    for (String[] group : groups) {
      args.addAll(List.of(group));
    }
    return Captured.run(args.toArray(String[]::new));
  }

  private static JsonNode json(Captured c) throws IOException {
    assertEquals(0, c.exitCode(), c.err());
    return Json.mapper().readTree(c.out());
  }

  /**
   * Only the released value and data-independent figures: no smooth sensitivity, noise scale,
   * data-dependent epsilon or its order, answered count or timing (all functions of the votes).
   */
  @Test
  void releasePrintsNoPrivateFigure() throws IOException {
    for (String[] mode : new String[][] {{}, {"--expected"}, {"--noise", "discrete"},
        {"--expected", "--noise", "discrete"}}) {
      String accounting = String.join(" ", mode);
      JsonNode out = json(analyze(MNIST, new String[] {"--rows", "0:100", "--json"}, CONFIDENT,
          FIXED, mode));
      Set<String> keys = new HashSet<>();
      collectKeys(out, keys);
      for (String secret : List.of("ss", "noise_std", "seconds",
          "queries_answered", "expected_answered", "epsilon_paper_data_independent")) {
        assertFalse(keys.contains(secret), accounting + ": '" + secret + "' in " + out);
      }
      // the data-dependent epsilon and its order; the release's own order is data-independent
      assertFalse(out.has("epsilon") || out.has("order"), accounting + ": " + out);
      JsonNode release = out.get("smooth_sensitivity");
      assertEquals("released", release.get("status").asText(), out.toString());
      assertEquals(accounting.contains("discrete"), release.has("noise"), release.toString());
      if (release.has("noise")) {
        assertEquals("discrete", release.get("noise").asText());
      }
      assertEquals(20.0, release.get("order").asDouble());
      assertEquals(0.02, release.get("beta").asDouble());
      assertEquals(12.0, release.get("sigma_ss").asDouble());
      double cells = release.get("rdp_released").asDouble() * 1024;
      assertEquals(Math.rint(cells), cells, 0.0, "rdp_released on the 2^-10 grid: " + release);
      assertEquals(0x1p-10, release.get("grid").asDouble());
      assertTrue(out.get("epsilon_data_independent").asDouble() > 0, out.toString());
    }
    Captured table = analyze(MNIST, new String[] {"--rows", "0:100"}, CONFIDENT, FIXED);
    assertEquals(0, table.exitCode(), table.err());
    assertTrue(table.out().contains("released epsilon"), table.out());
    assertFalse(table.out().contains("(data-dependent)") || table.out().contains("std")
        || table.out().contains("answered") || table.out().contains("seconds"), table.out());
  }

  private static void collectKeys(JsonNode node, Set<String> keys) {
    Iterator<String> names = node.fieldNames();
    while (names.hasNext()) {
      String name = names.next();
      keys.add(name);
      collectKeys(node.get(name), keys);
    }
  }

  @Test
  void missingOrInvalidReleaseOptionsAreOneLineErrorsNamingThem() {
    String[] rows = {"--rows", "0:10"};
    assertOneLineError(analyze(MNIST, rows, CONFIDENT, new String[] {"--smooth-sensitivity",
        "--release-order", "20"}), "--release-beta", "--release-sigma");
    assertOneLineError(analyze(MNIST, rows, CONFIDENT, new String[] {"--smooth-sensitivity"}),
        "--release-order", "--release-beta", "--release-sigma", "--release-teacher-accuracy");
    assertOneLineError(analyze(MNIST, rows, CONFIDENT, new String[] {"--smooth-sensitivity",
        "--release-order", "30", "--release-beta", "0.02", "--release-sigma", "12"}),
        "--release-order", "--release-beta");
    assertOneLineError(analyze(MNIST, rows, CONFIDENT, new String[] {"--smooth-sensitivity",
        "--release-order", "20", "--release-beta", "0.02", "--release-sigma", "0"}),
        "--release-sigma");
    assertOneLineError(analyze(MNIST, rows, CONFIDENT, new String[] {"--release-order", "20"}),
        "--release-order", "--smooth-sensitivity");
    assertOneLineError(analyze(MNIST, rows, CONFIDENT, new String[] {"--smooth-sensitivity",
        "--release-teacher-accuracy", "0.9"}), "--release-teacher-accuracy", "--teachers");
    assertOneLineError(analyze(MNIST, rows, CONFIDENT, new String[] {"--smooth-sensitivity",
        "--release-teacher-accuracy", "0.9", "--teachers", "250", "--release-beta", "0.01"}),
        "--release-teacher-accuracy", "--release-beta");
  }

  private static void assertOneLineError(Captured c, String... fragments) {
    assertEquals(2, c.exitCode(), c.err());
    String text = c.err().strip();
    assertFalse(text.contains("\n"), "more than one line: " + text);
    assertTrue(text.startsWith("pate: "), text);
    for (String f : fragments) {
      assertTrue(text.contains(f), "'" + f + "' missing from: " + text);
    }
  }

  /**
   * Planned from a stated teacher accuracy, the parameters depend on the votes' shape (queries,
   * classes) and the options only: two vote files of the same shape, one of strong and one of weak
   * consensus, get the same order, beta and sigma_ss (and different released values).
   */
  @Test
  void plannedParametersDoNotDependOnTheVotes() throws IOException {
    Path strong = votesCsv("strong.csv", 0.95);
    Path weak = votesCsv("weak.csv", 0.4);
    String[] plan = {"--mechanism", "gnmax", "--sigma", "40", "--smooth-sensitivity",
        "--release-teacher-accuracy", "0.9", "--teachers", "250", "--json"};
    JsonNode a = json(analyze(strong, plan)).get("smooth_sensitivity");
    JsonNode b = json(analyze(weak, plan)).get("smooth_sensitivity");
    assertEquals("released", a.get("status").asText(), a.toString());
    for (String parameter : List.of("order", "beta", "sigma_ss", "release_rdp")) {
      assertEquals(a.get(parameter).asDouble(), b.get(parameter).asDouble(), parameter);
    }
    assertNotEquals(a.get("rdp_released").asDouble(), b.get("rdp_released").asDouble());
  }

  /** 60 queries of 250 teachers over 10 classes, each teacher right with this probability. */
  private Path votesCsv(String name, double accuracy) throws IOException {
    SplittableRandom random = new SplittableRandom(name.hashCode());
    StringBuilder csv = new StringBuilder(String.join(",",
        Stream.iterate(0, i -> i + 1).limit(10).map(i -> "c" + i).toList())).append('\n');
    for (int q = 0; q < 60; q++) {
      int[] counts = new int[10];
      int label = random.nextInt(10);
      for (int t = 0; t < 250; t++) {
        counts[random.nextDouble() < accuracy ? label : random.nextInt(10)]++;
      }
      StringBuilder row = new StringBuilder();
      for (int c = 0; c < 10; c++) {
        row.append(c == 0 ? "" : ",").append(counts[c]);
      }
      csv.append(row).append('\n');
    }
    Path file = dir.resolve(name);
    Files.writeString(file, csv);
    return file;
  }
}
