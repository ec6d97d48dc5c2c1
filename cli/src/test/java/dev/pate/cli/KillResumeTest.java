package dev.pate.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.pate.ledger.Ledger;
import dev.pate.ledger.LedgerEntry;
import dev.pate.pipeline.output.Json;
import dev.pate.ledger.LedgerReader;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * SIGKILLs a small run with seeded noise at random moments (while teachers train, while queries
 * are labelled, while the student trains, between the release and the report), resumes it with
 * {@code pate run --resume} (itself killed once more in some trials), and checks that the run ends as an
 * uninterrupted one: the same votes.csv and labels.csv, the same privacy and aggregation blocks
 * in report.json; every released label has its charge in the ledger, one charge per query, so
 * no answer was drawn twice; and no teacher saved before a kill is trained again.
 */
class KillResumeTest {
  /** Seeds of the trials: each picks where to kill and how long after that point. */
  private static final long[] SEEDS = {1, 2, 3, 4};

  private static final int QUERIES = 240;

  /**
   * Where a kill falls: once the run has got so far, as its files show (polled every
   * millisecond), whatever the machine's speed.
   */
  private enum Phase {
    /** Once {@code 1 + n % 4} of the 6 teachers are saved (two train at a time). */
    TEACHERS,
    /** Once {@code 1 + n % 239} of the 240 queries are charged. */
    LABELLING,
    /** Up to 300 ms after labels.csv is written, while the student trains. */
    STUDENT,
    /** As soon as the release is written, before report.json. */
    REPORT
  }

  static final String CONFIG = RunCommandTest.TINY.replace("  queries: 60\n", "  queries: 240\n");

  private static final String FOLDER_LINE = "pate: run folder ";

  @TempDir static Path dir;
  static Path config;
  static Path reference;

  @BeforeAll
  static void uninterrupted() throws IOException {
    assertTrue(CONFIG.contains("queries: 240") && CONFIG.contains("randomness: seeded"));
    config = Files.writeString(dir.resolve("tiny.yaml"), CONFIG);
    Captured whole = Captured.run("run", config.toString(), "--out",
        dir.resolve("whole").toString());
    assertEquals(0, whole.exitCode(), whole.err());
    reference = runFolder(whole.out());
  }

  @Test
  void aRunKilledAtRandomMomentsAndResumedEndsAsAnUninterruptedOne() throws Exception {
    List<String> killedAt = new ArrayList<>();
    for (long seed : SEEDS) {
      Random random = new Random(seed);
      Phase phase = Phase.values()[(int) (seed - 1) % Phase.values().length];
      Path out = dir.resolve("killed-" + seed);
      String trial = "seed " + seed;

      Path folder = killAt(List.of("run", config.toString(), "--out", out.toString()), out, null,
          phase, random.nextInt(1 << 16));
      killedAt.add(state(out, folder));
      Map<Path, FileTime> saved = ChildPate.savedTeachers(out);
      if (random.nextBoolean() && !Files.exists(folder.resolve("report.json"))) {
        Phase again = Phase.values()[random.nextInt(Phase.values().length)];
        killAt(List.of("run", "--resume", folder.toString()), out, folder, again,
            random.nextInt(1 << 16));
        killedAt.add(state(out, folder));
      }
      trial += ", killed at " + killedAt;
      if (!Files.exists(folder.resolve("report.json"))) {
        Captured resumed = Captured.run("run", "--resume", folder.toString());
        assertEquals(0, resumed.exitCode(), trial + ": " + resumed.err());
      }

      assertSameRun(folder, trial);
      assertEveryLabelCharged(folder, trial);
      Map<Path, FileTime> after = ChildPate.savedTeachers(out);
      for (Map.Entry<Path, FileTime> teacher : saved.entrySet()) {
        assertEquals(teacher.getValue(), after.get(teacher.getKey()),
            trial + ": " + teacher.getKey() + " was trained again");
      }
    }
    // The kills fell where they were meant to: mid-training, mid-labelling, and after it.
    assertTrue(killedAt.stream().anyMatch(k -> k.matches("teachers [1-5], charges 0")), killedAt
        .toString());
    assertTrue(killedAt.stream().anyMatch(k -> k.matches("teachers 6, charges ([1-9]|[1-9][0-9]"
        + "|1[0-9][0-9]|2[0-3][0-9])")), killedAt.toString());
    assertTrue(killedAt.stream().anyMatch(k -> k.equals("teachers 6, charges " + QUERIES)),
        killedAt.toString());
  }

  /** How far a killed run had got: teachers saved, charges in its ledger. */
  private static String state(Path out, Path folder) throws IOException {
    Path ledger = folder.resolve(Ledger.FILE);
    int charges = Files.exists(ledger) ? LedgerReader.readComplete(ledger).entries().size() : 0;
    return "teachers " + ChildPate.savedTeachers(out).size() + ", charges " + charges;
  }

  /**
   * Starts {@code args} in a child JVM and SIGKILLs it once it has got as far as {@code phase}
   * says ({@code n} chooses where within it), unless it ended first; returns the run folder.
   *
   * @param folder the run folder, or null for a new run (its first line names it)
   */
  private static Path killAt(List<String> args, Path out, Path folder, Phase phase, int n)
      throws Exception {
    Process child = new ProcessBuilder(ChildPate.command(args.toArray(String[]::new)))
        .redirectError(ProcessBuilder.Redirect.DISCARD).start();
    CompletableFuture<Path> named = new CompletableFuture<>();
    Thread reader = new Thread(() -> {
      try (BufferedReader lines = new BufferedReader(new InputStreamReader(
          child.getInputStream(), StandardCharsets.UTF_8))) {
        for (String line; (line = lines.readLine()) != null; ) {
          if (line.startsWith(FOLDER_LINE)) {
            named.complete(Path.of(line.substring(FOLDER_LINE.length())));
          }
        }
      } catch (IOException e) {
        // the child was killed
      }
    });
    reader.start();
    Path run = folder != null ? folder : named.get(60, TimeUnit.SECONDS);
    long readyAt = Long.MAX_VALUE;
    while (child.isAlive()) {
      boolean reached = switch (phase) {
        case TEACHERS -> ChildPate.savedTeachers(out).size() >= 1 + n % 4;
        case LABELLING -> Files.exists(run.resolve(Ledger.FILE))
            && Files.readAllLines(run.resolve(Ledger.FILE)).size() >= 2 + n % (QUERIES - 1);
        case STUDENT -> Files.exists(run.resolve("labels.csv"));
        case REPORT -> Files.exists(run.resolve("release"));
      };
      if (reached && readyAt == Long.MAX_VALUE) {
        readyAt = System.nanoTime() + (phase == Phase.STUDENT ? (n % 300) * 1_000_000L : 0);
      }
      if (System.nanoTime() >= readyAt) {
        break;
      }
      Thread.sleep(1);
    }
    child.destroyForcibly();
    assertTrue(child.waitFor(30, TimeUnit.SECONDS), "the child did not end");
    reader.join();
    return run;
  }

  /** The same queries, votes and labels, and the same privacy and aggregation figures. */
  private static void assertSameRun(Path folder, String trial) throws IOException {
    for (String file : List.of("votes.csv", "labels.csv")) {
      assertEquals(Files.readString(reference.resolve(file)), Files.readString(folder.resolve(file)),
          trial + ": " + file);
    }
    JsonNode expected = Json.mapper().readTree(reference.resolve("report.json").toFile());
    JsonNode actual = Json.mapper().readTree(folder.resolve("report.json").toFile());
    assertEquals(expected.get("privacy"), actual.get("privacy"), trial + ": privacy");
    assertEquals(withoutChoice(expected.get("aggregation")),
        withoutChoice(actual.get("aggregation")), trial + ": aggregation");
    assertEquals(ledgerCharges(reference), ledgerCharges(folder), trial + ": the ledger's charges");
  }

  /**
   * The aggregation block without each round's {@code chosen_by}, which a resumed run reports as
   * {@code recorded}: it asked the queries votes.csv recorded instead of choosing them again.
   */
  private static JsonNode withoutChoice(JsonNode aggregation) {
    JsonNode copy = aggregation.deepCopy();
    copy.path("rounds").forEach(round -> ((ObjectNode) round).remove("chosen_by"));
    return copy;
  }

  /** Every charge's query, answer and costs, in order (hashes aside). */
  private static List<String> ledgerCharges(Path folder) {
    return LedgerReader.read(folder.resolve(Ledger.FILE)).entries().stream()
        .map(e -> e.query() + " " + e.answered() + " " + e.label() + " "
            + java.util.Arrays.toString(e.spentRdp()) + " "
            + java.util.Arrays.toString(e.dataDependentRdp()))
        .toList();
  }

  /** labels.csv's answers are the ledger's, one charge per query in order. */
  private static void assertEveryLabelCharged(Path folder, String trial) throws IOException {
    List<LedgerEntry> charges = LedgerReader.read(folder.resolve(Ledger.FILE)).entries();
    List<String> labels = Files.readAllLines(folder.resolve("labels.csv"));
    assertEquals(labels.size() - 1, charges.size(), trial + ": one charge per asked query");
    for (int q = 0; q < charges.size(); q++) {
      LedgerEntry charge = charges.get(q);
      assertEquals(q, charge.query(), trial + ": charge " + q);
      String released = labels.get(q + 1).split(",", -1)[1];
      assertEquals(charge.answered() ? Integer.toString(charge.label()) : "", released,
          trial + ": query " + q + "'s label and its charge");
    }
  }

  private static Path runFolder(String output) {
    return output.lines().filter(l -> l.startsWith(FOLDER_LINE))
        .map(l -> Path.of(l.substring(FOLDER_LINE.length()))).findFirst().orElseThrow();
  }
}
