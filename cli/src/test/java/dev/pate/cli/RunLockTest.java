package dev.pate.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * One process per run folder (issue 30: a {@code --resume} of a run still going was accepted, and
 * both processes wrote {@code release/}). A child JVM runs pate; once it prints its run folder
 * (which it then holds), a {@code --resume} of that folder from this JVM is refused in one line
 * naming the child's pid. Then the child is stopped as Ctrl-C would stop it, and it says how to
 * resume. Nothing waits on time: the test waits for the child's line, then for its end.
 */
class RunLockTest {
  private static final String FOLDER_LINE = "pate: run folder ";

  /** Long enough that the child is surely still training when it is stopped. */
  private static final String SLOW = RunCommandTest.TINY.replace("epochs: 4", "epochs: 200");

  @TempDir Path dir;

  @Test
  void aResumeOfARunFolderInUseIsRefusedNamingTheHoldersPid() throws Exception {
    assertTrue(SLOW.contains("epochs: 200"));
    Path config = Files.writeString(dir.resolve("slow.yaml"), SLOW);
    Path err = dir.resolve("child.err");
    Process child = new ProcessBuilder(ChildPate.command("run", config.toString(), "--out",
        dir.resolve("runs").toString()))
        .redirectError(err.toFile()).start();
    try (BufferedReader lines = new BufferedReader(new InputStreamReader(
        child.getInputStream(), StandardCharsets.UTF_8))) {
      Path folder = null;
      for (String line; folder == null && (line = lines.readLine()) != null; ) {
        if (line.startsWith(FOLDER_LINE)) {
          folder = Path.of(line.substring(FOLDER_LINE.length()));
        }
      }
      assertTrue(folder != null, "the child printed no run folder: " + Files.readString(err));
      assertTrue(child.isAlive(), "the child ended before it was stopped");

      Captured second = Captured.run("run", "--resume", folder.toString());
      assertEquals(2, second.exitCode(), second.err());
      assertEquals(1, second.err().lines().count(), second.err());
      assertTrue(second.err().contains("in use by another pate process (pid " + child.pid()
          + ","), second.err());
      assertFalse(Files.exists(folder.resolve("report.json")));

      child.destroy(); // SIGTERM: the JVM shuts down and runs its hooks, as on Ctrl-C
      assertTrue(child.waitFor(60, TimeUnit.SECONDS));
      assertTrue(Files.readString(err).contains("finish it with: pate run --resume " + folder),
          Files.readString(err));
    } finally {
      child.destroyForcibly();
    }
  }
}
