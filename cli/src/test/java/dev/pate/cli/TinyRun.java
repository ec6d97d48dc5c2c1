package dev.pate.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
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

  /** Copies a run folder with everything in it. */
  static void copyTree(Path from, Path to) throws IOException {
    List<Path> files;
    try (Stream<Path> s = Files.walk(from)) {
      files = s.toList();
    }
    for (Path source : files) {
      Path target = to.resolve(from.relativize(source).toString());
      if (Files.isDirectory(source)) {
        Files.createDirectories(target);
      } else {
        Files.copy(source, target, StandardCopyOption.COPY_ATTRIBUTES);
      }
    }
  }
}
