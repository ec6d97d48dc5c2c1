package dev.pate.cli;

import dev.pate.config.ConfigWriter;
import dev.pate.config.RunConfig;
import dev.pate.datasets.ImageDataset;
import dev.pate.datasets.ImageDatasets;
import dev.pate.datasets.TrainTest;
import dev.pate.datasets.files.DataDirectory;
import dev.pate.datasets.progress.ProgressBar;
import dev.pate.datasets.split.Disjointness;
import dev.pate.datasets.split.PartitionLimits;
import dev.pate.datasets.split.PublicSplit;
import dev.pate.datasets.split.TeacherPartitions;
import dev.pate.ensemble.Ensemble;
import dev.pate.ensemble.EnsembleTrainer;
import dev.pate.ensemble.nn.Seeds;
import dev.pate.ensemble.nn.Tensors;
import dev.pate.student.StudentResult;
import dev.pate.config.StudentMethod;
import dev.pate.student.StudentData;
import dev.pate.student.StudentTrainer;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Instant;

/**
 * One PATE run, stage by stage: data, teachers, votes, noisy labels with their privacy charges,
 * student, report. Each stage writes its output into the run folder as soon as it is done; the
 * report is written last, so a run folder without report.json is an unfinished run.
 */
final class RunPipeline {
  private final RunConfig config;
  private final Path dataDirOverride;
  private final Path outOverride;
  private final Path resumeFolder;
  private final PrintStream console;

  /** @param resumeFolder an interrupted run's folder to finish, or null for a new run */
  RunPipeline(RunConfig config, Path dataDirOverride, Path outOverride, Path resumeFolder,
      PrintStream console) {
    this.config = config;
    this.dataDirOverride = dataDirOverride;
    this.outOverride = outOverride;
    this.resumeFolder = resumeFolder;
    this.console = console;
  }

  RunReport run() {
    Stopwatch total = Stopwatch.start();
    // Planned from the config alone, before any data is read (fixed noise: the config's own).
    RunNoise noise = RunNoise.of(config);
    noise.plan().ifPresent(p -> console.println("pate: aggregator.noise auto: "
        + SummaryTable.plan(p)));
    Stopwatch load = Stopwatch.start();
    Path explicitDataDir = dataDirOverride != null ? dataDirOverride
        : config.dataset().dataDir().orElse(null);
    DataDirectory dataDirectory = DataDirectory.standard(explicitDataDir);
    TrainTest data = ImageDatasets.load(config.dataset().name().id(), dataDirectory);
    PublicSplit publicSplit = PublicSplit.of(data.test(), config.dataset().queryPool());
    var teachersConfig = config.teachers();
    TeacherPartitions partitions = TeacherPartitions.split(data.train(), teachersConfig.count(),
        Seeds.derive(config.seed(), "partitions", 0), limits());
    Disjointness.verify(partitions, publicSplit);
    QuerySelector selector = Queries.selector(config, publicSplit);
    double loadSeconds = load.seconds();

    RunFolder folder;
    if (resumeFolder == null) {
      folder = RunFolder.create(outputDir(), config.name(), Instant.now());
      folder.write("config.yaml", ConfigWriter.toYaml(config));
    } else {
      folder = RunFolder.existing(resumeFolder);
    }
    noise.recordIn(folder, resumeFolder != null);
    console.println("pate: run folder " + folder.path());

    Stopwatch teachersTime = Stopwatch.start();
    ProgressBar bar = new ProgressBar("teachers", teachersConfig.count(), console);
    Ensemble ensemble = new EnsembleTrainer(teachersConfig).train(partitions.teachers(),
        publicSplit.holdout(), config.seed(), folder.path().resolve("teachers"),
        record -> bar.step());
    bar.done();
    folder.write("teachers/manifest.json", Json.write(TeacherManifest.of(ensemble, partitions)));
    double teachersSeconds = teachersTime.seconds();

    // Votes and labelling, in rounds: the selection may choose later queries from earlier answers.
    QueryRounds.Outcome asked = new QueryRounds(config, noise.aggregator(), folder,
        publicSplit.pool(), selector, images -> ensemble.voteCounts(Tensors.features(images),
            teachersConfig.workers(), teachersConfig.threadsPerWorker()), console).run();
    folder.write("labels.csv", CsvTables.labels(asked.queries(), asked.labelling().answers()));

    Stopwatch studentTime = Stopwatch.start();
    StudentData studentData = studentData(publicSplit, asked.queries(), asked.labelling());
    ProgressBar epochs = new ProgressBar("student", config.student().network().epochs(), console);
    StudentResult student = StudentTrainer.forConfig(config.student()).train(studentData,
        Seeds.derive(config.seed(), "student", 0), record -> {
          record.pseudoLabels().ifPresent(p -> epochs.note(String.format(java.util.Locale.ROOT,
              "acc %.4f, %d pseudo-labels", record.testAccuracy(), p.count())));
          epochs.step();
        });
    epochs.done();
    double studentSeconds = studentTime.seconds();

    RunReport report = Reports.build(config, noise, folder, dataDirectory, partitions,
        publicSplit, ensemble, asked, student, studentData.unlabelled().size(),
        new RunReport.Timings(loadSeconds, teachersSeconds, asked.votingSeconds(),
            asked.labellingSeconds(), asked.selectionSeconds(), studentSeconds, total.seconds()));
    folder.write("report.json", Json.write(report));
    return report;
  }

  /**
   * The student's data: the answered queries with their noisy labels, and, for methods that use
   * it, the whole query pool without labels. {@link StudentData} asserts that neither contains a
   * held-out evaluation image.
   */
  private StudentData studentData(PublicSplit publicSplit, ImageDataset queries,
      Labelling labelling) {
    ImageDataset answered = queries.subset(labelling.answeredPositions());
    ImageDataset unlabelled = config.student().method() == StudentMethod.SUPERVISED
        ? publicSplit.pool().range(publicSplit.pool().name() + "/unused", 0, 0)
        : publicSplit.pool();
    return new StudentData(answered, labelling.answeredLabels(), unlabelled,
        publicSplit.holdout());
  }

  private PartitionLimits limits() {
    PartitionLimits limits = PartitionLimits.NONE;
    if (config.dataset().privateLimit().isPresent()) {
      limits = limits.withMaxTotal(config.dataset().privateLimit().getAsInt());
    }
    return limits;
  }

  private Path outputDir() {
    return outOverride != null ? outOverride : config.output().dir();
  }

  static double[] toDoubles(int[] counts) {
    double[] d = new double[counts.length];
    for (int i = 0; i < counts.length; i++) {
      d[i] = counts[i];
    }
    return d;
  }
}
