package dev.pate.fuzz;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/**
 * The scratch folder fuzz inputs are written to (the readers take files), one per test JVM and
 * removed when it exits; a file of one name is overwritten by each try.
 */
public final class FuzzFiles {
  private static Path folder;

  private FuzzFiles() {}

  /** Writes {@code bytes} as {@code name} in the scratch folder. */
  public static Path write(String name, byte[] bytes) {
    try {
      return Files.write(folder().resolve(name), bytes);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The scratch folder, made on first use. */
  public static synchronized Path folder() {
    if (folder == null) {
      try {
        folder = Files.createTempDirectory("pate-fuzz");
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
      Path made = folder;
      Runtime.getRuntime().addShutdownHook(new Thread(() -> delete(made)));
    }
    return folder;
  }

  private static void delete(Path root) {
    try (Stream<Path> all = Files.walk(root)) {
      for (Path p : all.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(p);
      }
    } catch (IOException e) {
      // a temporary folder left behind is harmless
    }
  }
}
