package dev.pate.config;

import static java.util.Objects.requireNonNull;

import java.nio.file.Path;
import java.util.List;

/**
 * Where results go (YAML block {@code output}).
 *
 * @param dir runs are written to {@code <dir>/<name>/<UTC timestamp>/}
 * @param release whether a run writes its release folder (the student and its publishable
 *     privacy statement) after training the student
 */
public record OutputConfig(Path dir, boolean release) {

  static final Key<OutputConfig, Path> DIR =
      Key.of(
          "dir",
          PathType.asWritten(),
          Path.of("runs"),
          "directory results go to: a run to <dir>/<name>/<UTC timestamp>/, a study (pate sweep)"
              + " to <dir>/<name>/, trained teachers and their votes to the cache <dir>/cache/",
          OutputConfig::dir);

  static final Key<OutputConfig, Boolean> RELEASE =
      Key.of(
          "release",
          new BooleanType(),
          true,
          "whether a run writes <run folder>/release/ after its student: the student model,"
              + " release.json (its input, classes, held-out accuracy and publishable privacy"
              + " statement) and MODEL_CARD.md; false in studies that compare settings and"
              + " release nothing",
          OutputConfig::release);

  static final Section<OutputConfig> SECTION =
      Section.of(
          "output", "where results are written", List.of(DIR, RELEASE),
          v -> new OutputConfig(v.get(DIR), v.get(RELEASE)));

  /** Checks for null only. */
  public OutputConfig {
    requireNonNull(dir, "dir");
  }
}
