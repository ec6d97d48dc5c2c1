package dev.pate.cli;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;

/** {@code <out>/<name>/<UTC timestamp>/}: one folder per run, never reused. */
final class RunFolder {
  private static final DateTimeFormatter STAMP =
      DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmss'Z'").withZone(ZoneOffset.UTC);

  private final Path path;

  private RunFolder(Path path) {
    this.path = path;
  }

  /** Creates a fresh folder; a second run in the same second gets a numeric suffix. */
  static RunFolder create(Path outDir, String name, Instant now) {
    Path parent = outDir.resolve(name);
    String stamp = STAMP.format(now);
    try {
      Files.createDirectories(parent);
      for (int attempt = 0; ; attempt++) {
        Path candidate = parent.resolve(attempt == 0 ? stamp : stamp + "-" + attempt);
        try {
          return new RunFolder(Files.createDirectory(candidate));
        } catch (FileAlreadyExistsException taken) {
          // Another run started in the same second: try the next suffix.
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot create run folder under " + parent + ": "
          + e.getMessage(), e);
    }
  }

  Path path() {
    return path;
  }

  /** Writes a file of the run atomically (relative name, folders created as needed). */
  void write(String relative, String content) {
    AtomicFiles.writeString(path.resolve(relative), content);
  }
}
