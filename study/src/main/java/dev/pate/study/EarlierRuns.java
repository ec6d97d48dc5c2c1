package dev.pate.study;

import com.fasterxml.jackson.databind.JsonNode;
import dev.pate.config.ConfigLoader;
import dev.pate.config.ConfigWriter;
import dev.pate.config.RunConfig;
import dev.pate.datasets.ImageShape;
import dev.pate.files.UserError;
import dev.pate.pipeline.cache.TeacherCache;
import dev.pate.pipeline.output.Json;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * What the single-label runs finished under an output folder measured, for a dry run's costs:
 * every run ({@code <name>/<time>/}) and study point ({@code <study>/points/<id>/}) there, each a
 * report.json beside the config.yaml it ran. So a new study is estimated from the students and
 * labelling of the studies before it, not only from its own finished points.
 *
 * <p>A folder whose config no longer loads (written by an earlier version of pate) or whose report
 * has no student is left out: it could only have refined an estimate, and the estimate says how
 * many trainings it was measured on.
 *
 * @param students each finished student's training: its network, engine, seconds, image-epochs
 * @param labellingSeconds the runs' labelling time, in all
 * @param queriesAsked the queries those runs asked, in all
 */
record EarlierRuns(List<CostModel.Sample> students, double labellingSeconds, long queriesAsked) {

  static EarlierRuns under(Path outDir) {
    List<CostModel.Sample> students = new ArrayList<>();
    double labellingSeconds = 0;
    long queriesAsked = 0;
    Path cacheRoot = TeacherCache.under(outDir).root();
    for (Path top : folders(outDir)) {
      if (cacheRoot.startsWith(top)) {
        continue;
      }
      List<Path> runs = new ArrayList<>(folders(top));
      runs.addAll(folders(top.resolve("points")));
      for (Path run : runs) {
        Finished finished = Finished.in(run);
        if (finished == null) {
          continue;
        }
        labellingSeconds += finished.report.at("/private/timings/aggregation_seconds").asDouble();
        queriesAsked += finished.report.at("/aggregation/queries_asked").asLong();
        JsonNode student = finished.report.path("student");
        if (student.has("training_examples") && student.has("engine")) {
          students.add(new CostModel.Sample(ConfigWriter.values(finished.config),
              "student.network.", student.get("engine").asText(),
              finished.report.at("/private/timings/student_seconds").asDouble(),
              CostModel.studentImageEpochs(finished.config,
                  student.get("training_examples").asDouble(),
                  student.path("unlabelled_examples").asDouble()),
              guessed(finished)));
        }
      }
    }
    return new EarlierRuns(students, labellingSeconds, queriesAsked);
  }

  /**
   * The size guess of the run's student network per image-epoch on one thread ({@link
   * CostModel#guess}), from the image shape its report names ({@code "28x28"}, {@code
   * "32x32x3"}); NaN for a table, whose encoded width the report does not give.
   */
  private static double guessed(Finished finished) {
    JsonNode shape = finished.report.at("/dataset/image_shape");
    if (!shape.isTextual()) {
      return Double.NaN;
    }
    try {
      ImageShape image = ImageShape.parse(shape.asText());
      return CostModel.guess(finished.config.student().network(), image.height(), image.width());
    } catch (IllegalArgumentException e) {
      // Only an estimate: a report it cannot read adds no scale, as an unreadable run adds no
      // sample (Finished.in).
      return Double.NaN;
    }
  }

  /** Seconds and queries of the labelling, as {@link StudyPlanner#labellingCost} takes them. */
  double[] labelling() {
    return new double[] {labellingSeconds, queriesAsked};
  }

  /** A finished single-label run: its config and report. */
  private record Finished(RunConfig config, JsonNode report) {
    /** The run in {@code folder}, or null if there is none, it is unfinished, or multi-label. */
    static Finished in(Path folder) {
      Path report = folder.resolve("report.json");
      Path config = folder.resolve("config.yaml");
      if (!Files.isRegularFile(report) || !Files.isRegularFile(config)) {
        return null;
      }
      try {
        RunConfig loaded = ConfigLoader.load(config, List.of());
        return loaded.multiLabel().enabled() ? null
            : new Finished(loaded, Json.mapper().readTree(report.toFile()));
      } catch (UserError | IOException e) {
        return null;
      }
    }
  }

  private static List<Path> folders(Path dir) {
    if (!Files.isDirectory(dir)) {
      return List.of();
    }
    try (Stream<Path> list = Files.list(dir)) {
      return list.filter(Files::isDirectory).sorted().toList();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot list " + dir, e);
    }
  }
}
