package dev.pate.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

/**
 * {@link RunCommandTest#TINY}, run by {@code pate run} for tests that inspect a finished run, and
 * copies of run folders for tests that resume one.
 */
final class TinyRun {
  private TinyRun() {}

  /** Runs it with {@code --out out} (its config written in {@code dir}); returns the run folder. */
  static Path run(Path dir, Path out) throws IOException {
    Path config = Files.writeString(dir.resolve("tiny.yaml"), RunCommandTest.TINY);
    Captured c = Captured.run("run", config.toString(), "--out", out.toString());
    assertEquals(0, c.exitCode(), c.err());
    try (Stream<Path> runs = Files.list(out.resolve("tiny"))) {
      return runs.findFirst().orElseThrow();
    }
  }

}
