package dev.pate.pipeline.settings;

import static java.util.Objects.requireNonNull;

import java.nio.file.Path;

/**
 * Where a run writes (the YAML block {@code output}): runs go to {@code
 * <dir>/<name>/<UTC timestamp>/}, the teacher cache to {@code <dir>/cache/}.
 *
 * @param dir the output directory
 * @param release whether a run with a guarantee publishes its student (the run folder's {@code
 *     release/})
 */
public record OutputSettings(Path dir, boolean release) {

  /** Checks for nulls. */
  public OutputSettings {
    requireNonNull(dir, "dir");
  }

  /** Runs under {@code dir}, releasing the student of a run with a guarantee. */
  public static OutputSettings to(Path dir) {
    return new OutputSettings(dir, true);
  }

  /** The same place, publishing no student. */
  public OutputSettings withoutRelease() {
    return new OutputSettings(dir, false);
  }
}
