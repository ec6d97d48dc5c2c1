package dev.pate.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.pate.pipeline.output.Json;
import dev.pate.study.ResultsCsv;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CompareCommandTest {

  @TempDir
  Path dir;

  /**
   * A study folder with pate's results.csv header, sweeping aggregator.queries, and a row per
   * {@code "queries seed validation"}.
   */
  private Path study(String name, String... rows) throws IOException {
    List<String> header = ResultsCsv.header(List.of("aggregator.queries", "seed"));
    List<String> lines = new ArrayList<>(List.of(String.join(",", header)));
    for (String row : rows) {
      String[] v = row.split(" ", -1);
      lines.add(String.join(",", header.stream().map(column -> switch (column) {
        case "point" -> String.valueOf(lines.size());
        case "aggregator.queries" -> v[0];
        case "seed" -> v[1];
        case "student_validation_accuracy" -> v[2];
        default -> "";
      }).toList()));
    }
    Path folder = Files.createDirectories(dir.resolve(name));
    Files.write(folder.resolve("results.csv"), lines);
    return folder;
  }

  private Path base() throws IOException {
    return study("base", "200 1 0.980", "200 2 0.990", "200 3 0.975");
  }

  @Test
  void aSteadyGainDisplacesTheBaseAndASpreadOneDoesNot() throws IOException {
    Path challengers = study("levers", "400 1 0.984", "400 2 0.993", "400 3 0.980",
        "800 1 0.999", "800 2 0.985", "800 3 0.984");
    Captured c = Captured.run("compare", base().toString(), challengers.toString(), "--json");
    assertEquals(0, c.exitCode(), c.err());
    JsonNode out = Json.mapper().readTree(c.out());
    JsonNode steady = out.at("/challengers/0");
    JsonNode spread = out.at("/challengers/1");
    assertEquals("aggregator.queries=400", steady.get("setting").asText());
    assertTrue(steady.get("passes").asBoolean(), steady.toString());
    assertTrue(spread.get("gain").asDouble() > steady.get("gain").asDouble(),
        "the larger mean gain");
    assertFalse(spread.get("passes").asBoolean(), spread.toString());
    assertEquals("aggregator.queries=400", out.get("chosen").asText());

    Captured table = Captured.run("compare", base().toString(), challengers.toString());
    assertEquals(0, table.exitCode(), table.err());
    assertTrue(table.out().contains("chosen: aggregator.queries=400"), table.out());
    assertTrue(table.out().contains("does not pass"), table.out());
  }

  @Test
  void aBaseOfSeveralSettingsMustBeNamed() throws IOException {
    Path both = study("both", "200 1 0.980", "200 2 0.990", "400 1 0.985", "400 2 0.996");
    Captured unnamed = Captured.run("compare", both.toString(), both.toString());
    assertEquals(2, unnamed.exitCode());
    assertEquals(1, unnamed.err().strip().lines().count(), unnamed.err());
    assertTrue(unnamed.err().contains("2 settings (aggregator.queries=200;"
        + " aggregator.queries=400); name the current choice with --base"), unnamed.err());

    Captured named = Captured.run("compare", both.toString(), both.toString(),
        "--base", "aggregator.queries=200", "--json");
    assertEquals(0, named.exitCode(), named.err());
    JsonNode out = Json.mapper().readTree(named.out());
    assertEquals(1, out.get("challengers").size(), "the base is not its own challenger");
    assertEquals("aggregator.queries=400", out.at("/challengers/0/setting").asText());
  }

  @Test
  void aStudyWithoutValidationFiguresIsRefusedNamingTheLine() throws IOException {
    Path heldOutOnly = study("refit", "200 1 0.980", "200 2 ");
    Captured c = Captured.run("compare", base().toString(), heldOutOnly.toString());
    assertEquals(2, c.exitCode());
    assertTrue(c.err().contains("results.csv, line 3: student_validation_accuracy is empty"),
        c.err());
  }
}
