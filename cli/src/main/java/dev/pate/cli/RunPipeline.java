package dev.pate.cli;

import dev.pate.aggregator.accounting.PrivacyAccountant;
import dev.pate.aggregator.mechanism.Answer;
import dev.pate.aggregator.noise.NoiseSource;
import dev.pate.aggregator.noise.RandomSources;
import dev.pate.config.ConfigWriter;
import dev.pate.config.RunConfig;
import dev.pate.datasets.Dataset;
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
import dev.pate.student.SupervisedStudent;
import dev.pate.aggregator.accounting.QueryCharge;
import java.io.PrintStream;
import java.nio.file.Files;
import java.util.Optional;
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
    Stopwatch load = Stopwatch.start();
    Path explicitDataDir = dataDirOverride != null ? dataDirOverride
        : config.dataset().dataDir().orElse(null);
    DataDirectory dataDirectory = DataDirectory.standard(explicitDataDir);
    RunData data = RunData.load(config, dataDirectory);
    PublicSplit publicSplit = data.publicSplit();
    var teachersConfig = config.teachers();
    TeacherPartitions partitions = TeacherPartitions.split(data.privateSet(),
        teachersConfig.count(), Seeds.derive(config.seed(), "partitions", 0), limits());
    Disjointness.verify(partitions, publicSplit);
    Dataset queries = Queries.select(publicSplit.pool(), config.aggregator(),
        Seeds.derive(config.seed(), "queries", 0));
    double loadSeconds = load.seconds();

    RunFolder folder;
    if (resumeFolder == null) {
      folder = RunFolder.create(outputDir(), config.name(), Instant.now());
      folder.write("config.yaml", ConfigWriter.toYaml(config));
    } else {
      folder = RunFolder.existing(resumeFolder);
    }
    console.println("pate: run folder " + folder.path());

    Stopwatch teachersTime = Stopwatch.start();
    ProgressBar bar = new ProgressBar("teachers", teachersConfig.count(), console);
    Ensemble ensemble = new EnsembleTrainer(teachersConfig).train(partitions.teachers(),
        publicSplit.holdout(), config.seed(), folder.path().resolve("teachers"),
        record -> bar.step());
    bar.done();
    folder.write("teachers/manifest.json", Json.write(TeacherManifest.of(ensemble, partitions)));
    double teachersSeconds = teachersTime.seconds();

    Stopwatch votesTime = Stopwatch.start();
    int[][] votes = ensemble.voteCounts(Tensors.features(queries), teachersConfig.workers(),
        teachersConfig.threadsPerWorker());
    folder.writeOnceOrCheck("votes.csv", CsvTables.votes(queries, votes));
    double votesSeconds = votesTime.seconds();

    Stopwatch aggregationTime = Stopwatch.start();
    Labelling labelling = label(folder, votes);
    folder.write("labels.csv", CsvTables.labels(queries, labelling.answers()));
    double aggregationSeconds = aggregationTime.seconds();

    Stopwatch studentTime = Stopwatch.start();
    Dataset answered = queries.subset(labelling.answeredPositions());
    ProgressBar epochs = new ProgressBar("student", config.student().network().epochs(), console);
    StudentResult student = new SupervisedStudent(config.student()).train(answered,
        labelling.answeredLabels(), publicSplit.holdout(),
        Seeds.derive(config.seed(), "student", 0), epoch -> epochs.step());
    epochs.done();
    double studentSeconds = studentTime.seconds();

    RunReport.NonPrivateCeiling ceiling = null;
    if (config.baseline().nonPrivate()) {
      console.println("pate: training the non-private ceiling (not private, for comparison)");
      ceiling = NonPrivateCeiling.train(config, partitions, publicSplit.holdout(), console);
    }

    RunReport report = Reports.build(config, folder, data, partitions, ensemble, votes, queries,
        labelling, student, ceiling, new RunReport.Timings(loadSeconds, teachersSeconds,
            votesSeconds, aggregationSeconds, studentSeconds, total.seconds()));
    folder.write("report.json", Json.write(report));
    return report;
  }

  /**
   * Answers the queries in order through a {@link Labeller}, resuming from the run folder's
   * ledger when there is one (a resumed run), else starting a new ledger.
   */
  private Labelling label(RunFolder folder, int[][] votes) {
    Mechanisms mechanisms = Mechanisms.of(config.aggregator(), config.privacy());
    PrivacyAccountant accountant = mechanisms.accountant();
    Answer[] answers = new Answer[votes.length];
    Path ledgerFile = folder.path().resolve(Ledger.FILE);
    int from = 0;
    Ledger ledger;
    if (Files.exists(ledgerFile)) {
      int torn = Ledger.dropTornLastLine(ledgerFile);
      if (torn > 0) {
        console.println("pate: dropped a charge cut short by the interruption (" + torn
            + " bytes); its answer was never released");
      }
      Ledger.Contents contents = Ledger.read(ledgerFile);
      if (!contents.orders().equals(accountant.accounting().orders())) {
        throw new UserError(ledgerFile + ": its orders differ from the config's privacy.orders");
      }
      for (LedgerEntry e : contents.entries()) {
        accountant.add(new QueryCharge(e.answered(), e.dataIndependentRdp(),
            e.dataDependentRdp()));
        answers[e.query()] = e.answered() ? Answer.of(e.label()) : Answer.abstained();
        from = e.query() + 1;
      }
      ledger = Ledger.resume(ledgerFile, contents);
      console.println("pate: resuming labelling after " + contents.entries().size()
          + " charges in " + ledgerFile);
    } else {
      ledger = Ledger.create(ledgerFile, accountant.accounting().mechanismId(),
          accountant.accounting().orders());
    }
    NoiseSource noise = switch (config.aggregator().noise()) {
      case SECURE -> RandomSources.secure();
      case SEEDED -> RandomSources.seeded(Seeds.derive(config.seed(), "noise", from));
    };
    Optional<Labeller.Budget> budget = config.privacy().budget().epsilon().isPresent()
        ? Optional.of(new Labeller.Budget(config.privacy().budget().epsilon().getAsDouble(),
            config.privacy().budgetDelta(), Mechanisms.conversion(config.privacy())))
        : Optional.empty();
    try (ledger) {
      Labeller.Outcome outcome = new Labeller(mechanisms.aggregator(), accountant, budget, ledger,
          noise).label(votes, answers, from);
      outcome.stoppedBecause().ifPresent(reason -> console.println("pate: labelling stopped after "
          + outcome.asked() + " of " + votes.length + " queries: " + reason));
      return new Labelling(java.util.Arrays.copyOf(answers, outcome.asked()), accountant, noise,
          outcome.stoppedBecause());
    }
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
