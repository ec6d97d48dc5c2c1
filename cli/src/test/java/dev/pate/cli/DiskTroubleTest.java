package dev.pate.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pate.ledger.Ledger;
import dev.pate.ledger.LedgerEntry;
import dev.pate.ledger.LedgerReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A disk that fills up mid-run, made real with a file size limit ({@code ulimit -f}: a write past
 * it writes what fits, then fails with "File too large"): the run stops with one line and exit
 * code 2, its ledger valid up to its last complete charge, and {@code --resume} finishes it with
 * every released label charged. (An output folder that cannot be written at all is refused before
 * any work: see {@link PreflightTest}.)
 */
class DiskTroubleTest {
  /** Kilobytes a file may grow to: teachers come from the cache, a ledger line is ~6 KB. */
  private static final int LIMIT_KB = 48;

  @TempDir Path dir;

  @Test
  void aFullDiskMidLabellingStopsWithOneLineAndTheLedgerStaysValid() throws Exception {
    Path config = Files.writeString(dir.resolve("tiny.yaml"), RunCommandTest.TINY);
    Path out = dir.resolve("out");
    assertEquals(0, Captured.run("run", config.toString(), "--out", out.toString()).exitCode());

    // The same run again, its teachers from the cache, in a shell whose files cannot grow.
    String err = runLimited(config, out);
    Path folder = newest(out.resolve("tiny"));
    Path ledger = folder.resolve(Ledger.FILE);
    assertTrue(err.startsWith("pate: cannot append to " + ledger + " (File too large); the ledger"
        + " is kept up to its last complete line ("), err);

    List<LedgerEntry> kept = LedgerReader.read(ledger).entries();
    assertTrue(kept.size() > 0 && kept.size() < 60, kept.size() + " charges");
    assertFalse(Files.exists(folder.resolve("labels.csv")));
    assertFalse(Files.exists(folder.resolve("report.json")));

    Captured resumed = Captured.run("run", "--resume", folder.toString());
    assertEquals(0, resumed.exitCode(), resumed.err());
    List<LedgerEntry> charges = LedgerReader.read(ledger).entries();
    assertEquals(60, charges.size());
    for (int q = 0; q < kept.size(); q++) {
      assertEquals(kept.get(q).hash(), charges.get(q).hash(), "charge " + q + " kept as it was");
    }
    List<String> labels = Files.readAllLines(folder.resolve("labels.csv"));
    for (int q = 0; q < charges.size(); q++) {
      LedgerEntry charge = charges.get(q);
      assertEquals(charge.answered() ? Integer.toString(charge.label()) : "",
          labels.get(q + 1).split(",", -1)[1], "query " + q + "'s label and its charge");
    }
  }

  /** Found so: a full disk while a teacher was saved was an internal error (exit 1). */
  @Test
  void aFullDiskWhileTeachersAreSavedStopsWithOneLineNamingTheFile() throws Exception {
    Path config = Files.writeString(dir.resolve("tiny.yaml"), RunCommandTest.TINY);
    String err = runLimited(config, dir.resolve("fresh"));
    assertTrue(err.matches("pate: cannot (save teacher|write) .*/teacher-00[0-5]\\.zip: File too large"),
        err);
  }

  /**
   * Runs {@code config} in a child JVM whose files cannot grow past the limit; its one line of
   * error (the line after it must say how to resume the run, whose folder exists).
   */
  private static String runLimited(Path config, Path out) throws Exception {
    List<String> command = new ArrayList<>(List.of("bash", "-c",
        "ulimit -f " + LIMIT_KB + " && exec \"$@\"", "pate"));
    command.addAll(ChildPate.command("run", config.toString(), "--out", out.toString()));
    Process child = new ProcessBuilder(command).redirectOutput(ProcessBuilder.Redirect.DISCARD)
        .start();
    String err = new String(child.getErrorStream().readAllBytes(), StandardCharsets.UTF_8)
        .strip();
    assertEquals(2, child.waitFor(), err);
    List<String> lines = err.lines().toList();
    assertEquals(2, lines.size(), err);
    assertTrue(lines.get(1).matches("pate: the run stopped before its end; finish it with: pate"
        + " run --resume .*/tiny/[0-9TZ-]+"), err);
    return lines.get(0);
  }

  private static Path newest(Path runs) throws IOException {
    try (Stream<Path> s = Files.list(runs)) {
      return s.max(java.util.Comparator.comparing(Path::getFileName)).orElseThrow();
    }
  }
}
