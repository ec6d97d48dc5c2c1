package dev.pate.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pate.pipeline.output.Json;
import dev.pate.study.StudyFolder;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import org.apache.commons.csv.CSVRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Kills a small study midway, once with SIGKILL (while it trains the second ensemble) and once
 * with SIGTERM (the shutdown path of Ctrl-C), runs the same command again, and checks that the
 * resumed studies end with the results of an uninterrupted one, without redoing finished points
 * or retraining saved teachers. Seeded noise makes the points reproducible.
 */
class SweepKillTest {

  /** Columns that may differ between an interrupted and an uninterrupted study. */
  private static final List<String> RUN_DEPENDENT = List.of("teachers_from", "seconds_teachers",
      "seconds_votes", "seconds_aggregation", "seconds_student", "seconds_total");

  @TempDir Path dir;

  @Test
  void aKilledStudyResumesToTheResultsOfAnUninterruptedOne() throws Exception {
    Path file = dir.resolve("small.yaml");
    Files.writeString(file, SweepCommandTest.STUDY);
    Path whole = dir.resolve("whole");
    assertEquals(0, Captured.run("sweep", file.toString(), "--out", whole.toString()).exitCode());
    List<Map<String, String>> expected = comparable(whole.resolve("small"));

    // SIGKILL once the second ensemble has saved a teacher: no hook, no flush, no cleanup.
    Path killed = dir.resolve("killed");
    Process child = start(file, killed);
    readUntil(child, List.of(l -> l.equals("pate: point 2/4 done"),
        l -> l.startsWith("teachers [")));
    child.destroyForcibly();
    child.waitFor();
    Map<Path, FileTime> saved = ChildPate.savedTeachers(killed);
    assertTrue(saved.size() >= 3, "the first ensemble and a teacher of the second were saved");
    byte[] firstReport = Files.readAllBytes(onlyReport(killed, 1));

    Captured resumed = Captured.run("sweep", file.toString(), "--out", killed.toString());
    assertEquals(0, resumed.exitCode(), resumed.err());
    assertTrue(resumed.out().contains("pate: point 1/4 finished before"), resumed.out());
    assertTrue(resumed.out().contains("pate: point 2/4 finished before"), resumed.out());
    assertArrayEquals(firstReport, Files.readAllBytes(onlyReport(killed, 1)), "point 1 redone");
    Map<Path, FileTime> after = ChildPate.savedTeachers(killed);
    saved.forEach((teacher, time) -> assertEquals(time, after.get(teacher), teacher + " retrained"));
    assertEquals(expected, comparable(killed.resolve("small")));

    // SIGTERM during the second point: the JVM runs its shutdown hooks and exits, as on Ctrl-C.
    // Not SIGINT itself: a shell without job control starts background jobs with SIGINT ignored,
    // and a JVM that inherits that never sees it: the study just runs to its end.
    Path interrupted = dir.resolve("interrupted");
    child = start(file, interrupted);
    readUntil(child, List.of(l -> l.equals("pate: point 1/4 done")));
    new ProcessBuilder("kill", "-TERM", Long.toString(child.pid())).start().waitFor();
    String rest = new String(child.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    child.waitFor();
    assertTrue(rest.contains("pate: study interrupted during point"), rest);
    Captured finished = Captured.run("sweep", file.toString(), "--out", interrupted.toString());
    assertEquals(0, finished.exitCode(), finished.err());
    assertTrue(finished.out().contains("pate: point 1/4 finished before"), finished.out());
    assertEquals(expected, comparable(interrupted.resolve("small")));
  }

  private static Process start(Path file, Path out) throws IOException {
    return new ProcessBuilder(ChildPate.command("sweep", file.toString(), "--out",
        out.toString())).redirectError(ProcessBuilder.Redirect.DISCARD)
        .start();
  }

  /** Reads the child's output until each condition has matched a line, in order. */
  private static void readUntil(Process child, List<Predicate<String>> conditions)
      throws IOException {
    BufferedReader out = new BufferedReader(new InputStreamReader(child.getInputStream(),
        StandardCharsets.UTF_8));
    List<String> seen = new ArrayList<>();
    for (Predicate<String> condition : conditions) {
      String line;
      do {
        line = out.readLine();
        if (line == null) {
          throw new AssertionError("the study ended before it could be killed: " + seen);
        }
        seen.add(line);
      } while (!condition.test(line));
    }
  }

  private static Path onlyReport(Path out, int point) throws IOException {
    Path index = out.resolve("small").resolve(StudyFolder.INDEX);
    var folder = Json.mapper().readTree(index.toFile()).get("points").get(point - 1)
        .get("folder").asText();
    return out.resolve("small").resolve(folder).resolve("report.json");
  }

  /** results.csv without the columns that depend on how the study was run. */
  private static List<Map<String, String>> comparable(Path study) throws IOException {
    List<Map<String, String>> rows = new ArrayList<>();
    for (CSVRecord row : SweepCommandTest.results(study)) {
      Map<String, String> values = new HashMap<>(row.toMap());
      RUN_DEPENDENT.forEach(values::remove);
      rows.add(values);
    }
    assertEquals(4, rows.size());
    return rows;
  }
}
