package dev.pate.config;

import static java.util.Objects.requireNonNull;

import java.nio.file.Path;
import java.util.List;

/**
 * Where results go (YAML block {@code output}).
 *
 * @param dir runs are written to {@code <dir>/<name>/<UTC timestamp>/}
 */
public record OutputConfig(Path dir) {

  static final Key<OutputConfig, Path> DIR =
      Key.of(
          "dir",
          new PathType(),
          Path.of("runs"),
          "directory results go to: a run to <dir>/<name>/<UTC timestamp>/, a study (pate sweep)"
              + " to <dir>/<name>/, trained teachers and their votes to the cache <dir>/cache/",
          OutputConfig::dir);

  static final Section<OutputConfig> SECTION =
      Section.of(
          "output", "where results are written", List.of(DIR), v -> new OutputConfig(v.get(DIR)));

  /** Checks for null only. */
  public OutputConfig {
    requireNonNull(dir, "dir");
  }
}
