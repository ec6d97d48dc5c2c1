package dev.pate.study;

import com.fasterxml.jackson.databind.JsonNode;
import dev.pate.config.ConfigWriter;
import dev.pate.config.Study;
import dev.pate.config.StudyPoint;
import dev.pate.config.SweepAxis;
import dev.pate.files.AtomicFiles;
import dev.pate.files.Sha256;
import dev.pate.pipeline.output.Json;
import dev.pate.files.UserError;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * {@code <out>/<name>/}: a study's folder. Each point runs in {@code points/<id>/}, where the id
 * is a hash of the point's config, so that running the same study again (or a study whose grid
 * grew) finds the points it finished; a point is finished when its report.json exists. The study's
 * own files (study.json, results.csv, the plots, report.html) are rewritten atomically at each run.
 */
public final class StudyFolder {
  public static final String INDEX = "study.json";

  private final Path path;

  StudyFolder(Path path) {
    this.path = path;
  }

  public static StudyFolder of(Path outDir, String name) {
    return new StudyFolder(outDir.resolve(name));
  }

  public Path path() {
    return path;
  }

  /**
   * Keys added after points were first filed, at the value that does what configs without them
   * did: left out of the hashed config, so that a study run again after the upgrade finds the
   * points it finished instead of running (and charging) them again.
   */
  private static final Map<String, String> LEFT_OUT_OF_ID = Map.of("teachers.method",
      "supervised");

  /** The point's folder, relative to the study folder. */
  static String relative(StudyPoint point) {
    return "points/" + Sha256.of(ConfigWriter.toYaml(point.config(), LEFT_OUT_OF_ID))
        .substring(0, 12);
  }

  Path point(StudyPoint point) {
    return path.resolve(relative(point));
  }

  boolean finished(StudyPoint point) {
    return Files.exists(point(point).resolve("report.json"));
  }

  /** The report.json of a finished point. */
  JsonNode report(StudyPoint point) {
    Path file = point(point).resolve("report.json");
    try {
      return Json.mapper().readTree(file.toFile());
    } catch (IOException e) {
      throw new UserError("cannot read " + file + ": " + e.getMessage(), e);
    }
  }

  void status(StudyPoint point, PointStatus status) {
    AtomicFiles.writeString(point(point).resolve("status.json"), Json.write(status));
  }

  void write(String relative, String content) {
    AtomicFiles.writeString(path.resolve(relative), content);
  }

  void write(String relative, byte[] content) {
    AtomicFiles.writeBytes(path.resolve(relative), content);
  }

  /** study.json: what the study is (its source, grid and points), for people and tools. */
  void writeIndex(Study study, String source, List<String> overrides) {
    List<Index.Point> points = study.points().stream()
        .map(p -> new Index.Point(p.index(), relative(p), p.label(), p.coordinates()))
        .toList();
    write(INDEX, Json.write(new Index(study.name(), source, overrides, study.axes(), points,
        study.notes())));
  }

  /** The contents of study.json. */
  record Index(String name, String source, List<String> overrides, List<SweepAxis> axes,
      List<Point> points, List<String> notes) {
    record Point(int index, String folder, String label, Map<String, String> coordinates) {}
  }
}
