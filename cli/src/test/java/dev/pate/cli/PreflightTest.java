package dev.pate.cli;

import dev.pate.pipeline.testdata.RunFolders;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pate.ledger.Ledger;
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
 * Whatever can refuse a run cheaply refuses it before any teacher is trained: a resumed run whose
 * ledger was tampered with, whose votes.csv names an image outside the pool, or whose ledger is
 * lost; a new run whose budget cannot pay for one query or whose output folder cannot be written;
 * a study with one such point. Each is one line with exit code 2, and no teacher file is written
 * (the output folders here have no teacher cache, so any training would write one).
 */
class PreflightTest {
  @TempDir static Path dir;
  static Path finished;

  @BeforeAll
  static void runOnce() throws IOException {
    Path config = dir.resolve("tiny.yaml");
    Files.writeString(config, RunCommandTest.TINY);
    assertEquals(0, Main.execute("run", config.toString(), "--out", dir.resolve("a").toString()));
    try (Stream<Path> s = Files.list(dir.resolve("a/tiny"))) {
      finished = s.findFirst().orElseThrow();
    }
  }

  /** A copy of the finished run, unfinished again, in an output folder without a cache. */
  private static Path unfinishedCopy(String out) throws IOException {
    Path copy = dir.resolve(out).resolve("tiny").resolve(finished.getFileName().toString());
    RunFolders.copyTree(finished, copy);
    Files.delete(copy.resolve("report.json"));
    return copy;
  }

  private static void assertRefusedBeforeTraining(Captured run, Path out, String... fragments) {
    assertEquals(2, run.exitCode(), run.err() + run.out());
    String message = run.err().strip();
    assertFalse(message.contains("\n"), message);
    for (String fragment : fragments) {
      assertTrue(message.contains(fragment), "'" + fragment + "' missing from: " + message);
    }
    assertFalse(Files.exists(out.resolve("cache")), "a teacher was trained: " + run.out());
    assertFalse(run.out().contains("training"), run.out());
  }

  @Test
  void aTamperedLedgerIsReportedBeforeAnyTeacherIsTrained() throws IOException {
    Path copy = unfinishedCopy("tampered");
    Path ledger = copy.resolve(Ledger.FILE);
    List<String> lines = new ArrayList<>(Files.readAllLines(ledger));
    String line4 = lines.get(3);
    lines.set(3, line4.replace("\"answered\":true", "\"answered\":false")
        .replace("\"label\":", "\"label\":1"));
    assertFalse(lines.get(3).equals(line4));
    Files.write(ledger, lines);
    assertRefusedBeforeTraining(Captured.run("run", "--resume", copy.toString()),
        dir.resolve("tampered"), ledger + " line 4: hash does not match its content (tampered)");
  }

  @Test
  void votesOutsideThePoolAndALostLedgerAreReportedBeforeAnyTeacherIsTrained()
      throws IOException {
    Path copy = unfinishedCopy("votes");
    Path votes = copy.resolve("votes.csv");
    List<String> lines = new ArrayList<>(Files.readAllLines(votes));
    lines.set(2, "123456" + lines.get(2).substring(lines.get(2).indexOf(',')));
    Files.write(votes, lines);
    assertRefusedBeforeTraining(Captured.run("run", "--resume", copy.toString()),
        dir.resolve("votes"), votes + " line 3: index 123456 is not an image of the query pool");

    Path lost = unfinishedCopy("lost");
    Files.delete(lost.resolve(Ledger.FILE));
    assertRefusedBeforeTraining(Captured.run("run", "--resume", lost.toString()),
        dir.resolve("lost"), Ledger.FILE + ": missing, but votes.csv exists");
  }

  @Test
  void aBudgetThatPaysForNoQueryAndAnUnwritableOutputAreReportedBeforeAnything()
      throws IOException {
    Path config = dir.resolve("poor.yaml");
    Files.writeString(config, RunCommandTest.TINY + "privacy: {budget: {epsilon: 0.01}}\n");
    Path out = dir.resolve("poor");
    assertRefusedBeforeTraining(Captured.run("run", config.toString(), "--out", out.toString()),
        out, "privacy.budget: cannot pay for a single query of lnmax",
        "would take the spent epsilon to");

    Path file = Files.writeString(dir.resolve("a-file"), "not a folder");
    Path under = file.resolve("runs");
    assertRefusedBeforeTraining(Captured.run("run", dir.resolve("tiny.yaml").toString(), "--out",
        under.toString()), under, "cannot be written: " + file + " is not a folder");
  }

  /**
   * A study checks every unfinished point before the first one runs: a ledger with a charge
   * removed in one of its points stops it before any point trains a teacher.
   */
  @Test
  void aStudyChecksEveryPointBeforeTheFirstRuns() throws IOException {
    Path file = dir.resolve("small.yaml");
    Files.writeString(file, SweepCommandTest.STUDY.replace("randomness: seeded",
        "randomness: secure"));
    Path out = dir.resolve("study");
    assertEquals(0, Captured.run("sweep", file.toString(), "--out", out.toString()).exitCode());
    Path study = out.resolve("small");
    List<Path> points = new ArrayList<>();
    try (Stream<Path> s = Files.list(study.resolve("points"))) {
      s.sorted().forEach(points::add);
    }
    for (Path point : points) {
      Files.delete(point.resolve("report.json"));
    }
    Path last = points.get(points.size() - 1).resolve(Ledger.FILE);
    List<String> lines = new ArrayList<>(Files.readAllLines(last));
    lines.remove(2);
    Files.write(last, lines);
    deleteTree(out.resolve("cache"));
    assertRefusedBeforeTraining(Captured.run("sweep", file.toString(), "--out", out.toString()),
        out, last + " line 3: does not follow line 2");
  }

  private static void deleteTree(Path root) throws IOException {
    try (Stream<Path> s = Files.walk(root)) {
      for (Path p : s.sorted(java.util.Comparator.reverseOrder()).toList()) {
        Files.delete(p);
      }
    }
  }
}
