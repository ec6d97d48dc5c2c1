package dev.pate.pipeline;

import dev.pate.pipeline.testdata.RunFolders;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.pate.ledger.Ledger;
import dev.pate.pipeline.output.Json;
import dev.pate.ledger.LedgerContents;
import dev.pate.ledger.LedgerReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A whole tiny run with {@code aggregator.selection: active} (seconds): the report's rounds, the
 * queries it chose, reproducibility, and a resume that continues with the recorded queries.
 */
class ActiveRunTest {
  static final String ACTIVE = TinyRuns.TINY.replace("  selection: random\n",
      "  selection: active\n  active_rounds: 3\n  active_epochs: 2\n");

  @TempDir static Path dir;
  static Path first;
  static Path second;
  static JsonNode report;

  @BeforeAll
  static void runTwice() throws IOException {
    assertTrue(ACTIVE.contains("selection: active"), ACTIVE);
    first = run("a");
    second = run("b");
    report = Json.mapper().readTree(first.resolve("report.json").toFile());
  }

  /** Runs the config into {@code dir/out} and returns the run folder. */
  private static Path run(String out) {
    return TinyRuns.run(ACTIVE, dir.resolve(out));
  }

  @Test
  void theReportSaysTheSelectionAndWhatEachRoundAskedAndGotAnswered() {
    JsonNode aggregation = report.get("aggregation");
    assertEquals("active", aggregation.get("selection").asText());
    JsonNode rounds = aggregation.get("rounds");
    assertEquals(3, rounds.size());
    int asked = 0;
    int answered = 0;
    for (int r = 0; r < 3; r++) {
      JsonNode round = rounds.get(r);
      assertEquals(r + 1, round.get("round").asInt());
      assertEquals(20, round.get("chosen").asInt());
      assertEquals(20, round.get("asked").asInt());
      asked += round.get("asked").asInt();
      answered += round.get("answered").asInt();
      assertEquals(r == 0 ? "random" : "least-margin", round.get("chosen_by").asText());
      assertEquals(r > 0, round.has("interim_accuracy"), round.toString());
    }
    double interim = rounds.get(2).get("interim_accuracy").asDouble();
    assertTrue(interim > 0 && interim <= 1, "interim accuracy " + interim);
    assertEquals(aggregation.get("queries").asInt(), asked);
    assertEquals(aggregation.get("queries_asked").asInt(), asked);
    assertEquals(aggregation.get("queries_answered").asInt(), answered);
    assertTrue(report.at("/private/timings/selection_seconds").asDouble() > 0);
  }

  @Test
  void theQueriesAreDistinctPoolImagesAndNeverHeldOutOnes() throws IOException {
    int pool = report.at("/dataset/query_pool").asInt();
    List<Integer> indices = indices(first.resolve("votes.csv"));
    assertEquals(60, indices.size());
    assertEquals(60, indices.stream().distinct().count());
    // The public set is the test file: the pool is its first query_pool images, the rest held out.
    assertTrue(indices.stream().allMatch(i -> i >= 0 && i < pool), indices.toString());
    List<String> labels = Files.readAllLines(first.resolve("labels.csv"));
    for (int q = 0; q < 60; q++) {
      assertTrue(labels.get(q + 1).startsWith(indices.get(q) + ","), labels.get(q + 1));
    }
  }

  @Test
  void theSameConfigAndSeedChooseTheSameQueries() throws IOException {
    for (String f : List.of("votes.csv", "labels.csv")) {
      assertEquals(Files.readString(first.resolve(f)), Files.readString(second.resolve(f)), f);
    }
    JsonNode other = Json.mapper().readTree(second.resolve("report.json").toFile());
    assertEquals(report.get("aggregation"), other.get("aggregation"));
  }

  @Test
  void aResumedRunContinuesWithTheRecordedQueries() throws IOException {
    // What a run killed in round 2 leaves: rounds 1 and 2 chosen, 25 of their 40 queries charged.
    Path copy = dir.resolve("interrupted");
    RunFolders.copyTree(first, copy);
    Files.delete(copy.resolve("report.json"));
    Files.delete(copy.resolve("labels.csv"));
    keepLines(copy.resolve(Ledger.FILE), 1 + 25);
    keepLines(copy.resolve("votes.csv"), 1 + 40);

    TinyRuns.resume(copy);

    JsonNode resumed = Json.mapper().readTree(copy.resolve("report.json").toFile());
    JsonNode rounds = resumed.at("/aggregation/rounds");
    assertEquals("recorded", rounds.get(0).get("chosen_by").asText());
    assertEquals("recorded", rounds.get(1).get("chosen_by").asText());
    assertEquals("least-margin", rounds.get(2).get("chosen_by").asText());
    List<Integer> before = indices(first.resolve("votes.csv"));
    List<Integer> after = indices(copy.resolve("votes.csv"));
    assertEquals(60, after.size());
    assertEquals(60, after.stream().distinct().count());
    assertEquals(before.subList(0, 40), after.subList(0, 40));
    LedgerContents ledger = LedgerReader.read(copy.resolve(Ledger.FILE));
    assertEquals(60, ledger.entries().size());
    // The 25 answers released before the interruption are the ones the resumed run reports.
    assertEquals(Files.readAllLines(first.resolve("labels.csv")).subList(0, 26),
        Files.readAllLines(copy.resolve("labels.csv")).subList(0, 26));
    assertFalse(resumed.at("/student/test_accuracy").isMissingNode());
  }

  private static List<Integer> indices(Path votesCsv) throws IOException {
    return Files.readAllLines(votesCsv).stream().skip(1)
        .map(line -> Integer.parseInt(line.split(",")[0]))
        .toList();
  }

  private static void keepLines(Path file, int lines) throws IOException {
    Files.write(file, Files.readAllLines(file).subList(0, lines));
  }
}
