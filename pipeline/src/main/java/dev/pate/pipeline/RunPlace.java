package dev.pate.pipeline;

import dev.pate.config.ConfigWriter;
import dev.pate.config.RunConfig;
import dev.pate.pipeline.cache.TeacherCache;
import dev.pate.pipeline.output.RunFolder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * Where a run writes: a new run's folder (opened once its data has loaded, so bad data leaves no
 * empty folder), an interrupted run's, or a study point's; the teacher cache it reads and fills;
 * and whether the run folder gets its own links to the teacher files (a run's does; a study
 * point's refers to the cache). What is there already is checked before anything expensive
 * starts (see {@link Preflight}).
 *
 * @param kind which of the three
 * @param path the output folder of a new run (its folder is {@code <path>/<name>/<UTC
 *     timestamp>/}), else the run's or point's own folder
 * @param cache the teacher cache
 */
public record RunPlace(Kind kind, Path path, TeacherCache cache) {

  /** A new run, a resumed run, or a study point (new, or begun before and interrupted). */
  public enum Kind { NEW, RESUMED, POINT }

  public RunPlace {
    Objects.requireNonNull(kind, "kind");
    Objects.requireNonNull(path, "path");
    Objects.requireNonNull(cache, "cache");
  }

  /** A new run in a fresh {@code <outDir>/<name>/<UTC timestamp>/}, caching under outDir. */
  public static RunPlace newRun(Path outDir) {
    return new RunPlace(Kind.NEW, outDir, TeacherCache.under(outDir));
  }

  /** An interrupted run, finished in its own folder. */
  public static RunPlace resume(Path runFolder, Path outDir) {
    return new RunPlace(Kind.RESUMED, runFolder, TeacherCache.under(outDir));
  }

  /** A point of a study, in its own folder (made on first use, resumed after an interruption). */
  public static RunPlace point(Path pointFolder, Path outDir) {
    return new RunPlace(Kind.POINT, pointFolder, TeacherCache.under(outDir));
  }

  /**
   * The output folder the run's cache is under ({@link TeacherCache#under}: {@code
   * <out>/cache/teachers}): where the data sets' budgets are kept by default.
   */
  public Path outputDir() {
    return cache.root().getParent().getParent();
  }

  /** Whether the run folder gets its own links to the teacher files. */
  boolean linkTeachers() {
    return kind != Kind.POINT;
  }

  /**
   * The folder of a run begun before, whose records must be checked before the run goes on: a
   * resumed run's, or a study point's that has its config.yaml. Empty for a run not begun yet.
   */
  Optional<Path> begun() {
    return switch (kind) {
      case NEW -> Optional.empty();
      case RESUMED -> Optional.of(path);
      case POINT -> Files.exists(path.resolve("config.yaml")) ? Optional.of(path)
          : Optional.empty();
    };
  }

  /** The folder the run will write into (a new run's: the folder its timestamped one goes in). */
  Path writesUnder(RunConfig config) {
    return kind == Kind.NEW ? path.resolve(config.name()) : path;
  }

  /** Opens the run's folder: creates a new one, or checks and returns the existing one. */
  RunFolder open(RunConfig config) {
    return switch (kind) {
      case NEW -> {
        RunFolder folder = RunFolder.create(path, config.name(), Instant.now());
        folder.write("config.yaml", ConfigWriter.toYaml(config));
        yield folder;
      }
      case RESUMED -> RunFolder.existing(path);
      case POINT -> RunFolder.point(path, config);
    };
  }
}
