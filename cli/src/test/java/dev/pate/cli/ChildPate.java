package dev.pate.cli;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/** pate in a child JVM, for the tests that kill it or limit it, and what it leaves behind. */
final class ChildPate {
  private ChildPate() {}

  /** The command line that runs {@code pate args...} with this JVM's java and class path. */
  static List<String> command(String... args) {
    List<String> command = new ArrayList<>(List.of(
        Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-Djava.awt.headless=true",
        "-Dpate.repo.root=" + System.getProperty("pate.repo.root", ".."),
        "-cp", System.getProperty("java.class.path"), Main.class.getName()));
    command.addAll(List.of(args));
    return command;
  }

  /**
   * Every saved teacher model under out's cache, with its modification time. A teacher counts as
   * saved once its record (teacher-NNN.json, written after the model) exists: a kill between the
   * two leaves a model without a record, which is rightly trained again.
   */
  static Map<Path, FileTime> savedTeachers(Path out) throws IOException {
    // The child may be running: a temporary file can vanish while the cache is walked, which
    // Files.walk reports as an error; walk again then.
    for (int attempt = 0; ; attempt++) {
      try {
        return savedTeachersOnce(out);
      } catch (UncheckedIOException | NoSuchFileException vanished) {
        if (attempt == 20) {
          throw vanished;
        }
      }
    }
  }

  private static Map<Path, FileTime> savedTeachersOnce(Path out) throws IOException {
    Map<Path, FileTime> files = new HashMap<>();
    if (!Files.exists(out.resolve("cache"))) {
      return files;
    }
    try (Stream<Path> all = Files.walk(out.resolve("cache"))) {
      for (Path p : all.filter(p -> p.getFileName().toString().matches("teacher-\\d+\\.zip"))
          .filter(p -> Files.exists(p.resolveSibling(
              p.getFileName().toString().replace(".zip", ".json"))))
          .toList()) {
        files.put(p, Files.getLastModifiedTime(p));
      }
    }
    return files;
  }
}
