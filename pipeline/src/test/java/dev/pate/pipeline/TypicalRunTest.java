package dev.pate.pipeline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.pate.pipeline.output.Json;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A whole tiny run with {@code aggregator.selection: typical} (seconds): the report says how the
 * queries were chosen, they are distinct pool images, and the same config and seed choose them
 * again.
 */
class TypicalRunTest {
  static final String TYPICAL = TinyRuns.TINY.replace("  selection: random\n",
      "  selection: typical\n");

  @TempDir static Path dir;
  static Path first;
  static JsonNode report;

  @BeforeAll
  static void run() throws IOException {
    assertTrue(TYPICAL.contains("selection: typical"), TYPICAL);
    first = TinyRuns.run(TYPICAL, dir.resolve("a"));
    report = Json.mapper().readTree(first.resolve("report.json").toFile());
  }

  @Test
  void oneRoundOfTypicalImagesOfThePool() throws IOException {
    JsonNode aggregation = report.get("aggregation");
    assertEquals("typical", aggregation.get("selection").asText());
    JsonNode rounds = aggregation.get("rounds");
    assertEquals(1, rounds.size());
    assertEquals("typical", rounds.get(0).get("chosen_by").asText());
    assertEquals(60, rounds.get(0).get("asked").asInt());
    int pool = report.at("/dataset/query_pool").asInt();
    List<Integer> indices = indices(first);
    assertEquals(60, indices.stream().distinct().count());
    assertTrue(indices.stream().allMatch(i -> i >= 0 && i < pool), indices.toString());
  }

  @Test
  void theSameConfigAndSeedChooseTheSameQueriesAnotherSeedOthers() throws IOException {
    assertEquals(indices(first), indices(TinyRuns.run(TYPICAL, dir.resolve("b"))));
    assertNotEquals(indices(first), indices(TinyRuns.run(TYPICAL, dir.resolve("c"), "seed=4")));
  }

  private static List<Integer> indices(Path run) throws IOException {
    return Files.readAllLines(run.resolve("votes.csv")).stream().skip(1)
        .map(line -> Integer.parseInt(line.split(",")[0]))
        .toList();
  }
}
