package dev.pate.pipeline.testdata;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.stream.Stream;

/** Finding and copying the run folders a test's runs wrote. */
public final class RunFolders {
  private RunFolders() {}

  /** The one run folder under {@code parent} ({@code <out>/<name>}); fails if there are more. */
  public static Path only(Path parent) throws IOException {
    try (Stream<Path> s = Files.list(parent)) {
      List<Path> runs = s.toList();
      assertEquals(1, runs.size(), runs.toString());
      return runs.get(0);
    }
  }

  /** Copies a run folder with everything in it. */
  public static void copyTree(Path from, Path to) throws IOException {
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
