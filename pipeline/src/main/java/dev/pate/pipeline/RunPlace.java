package dev.pate.pipeline;

import dev.pate.config.ConfigWriter;
import dev.pate.config.RunConfig;
import dev.pate.pipeline.cache.TeacherCache;
import dev.pate.pipeline.report.RunFolder;
import java.nio.file.Path;
import java.time.Instant;
import java.util.function.Function;

/**
 * Where a run writes: how its folder is opened (once its data has loaded, so bad data leaves no
 * empty folder), the teacher cache it reads and fills, and whether the run folder gets its own
 * links to the teacher files (a run's does; a study point's refers to the cache).
 */
public record RunPlace(Function<RunConfig, RunFolder> opener, TeacherCache cache,
    boolean linkTeachers) {

  /** A new run in a fresh {@code <outDir>/<name>/<UTC timestamp>/}, caching under outDir. */
  public static RunPlace newRun(Path outDir) {
    return new RunPlace(config -> {
      RunFolder folder = RunFolder.create(outDir, config.name(), Instant.now());
      folder.write("config.yaml", ConfigWriter.toYaml(config));
      return folder;
    }, TeacherCache.under(outDir), true);
  }

  /** An interrupted run, finished in its own folder. */
  public static RunPlace resume(Path runFolder, Path outDir) {
    return new RunPlace(config -> RunFolder.existing(runFolder), TeacherCache.under(outDir), true);
  }

  /** A point of a study, in its own folder (made on first use, resumed after an interruption). */
  public static RunPlace point(Path pointFolder, Path outDir) {
    return new RunPlace(config -> RunFolder.point(pointFolder, config), TeacherCache.under(outDir),
        false);
  }

  RunFolder open(RunConfig config) {
    return opener.apply(config);
  }
}
