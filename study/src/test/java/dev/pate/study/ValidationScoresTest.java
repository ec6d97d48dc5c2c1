package dev.pate.study;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pate.files.UserError;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ValidationScoresTest {

  @TempDir
  Path dir;

  /**
   * A study folder whose results.csv has the header pate writes and a row per {@code "queries
   * selection seed accuracy"}.
   */
  private Path study(String name, String... rows) throws IOException {
    List<String> header = ResultsCsv.header(List.of("aggregator.queries", "aggregator.selection",
        "seed"));
    List<String> lines = new ArrayList<>(List.of(String.join(",", header)));
    int point = 1;
    for (String row : rows) {
      String[] v = row.split(" ", -1);
      List<String> cells = new ArrayList<>();
      for (String column : header) {
        cells.add(switch (column) {
          case "point" -> String.valueOf(point);
          case "aggregator.queries" -> v[0];
          case "aggregator.selection" -> v[1];
          case "seed" -> v[2];
          case ResultsCsv.VALIDATION -> v[3];
          default -> "x";
        });
      }
      lines.add(String.join(",", cells));
      point++;
    }
    Path folder = Files.createDirectories(dir.resolve(name));
    Files.write(folder.resolve("results.csv"), lines);
    return folder;
  }

  @Test
  void settingsAreLabelledByWhatVariesAndRepeatsAveraged() throws IOException {
    Path folder = study("s", "200 typical 1 0.98", "200 typical 2 0.99", "400 typical 1 0.97",
        "400 typical 1 0.99", "400 typical 2 0.985");
    ValidationScores scores = ValidationScores.read(folder, List.of());
    assertEquals(Map.of("aggregator.selection", "typical"), scores.common());
    assertEquals(List.of("aggregator.queries=200", "aggregator.queries=400"),
        scores.settings().stream().map(ValidationScores.Setting::label).toList());
    assertEquals(Map.of(1L, 0.98, 2L, 0.99), scores.settings().get(0).bySeed());
    assertEquals(0.98, scores.settings().get(1).bySeed().get(1L), 1e-12, "two repeats averaged");
  }

  @Test
  void aFilterKeepsItsPointsAndComparesNumbersAsNumbers() throws IOException {
    Path folder = study("s", "200 typical 1 0.98", "400 typical 1 0.97", "400 random 1 0.96");
    ValidationScores scores = ValidationScores.read(folder.resolve("results.csv"),
        List.of("aggregator.queries=400.0", "aggregator.selection=typical"));
    assertEquals(1, scores.settings().size());
    assertEquals(ValidationScores.ONE_SETTING, scores.settings().get(0).label());
    assertEquals(Map.of(1L, 0.97), scores.settings().get(0).bySeed());
  }

  @Test
  void badInputIsNamedByFileAndLine() throws IOException {
    Path folder = study("s", "200 typical 1 0.98", "400 typical 1 ");
    UserError empty = assertThrows(UserError.class, () -> ValidationScores.read(folder,
        List.of()));
    assertTrue(empty.getMessage().contains("results.csv, line 3: student_validation_accuracy is"
        + " empty"), empty.getMessage());
    UserError key = assertThrows(UserError.class, () -> ValidationScores.read(folder,
        List.of("teachers.count=250")));
    assertTrue(key.getMessage().contains("the study swept (aggregator.queries,"
        + " aggregator.selection)"), key.getMessage());
    UserError none = assertThrows(UserError.class, () -> ValidationScores.read(folder,
        List.of("aggregator.queries=800")));
    assertTrue(none.getMessage().endsWith("no point has aggregator.queries=800"),
        none.getMessage());
    UserError missing = assertThrows(UserError.class, () -> ValidationScores.read(
        dir.resolve("nowhere"), List.of()));
    assertTrue(missing.getMessage().contains("no such file"), missing.getMessage());
    Path odd = study("odd", "200 typical 1 1.5");
    UserError range = assertThrows(UserError.class, () -> ValidationScores.read(odd, List.of()));
    assertTrue(range.getMessage().contains("line 2: student_validation_accuracy '1.5' is not an"
        + " accuracy in [0, 1]"), range.getMessage());
    Files.writeString(folder.resolve("results.csv"), "a,b\n1,2\n");
    UserError header = assertThrows(UserError.class, () -> ValidationScores.read(folder,
        List.of()));
    assertTrue(header.getMessage().contains("header: expected a single-label study's"),
        header.getMessage());
  }
}
