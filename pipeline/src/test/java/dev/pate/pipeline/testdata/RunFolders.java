package dev.pate.pipeline.testdata;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/** Finding the run folders a test's runs wrote. */
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
}
