package dev.pate.pipeline;

import dev.pate.pipeline.baseline.NonPrivateCeiling;
import dev.pate.pipeline.cache.CachedEnsemble;
import dev.pate.pipeline.cache.EnsembleKey;
import dev.pate.pipeline.data.RunData;
import dev.pate.pipeline.labelling.Labelling;
import dev.pate.pipeline.labelling.QueryRounds;
import dev.pate.pipeline.labelling.RunNoise;
import dev.pate.pipeline.report.CsvTables;
import dev.pate.pipeline.report.Json;
import dev.pate.pipeline.report.Reports;
import dev.pate.pipeline.report.RunFolder;
import dev.pate.pipeline.report.RunReport;
import dev.pate.pipeline.report.SummaryTable;
import dev.pate.pipeline.report.TeacherManifest;
import dev.pate.pipeline.labelling.Queries;
import dev.pate.pipeline.labelling.QuerySelector;
import dev.pate.aggregator.mechanism.Answer;
import dev.pate.config.RunConfig;
import dev.pate.config.StudentMethod;
import dev.pate.datasets.Dataset;
import dev.pate.datasets.files.DataDirectory;
import dev.pate.datasets.progress.ProgressBar;
import dev.pate.datasets.split.Disjointness;
import dev.pate.datasets.split.PartitionLimits;
import dev.pate.datasets.split.PublicSplit;
import dev.pate.datasets.split.TeacherPartitions;
import dev.pate.ensemble.nn.Seeds;
import dev.pate.student.StudentData;
import dev.pate.student.StudentResult;
import dev.pate.student.StudentTrainer;
import java.io.PrintStream;
import java.nio.file.Path;

/**
 * One PATE run, stage by stage: data, teachers, votes, noisy labels with their privacy charges,
 * student, report. Each stage writes its output into the run folder as soon as it is done; the
 * report is written last, so a run folder without report.json is an unfinished run. Teachers and
 * their votes come from the teacher cache when they were trained before. A study runs each of its
 * points through here, in the point's folder.
 */
public final class RunPipeline {
  private final RunConfig config;
  private final Path dataDirOverride;
  private final RunPlace place;
  private final PrintStream console;

  /**
   * @param dataDirOverride the data folder given on the command line, or null
   * @param place where the run's folder is and which teacher cache it uses
   */
  public RunPipeline(RunConfig config, Path dataDirOverride, RunPlace place, PrintStream console) {
    this.config = config;
    this.dataDirOverride = dataDirOverride;
    this.place = place;
    this.console = console;
  }

  /**
   * What a run reads before it trains anything: the data (images or CSV tables), its split into
   * teacher partitions, query pool and held-out examples, and the query selector.
   */
  public record Inputs(RunData data, TeacherPartitions partitions, QuerySelector selector) {

    public PublicSplit publicSplit() {
      return data.publicSplit();
    }
  }

  public RunReport run() {
    Stopwatch total = Stopwatch.start();
    // Planned from the config alone, before any data is read (fixed noise: the config's own).
    RunNoise noise = RunNoise.of(config);
    noise.plan().ifPresent(p -> console.println("pate: aggregator.noise auto: "
        + SummaryTable.plan(p)));
    Stopwatch load = Stopwatch.start();
    Inputs inputs = inputs(config, dataDirOverride);
    double loadSeconds = load.seconds();

    RunFolder folder = place.open(config);
    noise.recordIn(folder);
    console.println("pate: run folder " + folder.path());

    Stopwatch teachersTime = Stopwatch.start();
    CachedEnsemble ensemble = teachers(folder, inputs);
    double teachersSeconds = teachersTime.seconds();

    // Votes and labelling, in rounds: the selection may choose later queries from earlier answers.
    var teachersConfig = config.teachers();
    QueryRounds.Outcome asked = new QueryRounds(config, noise.aggregator(), folder,
        inputs.publicSplit().pool(), inputs.selector(), images -> ensemble.votes(images,
            teachersConfig.workers(), teachersConfig.threadsPerWorker()), console).run();
    Labelling labelling = asked.labelling();
    folder.write("labels.csv", CsvTables.labels(asked.queries(), labelling.answers()));

    Stopwatch studentTime = Stopwatch.start();
    StudentData studentData = config.student().train()
        ? studentData(inputs.publicSplit(), asked.queries(), labelling) : null;
    StudentResult student = studentData == null ? null : student(studentData);
    double studentSeconds = studentTime.seconds();

    RunReport.NonPrivateCeiling ceiling = null;
    if (config.baseline().nonPrivate()) {
      console.println("pate: training the non-private ceiling (not private, for comparison)");
      ceiling = NonPrivateCeiling.train(config, inputs.partitions(),
          inputs.publicSplit().holdout(), console);
    }

    RunReport report = Reports.build(config, noise, folder, inputs.data(), inputs.partitions(),
        ensemble, asked, student, studentData == null ? 0 : studentData.unlabelled().size(),
        ceiling, new RunReport.Timings(loadSeconds, teachersSeconds, asked.votingSeconds(),
            asked.labellingSeconds(), asked.selectionSeconds(), studentSeconds, total.seconds()));
    folder.write("report.json", Json.write(report));
    return report;
  }

  /** Loads the data and splits it as {@code config} says; trains nothing. */
  public static Inputs inputs(RunConfig config, Path dataDirOverride) {
    Path explicitDataDir = dataDirOverride != null ? dataDirOverride
        : config.dataset().dataDir().orElse(null);
    DataDirectory dataDirectory = DataDirectory.standard(explicitDataDir);
    RunData data = RunData.load(config, dataDirectory);
    PublicSplit publicSplit = data.publicSplit();
    TeacherPartitions partitions = TeacherPartitions.split(data.privateSet(),
        config.teachers().count(), Seeds.derive(config.seed(), "partitions", 0), limits(config));
    Disjointness.verify(partitions, publicSplit);
    return new Inputs(data, partitions, Queries.selector(config, publicSplit));
  }

  /**
   * The pool examples the first round of {@code config} asks: all queries for {@code first} and
   * {@code random}; for {@code active}, only the first round (later rounds depend on answers).
   * For cost estimates.
   */
  public static Dataset firstRoundQueries(RunConfig config, PublicSplit publicSplit) {
    int size = config.aggregator().roundSizes()[0];
    int[] positions = Queries.selector(config, publicSplit)
        .choose(0, size, new QuerySelector.Released(new int[0], new Answer[0])).positions();
    return publicSplit.pool().subset(publicSplit.pool().name() + "/queries", positions);
  }

  /**
   * The run's teachers, from the cache when an earlier run or study trained the same ensemble
   * (see {@link EnsembleKey}), else trained into it; the run folder's teachers/manifest.json says
   * which.
   */
  private CachedEnsemble teachers(RunFolder folder, Inputs inputs) {
    EnsembleKey key = EnsembleKey.of(config, inputs.partitions(), inputs.publicSplit());
    CachedEnsemble ensemble = place.cache().obtain(key, config.teachers(), inputs.partitions(),
        inputs.publicSplit().holdout(), config.seed(), console);
    console.println("pate: " + ensemble.describe());
    if (place.linkTeachers()) {
      ensemble.linkTeachersInto(folder.path().resolve("teachers"));
    }
    folder.write("teachers/manifest.json",
        Json.write(TeacherManifest.of(ensemble, inputs.partitions())));
    return ensemble;
  }

  private StudentResult student(StudentData data) {
    ProgressBar epochs = new ProgressBar("student", config.student().network().epochs(), console);
    StudentResult student = StudentTrainer.forConfig(config.student()).train(data,
        Seeds.derive(config.seed(), "student", 0), record -> {
          record.pseudoLabels().ifPresent(p -> epochs.note(String.format(java.util.Locale.ROOT,
              "acc %.4f, %d pseudo-labels", record.testAccuracy(), p.count())));
          epochs.step();
        });
    epochs.done();
    return student;
  }

  /**
   * The student's data: the answered queries with their noisy labels, and, for methods that use
   * it, the whole query pool without labels. {@link StudentData} asserts that neither contains a
   * held-out evaluation example.
   */
  private StudentData studentData(PublicSplit publicSplit, Dataset queries,
      Labelling labelling) {
    Dataset answered = queries.subset(labelling.answeredPositions());
    Dataset unlabelled = config.student().method() == StudentMethod.SUPERVISED
        ? publicSplit.pool().range(publicSplit.pool().name() + "/unused", 0, 0)
        : publicSplit.pool();
    return new StudentData(answered, labelling.answeredLabels(), unlabelled,
        publicSplit.holdout());
  }

  private static PartitionLimits limits(RunConfig config) {
    PartitionLimits limits = PartitionLimits.NONE;
    if (config.dataset().privateLimit().isPresent()) {
      limits = limits.withMaxTotal(config.dataset().privateLimit().getAsInt());
    }
    return limits;
  }

  public static double[] toDoubles(int[] counts) {
    double[] d = new double[counts.length];
    for (int i = 0; i < counts.length; i++) {
      d[i] = counts[i];
    }
    return d;
  }
}
