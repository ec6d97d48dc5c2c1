package dev.pate.study;

import dev.pate.config.RunConfig;
import dev.pate.config.StudyPoint;
import dev.pate.datasets.Dataset;
import dev.pate.ensemble.nn.InputShape;
import dev.pate.pipeline.PatePipeline;
import dev.pate.pipeline.RunInputs;
import dev.pate.pipeline.cache.EnsembleKey;
import dev.pate.pipeline.cache.TeacherCache;
import dev.pate.pipeline.labelling.Labelling;
import dev.pate.student.StudentMethod;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * {@code --dry-run}: what a study (or a single run) would do and what it would cost, without
 * training or writing anything. The data is loaded (it decides the cache keys), so the plan knows
 * exactly which ensembles the cache holds, which teachers an interrupted training saved, which
 * votes are cached, and which points a study finished before. A multi-label study is planned by
 * {@link MultiLabelPlanner}.
 */
public final class StudyPlanner {
  /** Labelling one query, measured on the 2-core development machine. */
  private static final double GUESSED_SECONDS_PER_QUERY = 5e-3;

  private final Path outDir;
  private final Path dataDir;
  private final TeacherCache cache;

  /** An ensemble the plan needs: the first point that needs it, and what it costs. */
  private static final class EnsemblePlan {
    final int firstPoint;
    final RunConfig config;
    final RunInputs inputs;
    final int saved;
    final Set<Integer> voted;
    long newVotes;

    EnsemblePlan(int firstPoint, RunConfig config, RunInputs inputs, int saved,
        Set<Integer> voted) {
      this.firstPoint = firstPoint;
      this.config = config;
      this.inputs = inputs;
      this.saved = saved;
      this.voted = voted;
    }

    int count() {
      return config.teachers().count();
    }

    int toTrain() {
      return count() - saved;
    }

    /** Image-epochs of the teachers still to train (partitions differ in size by at most 1). */
    double imageEpochs() {
      double perTeacher = inputs.partitions().examplesUsed() / (double) count();
      return toTrain() * CostModel.teacherImageEpochs(config, perTeacher,
          inputs.publicSplit().pool().size());
    }
  }

  public StudyPlanner(Path outDir, Path dataDir) {
    this.outDir = outDir;
    this.dataDir = dataDir;
    this.cache = TeacherCache.under(outDir);
  }

  /**
   * The plan as text: one line per point, then the estimated cost.
   *
   * @param folder the study's folder (its finished points cost nothing), or where a run would go
   */
  public String plan(String name, List<StudyPoint> points, List<String> sweptKeys, Path folder) {
    if (points.get(0).config().multiLabel().enabled()) {
      return MultiLabelPlanner.plan(name, points, sweptKeys, folder);
    }
    StudyFolder studyFolder = new StudyFolder(folder);
    Map<Map<String, String>, EnsemblePlan> ensembles = new LinkedHashMap<>();
    List<List<String>> table = new ArrayList<>();
    List<String> header = new ArrayList<>(List.of("point"));
    header.addAll(sweptKeys);
    header.addAll(List.of("teachers", "votes", "student", "status"));
    table.add(header);
    long queriesToLabel = 0;
    double studentImageEpochs = 0;
    List<RunConfig> students = new ArrayList<>();
    int finished = 0;
    for (StudyPoint point : points) {
      List<String> row = new ArrayList<>(List.of(Integer.toString(point.index())));
      sweptKeys.forEach(k -> row.add(point.coordinates().get(k)));
      if (studyFolder.finished(point)) {
        finished++;
        row.addAll(List.of("-", "-", "-", "finished"));
        table.add(row);
        continue;
      }
      RunConfig config = point.config();
      PointRefusal.naming(point, () -> pipeline(config).checkPlan());
      Map<String, String> settings = EnsembleKey.settings(config);
      EnsemblePlan ensemble = ensembles.get(settings);
      if (ensemble == null) {
        ensemble = ensemble(point.index(), config);
        ensembles.put(settings, ensemble);
        row.add(ensemble.saved == ensemble.count() ? "cached (" + ensemble.count() + ")"
            : "train " + ensemble.toTrain()
                + (ensemble.saved > 0 ? " (" + ensemble.saved + " saved)" : ""));
      } else {
        row.add("as point " + ensemble.firstPoint);
      }
      Dataset queries = pipeline(config).firstRoundQueries(ensemble.inputs.publicSplit());
      int fresh = 0;
      for (int q = 0; q < queries.size(); q++) {
        fresh += ensemble.voted.add(queries.sourceIndex(q)) ? 1 : 0;
      }
      ensemble.newVotes += fresh;
      queriesToLabel += queries.size();
      row.add(fresh == 0 ? "none new" : fresh + " new");
      if (config.student().train()) {
        int pool = ensemble.inputs.publicSplit().pool().size();
        boolean selfTraining = config.student().method() == StudentMethod.SELF_TRAINING;
        studentImageEpochs += CostModel.studentImageEpochs(config, queries.size(), pool);
        students.add(config);
        int trained = CostModel.studentsTrained(config);
        row.add(queries.size() + (selfTraining ? " + pool " + pool : "") + " x "
            + config.student().network().epochs() + " epochs"
            + (trained > 1 ? " x " + trained + " students" : ""));
      } else {
        row.add("-");
      }
      row.add("to run");
      table.add(row);
    }
    EarlierRuns earlier = EarlierRuns.under(outDir);
    CostModel costs = CostModel.of(cache.manifests(), earlier.students());
    StringBuilder out = new StringBuilder();
    out.append(String.format(Locale.ROOT, "%s: %d point%s (%d finished before) in %s%n", name,
        points.size(), points.size() == 1 ? "" : "s", finished, folder));
    out.append(ResultsTable.aligned(table));
    out.append("estimated cost (the teacher cache is ").append(cache.root()).append("):\n");
    double seconds = 0;
    seconds += teacherCost(ensembles.values(), costs, out);
    seconds += voteCost(ensembles.values(), costs, out);
    seconds += labellingCost(queriesToLabel, earlier.labelling(), "the runs finished here", out);
    seconds += studentCost(students, studentImageEpochs, ensembles.values(), costs, out);
    out.append(String.format(Locale.ROOT, "  total      about %s, plus about a second per point"
        + " to load data%n", duration(seconds)));
    return out.toString();
  }

  /** The pipeline of {@code config}, to read its inputs and keys (it is not run). */
  private PatePipeline pipeline(RunConfig config) {
    return PatePipeline.builder(config).dataDir(dataDir).build();
  }

  private EnsemblePlan ensemble(int point, RunConfig config) {
    PatePipeline pipeline = pipeline(config);
    RunInputs inputs = pipeline.inputs();
    EnsembleKey key = pipeline.ensembleKey(inputs);
    int count = config.teachers().count();
    int numClasses = inputs.partitions().privateSet().numClasses();
    return new EnsemblePlan(point, config, inputs, cache.teachersSaved(key, count),
        new HashSet<>(cache.votedImages(key, numClasses)));
  }

  private static double teacherCost(Iterable<EnsemblePlan> ensembles, CostModel costs,
      StringBuilder out) {
    List<TeacherWork> work = new ArrayList<>();
    int cached = 0;
    for (EnsemblePlan e : ensembles) {
      if (e.toTrain() == 0) {
        cached++;
      } else {
        work.add(new TeacherWork(e.config, e.toTrain(), e.imageEpochs(), rows(e), cols(e)));
      }
    }
    return teacherCost(work, " " + cached + " cached", costs, out);
  }

  /**
   * The teachers of one ensemble still to train, for their cost.
   *
   * @param imageEpochs their training images, once per epoch
   * @param rows input height
   * @param cols input width
   */
  record TeacherWork(RunConfig config, int teachers, double imageEpochs, int rows, int cols) {}

  /**
   * The line of the teachers' cost: ensembles, teachers, image-epochs and time, with where the
   * cost per image-epoch comes from; {@code cached} says what is left out (e.g. {@code " 2
   * cached"}).
   */
  static double teacherCost(List<TeacherWork> work, String cached, CostModel costs,
      StringBuilder out) {
    int teachers = 0;
    double imageEpochs = 0;
    double seconds = 0;
    List<String> sources = new ArrayList<>();
    for (TeacherWork w : work) {
      teachers += w.teachers();
      imageEpochs += w.imageEpochs();
      CostModel.Estimate cost = costs.teachers(w.config(), w.rows(), w.cols());
      // The workers train side by side.
      seconds += w.imageEpochs() * cost.secondsPerImageEpoch()
          / Math.min(w.config().teachers().workers(), w.teachers());
      if (!sources.contains(cost.toString())) {
        sources.add(cost.toString());
      }
    }
    out.append(String.format(Locale.ROOT, "  teachers   %d ensemble%s to train (%d teachers,"
        + " %,.0f image-epochs),%s: %s%n", work.size(), work.size() == 1 ? "" : "s", teachers,
        imageEpochs, cached, duration(seconds)));
    sources.forEach(s -> out.append("             at ").append(s).append('\n'));
    return seconds;
  }

  private static double voteCost(Iterable<EnsemblePlan> ensembles, CostModel costs,
      StringBuilder out) {
    double predictions = 0;
    double seconds = 0;
    for (EnsemblePlan e : ensembles) {
      double votes = (double) e.newVotes * e.count();
      predictions += votes;
      seconds += votes * CostModel.FORWARD_SHARE
          * costs.teachers(e.config, rows(e), cols(e)).secondsPerImageEpoch()
          / e.config.teachers().workers();
    }
    out.append(String.format(Locale.ROOT, "  votes      %,.0f teacher predictions on query"
        + " images not voted on before: %s%n", predictions, duration(seconds)));
    return seconds;
  }

  private static double studentCost(List<RunConfig> students, double imageEpochs,
      Iterable<EnsemblePlan> ensembles, CostModel costs, StringBuilder out) {
    if (students.isEmpty()) {
      out.append("  students   none (student.train is false, or every point finished)\n");
      return 0;
    }
    EnsemblePlan any = ensembles.iterator().next();
    CostModel.Estimate cost = costs.student(students.get(0), rows(any), cols(any));
    double seconds = imageEpochs * cost.secondsPerImageEpoch();
    out.append(String.format(Locale.ROOT, "  students   %d, up to %,.0f image-epochs at %s: %s%n",
        students.size(), imageEpochs, cost, duration(seconds)));
    return seconds;
  }

  /**
   * Labelling: each answer's charge is computed and forced to disk before the answer is released,
   * a few milliseconds per query.
   */
  static double labellingCost(long queries, double[] labelled, String measuredOn,
      StringBuilder out) {
    boolean measured = labelled[1] > 0;
    double perQuery = measured ? labelled[0] / labelled[1] : GUESSED_SECONDS_PER_QUERY;
    double seconds = queries * perQuery;
    out.append(String.format(Locale.ROOT, "  labelling  %,d queries answered and charged at %.1f"
        + " ms each (%s): %s%n", queries, perQuery * 1000, measured
            ? "measured on " + measuredOn : "a guess: each charge is forced to disk",
        duration(seconds)));
    return seconds;
  }

  /** Input height: an image's rows, 1 for a table's feature vector. */
  private static int rows(EnsemblePlan e) {
    return InputShape.of(e.inputs.partitions().privateSet()).height();
  }

  /** Input width: an image's columns, or a table's feature count. */
  private static int cols(EnsemblePlan e) {
    return InputShape.of(e.inputs.partitions().privateSet()).width();
  }

  static String duration(double seconds) {
    if (seconds < 90) {
      return String.format(Locale.ROOT, "%.0f s", Math.ceil(seconds));
    }
    if (seconds < 5400) {
      return String.format(Locale.ROOT, "%.1f min", seconds / 60);
    }
    return String.format(Locale.ROOT, "%.1f h", seconds / 3600);
  }
}
