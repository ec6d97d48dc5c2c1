package dev.pate.pipeline.output;

import dev.pate.config.ConfigWriter;
import dev.pate.config.RunConfig;
import dev.pate.files.AtomicFiles;
import dev.pate.files.FileModes;
import dev.pate.files.UserError;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;

/**
 * {@code <out>/<name>/<UTC timestamp>/}: one folder per run, never reused. It is the data owner's
 * private record, so it and every file written into it are owner-only ({@link FileModes}); only
 * its {@code release/} is made readable by others.
 */
public final class RunFolder {
  private static final DateTimeFormatter STAMP =
      DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmss'Z'").withZone(ZoneOffset.UTC);

  private final Path path;

  private RunFolder(Path path) {
    this.path = path;
  }

  /**
   * Creates a fresh, owner-only folder (and {@code <out>/<name>/} owner-only if it is new); a
   * second run in the same second gets a numeric suffix.
   */
  public static RunFolder create(Path outDir, String name, Instant now) {
    Path parent = outDir.resolve(name);
    String stamp = STAMP.format(now);
    try {
      FileModes.createPrivateFolders(parent);
      for (int attempt = 0; ; attempt++) {
        Path candidate = parent.resolve(attempt == 0 ? stamp : stamp + "-" + attempt);
        try {
          return new RunFolder(Files.createDirectory(candidate,
              FileModes.privateFolder(candidate)));
        } catch (FileAlreadyExistsException taken) {
          // Another run started in the same second: try the next suffix.
        }
      }
    } catch (IOException e) {
      throw new UserError("cannot create run folder under " + parent + ": "
          + e.getMessage(), e);
    }
  }

  /**
   * Deletes a new run's folder that nothing ran in (only what the run wrote before it was refused:
   * its config, its noise plan), so that a refused run leaves no unfinished run behind.
   */
  public void delete() {
    try (java.util.stream.Stream<Path> files = Files.walk(path)) {
      for (Path p : files.sorted(java.util.Comparator.reverseOrder()).toList()) {
        Files.delete(p);
      }
      // <out>/<name>/ too, if this was its only run.
      try (java.util.stream.Stream<Path> others = Files.list(path.getParent())) {
        if (others.findAny().isEmpty()) {
          Files.delete(path.getParent());
        }
      }
    } catch (IOException e) {
      throw new UserError("cannot remove " + path + ": " + e.getMessage(), e);
    }
  }

  /** An interrupted run's folder, to finish it; a finished run (with report.json) is refused. */
  public static RunFolder existing(Path folder) {
    if (!Files.isRegularFile(folder.resolve("config.yaml"))) {
      throw new UserError(folder + ": not a run folder (no config.yaml)");
    }
    if (Files.exists(folder.resolve("report.json"))) {
      throw new UserError(folder + ": already finished (report.json exists); nothing to resume");
    }
    return new RunFolder(folder);
  }

  /**
   * The folder of a study point: created with its config.yaml on first use; after an
   * interruption, the same folder (its config.yaml must be this config's), to be finished.
   */
  public static RunFolder point(Path folder, RunConfig config) {
    String yaml = ConfigWriter.toYaml(config);
    Path file = folder.resolve("config.yaml");
    if (Files.exists(file)) {
      try {
        if (!Files.readString(file).equals(yaml)) {
          throw new UserError(file + ": another config than this point's; the study folder was"
              + " changed (delete the point's folder to run it again)");
        }
      } catch (IOException e) {
        throw new UserError("cannot read " + file + ": " + e.getMessage(), e);
      }
      return existing(folder);
    }
    RunFolder created = new RunFolder(folder);
    created.write("config.yaml", yaml);
    return created;
  }

  /**
   * Refuses a folder the run could not write into: {@code dir} itself, or the folder it would be
   * created in, must be a folder where a file can be made. Checked by making (and deleting) one,
   * since permission bits do not tell (root ignores them, a read-only mount is not in them).
   *
   * @throws UserError naming the folder and why
   */
  public static void requireWritable(Path dir) {
    Path existing = dir.toAbsolutePath().normalize();
    while (existing.getParent() != null && !Files.exists(existing)) {
      existing = existing.getParent();
    }
    if (!Files.isDirectory(existing)) {
      throw new UserError(dir + ": cannot be written: " + existing + " is not a folder");
    }
    try {
      Files.delete(Files.createTempFile(existing, ".pate-write-check-", ".tmp"));
    } catch (IOException e) {
      throw new UserError(dir + ": cannot be written (" + (e.getMessage() == null
          ? e.getClass().getSimpleName() : e.getClass().getSimpleName() + ": "
          + e.getMessage()) + ")", e);
    }
  }

  public Path path() {
    return path;
  }

  /** Writes a file of the run atomically (relative name, folders created as needed). */
  public void write(String relative, String content) {
    AtomicFiles.writeString(path.resolve(relative), content);
  }
}
