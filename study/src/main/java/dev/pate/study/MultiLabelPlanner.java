package dev.pate.study;

import com.fasterxml.jackson.databind.JsonNode;
import dev.pate.config.ConfigWriter;
import dev.pate.config.MultiDigitConfig;
import dev.pate.config.RunConfig;
import dev.pate.config.StudyPoint;
import dev.pate.datasets.multilabel.MultiDigitCanvases;
import dev.pate.files.UserError;
import dev.pate.pipeline.PatePipeline;
import dev.pate.pipeline.cache.EnsembleKey;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * {@code --dry-run} of a multi-label study (or run): the grid and its estimated cost, from the
 * configs alone (the canvases are generated from the seed, so nothing is read). Points of equal
 * teacher settings ({@link EnsembleKey#settings}: seed, data set and canvases, teachers) share one
 * ensemble, as the teacher cache keys multi-label ensembles by them; the cache itself is not
 * consulted (its keys need the generated canvases), so an ensemble trained before is counted as
 * still to train. Costs are measured on the finished points of the study where it has some, else
 * guessed from the networks' sizes ({@link CostModel}).
 */
final class MultiLabelPlanner {
  /** A canvas: {@value MultiDigitCanvases#SLOTS} MNIST digit slots of 28 x 28 side by side. */
  private static final int ROWS = 28;

  private static final int COLS = 28 * MultiDigitCanvases.SLOTS;

  private MultiLabelPlanner() {}

  /** The teachers of one ensemble and the first point that trains them. */
  private record Ensemble(int firstPoint, RunConfig config) {
    int count() {
      return config.teachers().count();
    }

    /** Each private canvas is in one teacher's block, once per epoch. */
    double imageEpochs() {
      return (double) canvases(config).privateCanvases() * config.teachers().network().epochs();
    }
  }

  /**
   * The plan as text: one line per point, then the estimated cost.
   *
   * @param folder the study's folder (its finished points cost nothing), or where a run would go
   */
  static String plan(String name, List<StudyPoint> points, List<String> sweptKeys, Path folder) {
    if (points.get(0).config().dataset().multidigit().isEmpty()) {
      // The cost follows from the number of private examples, which only the generated canvases
      // state in the config; a table's or a folder's is known once read.
      throw new UserError("dataset.name: " + points.get(0).config().dataset().name().id()
          + ": a multi-label --dry-run estimates costs on the generated canvases"
          + " (mnist-multidigit) only; run the sweep itself, or plan one point with pate plan");
    }
    StudyFolder studyFolder = new StudyFolder(folder);
    Map<Map<String, String>, Ensemble> ensembles = new LinkedHashMap<>();
    List<List<String>> table = new ArrayList<>();
    List<String> header = new ArrayList<>(List.of("point"));
    header.addAll(sweptKeys);
    header.addAll(List.of("mechanism", "teachers", "votes", "student", "status"));
    table.add(header);
    List<CostModel.Sample> measured = new ArrayList<>();
    double[] labelled = new double[2]; // seconds and queries of finished points
    long queries = 0;
    double votes = 0;
    double studentImageEpochs = 0;
    List<RunConfig> students = new ArrayList<>();
    int finished = 0;
    for (StudyPoint point : points) {
      RunConfig config = point.config();
      List<String> row = new ArrayList<>(List.of(Integer.toString(point.index())));
      sweptKeys.forEach(k -> row.add(point.coordinates().get(k)));
      row.add(config.multiLabel().kind().id());
      if (studyFolder.finished(point)) {
        finished++;
        JsonNode report = studyFolder.report(point);
        measured.addAll(samples(report, config));
        labelled[0] += report.at("/private/timings/labelling_seconds").asDouble();
        labelled[1] += report.at("/aggregation/queries_asked").asDouble();
        row.addAll(List.of("-", "-", "-", "finished"));
        table.add(row);
        continue;
      }
      PointRefusal.naming(point, () -> PatePipeline.builder(config).build().checkPlan());
      Map<String, String> settings = EnsembleKey.settings(config);
      Ensemble ensemble = ensembles.get(settings);
      if (ensemble == null) {
        ensemble = new Ensemble(point.index(), config);
        ensembles.put(settings, ensemble);
        row.add("train " + ensemble.count());
      } else {
        row.add("as point " + ensemble.firstPoint());
      }
      int asked = config.aggregator().queries();
      queries += asked;
      votes += (double) asked * ensemble.count();
      row.add(asked + " x " + ensemble.count() + " teachers");
      if (config.student().train()) {
        studentImageEpochs += studentImageEpochs(config);
        students.add(config);
        row.add(asked + (config.multiLabel().poolConfidence().isPresent()
            ? " (then + pool " + config.dataset().queryPool() + ")" : "") + " x "
            + config.student().network().epochs() + " epochs");
      } else {
        row.add("-");
      }
      row.add("to run");
      table.add(row);
    }
    CostModel costs = new CostModel(measured);
    StringBuilder out = new StringBuilder();
    out.append(String.format(Locale.ROOT, "%s: %d multi-label point%s (%d finished before) in"
        + " %s%n", name, points.size(), points.size() == 1 ? "" : "s", finished, folder));
    out.append(ResultsTable.aligned(table));
    out.append("estimated cost (one ensemble per distinct teacher settings):\n");
    double seconds = teacherCost(ensembles.values(), costs, out);
    seconds += voteCost(ensembles.values(), votes, costs, out);
    seconds += StudyPlanner.labellingCost(queries, labelled, "the finished points", out);
    seconds += studentCost(students, studentImageEpochs, costs, out);
    out.append(String.format(Locale.ROOT, "  total      about %s, plus the canvases generated"
        + " at each point (seconds)%n", StudyPlanner.duration(seconds)));
    return out.toString();
  }

  private static double teacherCost(Iterable<Ensemble> ensembles, CostModel costs,
      StringBuilder out) {
    List<StudyPlanner.TeacherWork> work = new ArrayList<>();
    ensembles.forEach(e -> work.add(new StudyPlanner.TeacherWork(e.config(), e.count(),
        e.imageEpochs(), ROWS, COLS)));
    return StudyPlanner.teacherCost(work, " the cache not consulted", costs, out);
  }

  /** Every point's teachers vote on its queries (a forward pass each). */
  private static double voteCost(Iterable<Ensemble> ensembles, double votes, CostModel costs,
      StringBuilder out) {
    Ensemble any = ensembles.iterator().hasNext() ? ensembles.iterator().next() : null;
    double seconds = any == null ? 0 : votes * CostModel.FORWARD_SHARE
        * costs.teachers(any.config(), ROWS, COLS).secondsPerImageEpoch()
        / any.config().teachers().workers();
    out.append(String.format(Locale.ROOT, "  votes      %,.0f teacher predictions on query"
        + " canvases: %s%n", votes, StudyPlanner.duration(seconds)));
    return seconds;
  }

  private static double studentCost(List<RunConfig> students, double imageEpochs,
      CostModel costs, StringBuilder out) {
    if (students.isEmpty()) {
      out.append("  students   none (student.train is false, or every point finished)\n");
      return 0;
    }
    CostModel.Estimate cost = costs.student(students.get(0), ROWS, COLS);
    double seconds = imageEpochs * cost.secondsPerImageEpoch();
    out.append(String.format(Locale.ROOT, "  students   %d, up to %,.0f image-epochs at %s: %s%n",
        students.size(), imageEpochs, cost, StudyPlanner.duration(seconds)));
    return seconds;
  }

  /**
   * A student's canvas-epochs when every query is answered: the answers once per epoch; with
   * {@code multi_label.pool_confidence} a first student on them scores the rest of the pool (a
   * forward pass) and a second trains on the answers and the pool.
   */
  static double studentImageEpochs(RunConfig config) {
    int epochs = config.student().network().epochs();
    double answers = config.aggregator().queries();
    if (config.multiLabel().poolConfidence().isEmpty()) {
      return answers * epochs;
    }
    double pool = config.dataset().queryPool();
    return answers * epochs + CostModel.FORWARD_SHARE * (pool - answers) + pool * epochs;
  }

  /** The teachers' and the student's training of a finished point, for measured costs. */
  private static List<CostModel.Sample> samples(JsonNode report, RunConfig config) {
    Map<String, String> values = ConfigWriter.values(config);
    List<CostModel.Sample> samples = new ArrayList<>();
    double teacherSeconds = report.at("/private/timings/teachers_seconds").asDouble();
    int count = config.teachers().count();
    // Teachers taken from the cache cost nothing: only those the point trained are measured.
    JsonNode trainedNode = report.at("/teachers/private/cache/teachers_trained");
    int trained = trainedNode.isNumber() ? trainedNode.asInt() : count;
    if (trained > 0) {
      // Per worker, as the cost model counts it: the workers trained side by side.
      int workers = Math.min(config.teachers().workers(), trained);
      samples.add(new CostModel.Sample(values, "teachers.network.",
          config.teacherEngine().cacheId(), teacherSeconds * workers,
          new Ensemble(0, config).imageEpochs() * trained / count));
    }
    JsonNode student = report.get("student");
    if (student != null && !student.isNull()) {
      samples.add(new CostModel.Sample(values, "student.network.",
          config.studentEngine().id(), report.at("/private/timings/student_seconds").asDouble(),
          studentImageEpochs(config)));
    }
    return samples;
  }

  private static MultiDigitConfig canvases(RunConfig config) {
    return config.dataset().multidigit().orElseThrow();
  }
}
