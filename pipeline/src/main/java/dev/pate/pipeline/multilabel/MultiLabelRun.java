package dev.pate.pipeline.multilabel;

import dev.pate.aggregator.accounting.PrivacyAccountant;
import dev.pate.aggregator.accounting.PrivacyStatement;
import dev.pate.aggregator.accounting.QueryCharge;
import dev.pate.aggregator.multilabel.MultiLabelAnswer;
import dev.pate.aggregator.multilabel.MultiLabelMechanism;
import dev.pate.aggregator.multilabel.MultiLabelVoteFile;
import dev.pate.aggregator.multilabel.MultiLabelVotes;
import dev.pate.aggregator.multilabel.VoteClipping;
import dev.pate.aggregator.noise.NoiseSource;
import dev.pate.aggregator.noise.RandomSources;
import dev.pate.config.MultiDigitConfig;
import dev.pate.config.Randomness;
import dev.pate.config.RunConfig;
import dev.pate.config.Selection;
import dev.pate.datasets.multilabel.MultiLabelExamples;
import dev.pate.ensemble.MultiLabelEnsembleTrainer;
import dev.pate.ensemble.TeacherRecord;
import dev.pate.ensemble.nn.NativeThreads;
import dev.pate.ensemble.nn.Seeds;
import dev.pate.files.UserError;
import dev.pate.ledger.Labeller;
import dev.pate.ledger.Ledger;
import dev.pate.ledger.LedgerContents;
import dev.pate.ledger.LedgerEntry;
import dev.pate.ledger.LedgerReader;
import dev.pate.ledger.LedgerWriter;
import dev.pate.ledger.MultiLabelLabeller;
import dev.pate.pipeline.cache.CachedMultiLabelEnsemble;
import dev.pate.pipeline.cache.EnsembleKey;
import dev.pate.pipeline.cache.TeacherCache;
import dev.pate.pipeline.labelling.DatasetCharge;
import dev.pate.pipeline.labelling.Mechanisms;
import dev.pate.pipeline.output.Json;
import dev.pate.pipeline.output.RunFolder;
import dev.pate.pipeline.progress.PipelineListener;
import dev.pate.pipeline.progress.Stage;
import dev.pate.pipeline.progress.Stopwatch;
import dev.pate.pipeline.report.Reports;
import dev.pate.pipeline.report.RunReport;
import dev.pate.student.multilabel.MultiLabelMetrics;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.function.IntFunction;
import java.util.random.RandomGenerator;
import org.deeplearning4j.nn.multilayer.MultiLayerNetwork;

/**
 * The stages of a multi-label run after its data is loaded and its folder opened ({@code
 * PatePipeline.runMultiLabel} does both and holds the folder's lock): teachers with one sigmoid
 * per label, each trained on its block of private canvases; their 0/1 votes on the chosen pool
 * canvases ({@value #VOTES_FILE}, the format {@code pate analyze} reads); every query answered by
 * the multi-label mechanism through {@link MultiLabelLabeller}, charged to the ledger before its
 * label set is released ({@code labels.csv}); the student trained on the released label sets and
 * scored on the held-out canvases; report.json, and the release when {@code output.release} asks.
 *
 * <p>A resumed run keeps the ledger's answers and charges (its header must match the config's
 * mechanism, parameters, noise, orders, budget and query count: {@link #preflight}) and asks only
 * the queries after them. Teachers go into the teacher cache beside the run folder, keyed by
 * what decides them ({@link EnsembleKey#multiLabel}), with their votes on the pool canvases: a
 * resumed run, and a run that only changes the mechanism, noise, budget or query count, reuses
 * them. The run folder's {@link MultiLabelManifest} names the ensemble and the private data.
 */
public final class MultiLabelRun {

  /** The teachers' votes, shape (queries, teachers, labels), 0/1. */
  public static final String VOTES_FILE = "votes.npy";

  /**
   * What a finished multi-label run produced.
   *
   * @param report everything report.json says
   * @param student the trained student; empty when none was trained
   * @param privacy the accountant's statement
   */
  public record Result(MultiLabelReport report, Path runFolder,
      Optional<MultiLayerNetwork> student, PrivacyStatement privacy) {}

  private final RunConfig config;
  private final MultiLabelNoise noise;
  private final MultiLabelData data;
  private final RunFolder folder;
  private final PipelineListener listener;
  private final TeacherCache cache;
  private final boolean linkTeachers;

  /**
   * The run of {@code config} on {@code data} into {@code folder}, labelling with {@code noise}
   * (checked by {@link #preflight}), its teachers from (or trained into) {@code cache}.
   *
   * @param linkTeachers whether the run folder gets its own links to the teacher files
   *     ({@code teachers/}), as a single-label run's does
   */
  public MultiLabelRun(RunConfig config, MultiLabelNoise noise, MultiLabelData data,
      RunFolder folder, PipelineListener listener, TeacherCache cache, boolean linkTeachers) {
    this.config = Objects.requireNonNull(config, "config");
    this.noise = Objects.requireNonNull(noise, "noise");
    this.data = Objects.requireNonNull(data, "data");
    this.folder = Objects.requireNonNull(folder, "folder");
    this.listener = Objects.requireNonNull(listener, "listener");
    this.cache = Objects.requireNonNull(cache, "cache");
    this.linkTeachers = linkTeachers;
  }

  /**
   * What can refuse a multi-label run before any data is read: its noise (planned from the budget
   * under {@code aggregator.noise: auto}), and for a run begun before, its ledger: verified, and
   * its header against the accountant the config now gives (a resumed run cannot change the
   * mechanism, tau, sigma, threshold, orders, budget or query count it charges with). A run that
   * has charged nothing must be able to pay for one query.
   *
   * @param begun the folder of a run begun before (resumed), if any
   * @throws UserError naming the file and line, or the key, at fault
   */
  public static MultiLabelNoise preflight(RunConfig config, Optional<Path> begun) {
    MultiLabelNoise noise = MultiLabelNoise.of(config, config.dataset().labelNames().size());
    PrivacyAccountant accountant = noise.accountant(config);
    int charged = 0;
    if (begun.isPresent() && Files.exists(begun.get().resolve(Ledger.FILE))) {
      charged = replay(begun.get().resolve(Ledger.FILE),
          LedgerReader.readComplete(begun.get().resolve(Ledger.FILE)), accountant,
          new MultiLabelAnswer[config.aggregator().queries()], noise.mechanism().labels());
    }
    if (charged == 0) {
      accountant.refusal().ifPresent(refusal -> {
        throw new UserError("privacy.budget: cannot pay for a single query of "
            + noise.mechanism().id() + " with the noise given (" + refusal + "); the run would"
            + " train its teachers and label nothing (raise the budget's epsilon, or add noise)");
      });
    }
    return noise;
  }

  /**
   * The accountant of the multi-label run in {@code runFolder}, rebuilt from its ledger for {@code
   * pate ledger}: the one the config gives (as {@link #preflight} builds it, with the noise it
   * planned under {@code aggregator.noise: auto}), its header checked against the ledger's, charged
   * with every complete line (a last line a crash cut short was never released: it cost nothing).
   *
   * @throws UserError if the ledger is not intact, or was charged otherwise than the config says
   */
  public static PrivacyAccountant replay(Path runFolder, RunConfig config) {
    MultiLabelNoise noise = MultiLabelNoise.of(config, config.dataset().labelNames().size());
    PrivacyAccountant accountant = noise.accountant(config);
    Path file = runFolder.resolve(Ledger.FILE);
    replay(file, LedgerReader.readComplete(file), accountant,
        new MultiLabelAnswer[config.aggregator().queries()], noise.mechanism().labels());
    return accountant;
  }

  /**
   * Adds the ledger's charges to {@code accountant} and its answers to {@code answers}, after
   * checking its header against the accountant and that charge k is query k; returns how many.
   */
  private static int replay(Path file, LedgerContents ledger, PrivacyAccountant accountant,
      MultiLabelAnswer[] answers, int labels) {
    ledger.header().differenceFrom(accountant).ifPresent(difference -> {
      throw new UserError(file + " line 1: " + difference + "; a run cannot change how it"
          + " charges mid-ledger (restore config.yaml, or start a new run)");
    });
    int q = 0;
    for (LedgerEntry e : ledger.entries()) {
      if (e.chargesRelease() || e.query() != q || q >= answers.length || !e.answered()) {
        throw new UserError(file + " line " + (q + 2) + ": charges query " + e.query()
            + " where an answered query " + q + " of " + answers.length + " was expected");
      }
      accountant.add(new QueryCharge(true, e.spentRdp(), e.dataDependentRdp()));
      try {
        answers[q++] = new MultiLabelAnswer(labels, e.label());
      } catch (IllegalArgumentException notALabelSet) {
        throw new UserError(file + " line " + (q + 1) + ": label " + e.label() + " is not a set"
            + " of " + labels + " labels");
      }
    }
    return q;
  }

  /**
   * Runs the stages after loading; {@code loadSeconds} and {@code total} time the report.
   *
   * @param charge the run's reservation against its private data set's budget (made before this
   *     trains any teacher), settled to the run's guarantee once every answer is out; empty when
   *     the data set has no budget
   */
  public Result run(double loadSeconds, Stopwatch total, Optional<DatasetCharge> charge) {
    noise.plan().ifPresent(plan -> {
      folder.write(MultiLabelNoise.PLAN_FILE, Json.write(plan.toMap()));
      listener.message("aggregator.noise auto: " + plan.mechanism().id() + " "
          + plan.mechanism().parameters() + ", epsilon " + plan.epsilon().epsilon());
    });
    int[] queries = chooseQueries();
    MultiLabelExamples queryCanvases = data.pool().subset(data.pool().name() + "/queries",
        queries);

    Stopwatch teachersTime = Stopwatch.start();
    CachedMultiLabelEnsemble ensemble = teachers();
    double[] teacherF1 = ensemble.records().stream().mapToDouble(TeacherRecord::testAccuracy)
        .toArray();
    int[] partitionSizes = ensemble.records().stream().mapToInt(TeacherRecord::trainingExamples)
        .toArray();
    double teachersSeconds = teachersTime.seconds();

    Stopwatch votesTime = Stopwatch.start();
    List<MultiLabelVotes> votes = votes(ensemble, queries);
    writeVotes(votes);
    double votesSeconds = votesTime.seconds();

    Stopwatch labellingTime = Stopwatch.start();
    listener.stageStarted(Stage.LABELLING, 0);
    MultiLabelAnswer[] answers = new MultiLabelAnswer[queries.length];
    Labeller.Outcome outcome = label(votes, answers);
    int asked = outcome.asked();
    folder.write("labels.csv", labelsCsv(queries, answers, asked, data.pool().labelNames()));
    listener.stageDone(Stage.LABELLING);
    double labellingSeconds = labellingTime.seconds();
    PrivacyAccountant accountant = accountantAfter(asked, answers);
    // Every answer is out (the student is post-processing): the reservation becomes the run's
    // guarantee.
    charge.ifPresent(c -> c.settle(accountant, listener));

    Stopwatch studentTime = Stopwatch.start();
    MultiLabelStudent student = null;
    int[] answeredPositions = java.util.Arrays.copyOf(queries, asked);
    int[] answeredMasks = new int[asked];
    for (int q = 0; q < asked; q++) {
      answeredMasks[q] = answers[q].positiveMask();
    }
    if (config.student().train() && asked > 0) {
      listener.stageStarted(Stage.STUDENT, 0);
      try (NativeThreads.Scope cores = NativeThreads.allCores()) {
        student = MultiLabelStudent.train(config.student().network(), data.pool(),
            answeredPositions, answeredMasks, config.multiLabel().poolConfidence(),
            config.seed());
      }
      listener.stageDone(Stage.STUDENT);
    } else if (config.student().train()) {
      listener.message("no query was answered: no student to train");
    }
    double studentSeconds = studentTime.seconds();
    MultiLabelCeiling ceiling = config.baseline().nonPrivate() ? ceiling(ensemble, queries)
        : null;

    PrivacyStatement statement = accountant.report(config.privacy().delta(),
        Mechanisms.conversion(config.privacy()));
    int count = ensemble.records().size();
    RunReport.Cache fromCache = new RunReport.Cache(ensemble.folder().toString(),
        ensemble.key().hash(), ensemble.teachersTrained(), count - ensemble.teachersTrained(),
        ensemble.votesComputed(), queryCanvases.size() - ensemble.votesComputed());
    MultiLabelReport report = report(statement, queryCanvases, votes, answers, outcome,
        teacherF1, partitionSizes, fromCache, student, ceiling, new MultiLabelReport.Timings(
            loadSeconds, teachersSeconds, votesSeconds, labellingSeconds, studentSeconds,
            total.seconds())).withDatasetBudget(charge.map(DatasetCharge::summary).orElse(null));
    if (student != null && config.output().release()) {
      report = report.withRelease(MultiLabelRelease.write(folder, config, data, report,
          student.network().network()));
      listener.message("released the student: " + folder.path().resolve(
          MultiLabelRelease.FOLDER));
    }
    folder.write("report.json", Json.write(report));
    return new Result(report, folder.path(),
        Optional.ofNullable(student).map(s -> s.network().network()), statement);
  }

  /**
   * The non-private ceiling of {@code baseline.non_private} (the student on the true label sets of
   * the query canvases), from the teachers' cache folder if a run with the same queries and
   * student trained it.
   */
  private MultiLabelCeiling ceiling(CachedMultiLabelEnsemble ensemble, int[] queries) {
    try (NativeThreads.Scope cores = NativeThreads.allCores()) {
      listener.stageStarted(Stage.CEILING, 0);
      MultiLabelCeiling.Stored stored = MultiLabelCeiling.obtain(ensemble,
          config.student().network(), config.baseline(), config.multiLabel().poolConfidence(),
          data, queries, config.seed());
      listener.stageDone(Stage.CEILING);
      listener.message(stored.reused()
          ? "non-private ceiling reused from the teacher cache (not private, for comparison)"
          : "trained the non-private ceiling (not private, for comparison)");
      return stored.ceiling();
    }
  }

  /** The pool positions asked: the first ones, or a random subset drawn with the seed. */
  private int[] chooseQueries() {
    int count = config.aggregator().queries();
    int poolSize = data.pool().size();
    if (config.aggregator().selection() == Selection.FIRST) {
      return MultiLabelData.range(0, count);
    }
    int[] order = MultiLabelData.range(0, poolSize);
    SplittableRandom rng = new SplittableRandom(Seeds.derive(config.seed(), "queries", 0));
    for (int i = 0; i < count; i++) {
      int j = i + rng.nextInt(poolSize - i);
      int t = order[i];
      order[i] = order[j];
      order[j] = t;
    }
    return java.util.Arrays.copyOf(order, count);
  }

  /**
   * The run's teachers, from the teacher cache when a run with the same teachers' settings and
   * data trained them (whatever its mechanism, noise, budget or query count; a resumed run's
   * too), else trained into it on {@code teachers.workers} workers; the console says which.
   */
  private CachedMultiLabelEnsemble teachers() {
    int count = config.teachers().count();
    List<MultiLabelExamples> partitions = new ArrayList<>(count);
    List<int[]> positions = new ArrayList<>(count);
    for (int t = 0; t < count; t++) {
      partitions.add(data.partition(t, count));
      positions.add(data.positions(t, count));
    }
    EnsembleKey key = EnsembleKey.multiLabel(config,
        List.of(data.privateCanvases(), data.pool(), data.heldOut()), positions);
    MultiLabelExamples heldOut = data.heldOut();
    CachedMultiLabelEnsemble ensemble = cache.obtainMultiLabel(key, trainer(), partitions,
        data.privateCanvases().name(), config.seed(), config.teachers().network().epochs(),
        teacher -> MultiLabelMetrics.of(heldOut.labels(), teacher.predict(heldOut),
            heldOut.labelMasks()).microF1(),
        listener);
    listener.message(ensemble.describe());
    if (linkTeachers) {
      ensemble.linkTeachersInto(folder.path().resolve("teachers"));
    }
    // Before the ledger's first charge: pate ledger attributes an unfinished run's charges by it.
    folder.write(MultiLabelManifest.FILE, Json.write(MultiLabelManifest.of(ensemble, data)));
    return ensemble;
  }

  private MultiLabelEnsembleTrainer trainer() {
    return new MultiLabelEnsembleTrainer(config.teachers().network(),
        config.teachers().workers(), config.teachers().threadsPerWorker());
  }

  /** The teachers' votes on the query canvases, from the cache where they voted before. */
  private List<MultiLabelVotes> votes(CachedMultiLabelEnsemble ensemble, int[] queries) {
    int[][] byQuery = ensemble.votes(data.pool(), queries, trainer());
    List<MultiLabelVotes> votes = new ArrayList<>(byQuery.length);
    for (int[] query : byQuery) {
      votes.add(new MultiLabelVotes(data.labels(), query));
    }
    return votes;
  }

  private void writeVotes(List<MultiLabelVotes> votes) {
    try {
      MultiLabelVoteFile.write(folder.path().resolve(VOTES_FILE), votes);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write " + folder.path().resolve(VOTES_FILE), e);
    }
  }

  /**
   * Answers the queries the ledger has not charged yet, each charged and forced to disk before
   * its label set is released; a resumed run keeps the ledger's answers. Seeded noise comes from
   * a generator per query (as in single-label runs), so a resumed run draws what an
   * uninterrupted one would.
   */
  private Labeller.Outcome label(List<MultiLabelVotes> votes, MultiLabelAnswer[] answers) {
    Path ledgerFile = folder.path().resolve(Ledger.FILE);
    PrivacyAccountant accountant = noise.accountant(config);
    LedgerWriter ledger;
    int charged = 0;
    if (Files.exists(ledgerFile)) {
      int torn = LedgerWriter.dropTornLastLine(ledgerFile);
      if (torn > 0) {
        listener.message("dropped a charge cut short by the interruption (" + torn
            + " bytes); its answer was never released");
      }
      LedgerContents contents = LedgerReader.read(ledgerFile);
      charged = replay(ledgerFile, contents, accountant, answers, noise.mechanism().labels());
      ledger = LedgerWriter.resume(ledgerFile, contents);
      listener.message("resuming labelling after " + charged + " charges in " + ledgerFile);
    } else {
      ledger = LedgerWriter.create(ledgerFile, accountant);
    }
    try (LedgerWriter open = ledger) {
      IntFunction<RandomGenerator> noiseOf;
      if (config.aggregator().randomness() == Randomness.SECURE) {
        NoiseSource secure = RandomSources.secure();
        noiseOf = query -> secure;
      } else {
        noiseOf = query -> RandomSources.seeded(Seeds.derive(config.seed(), "noise", query));
      }
      return new MultiLabelLabeller(noise.mechanism(), accountant, open, noiseOf)
          .label(votes, answers, charged, votes.size());
    }
  }

  /** The run's accountant charged with the ledger as it now stands (the first {@code asked}). */
  private PrivacyAccountant accountantAfter(int asked, MultiLabelAnswer[] answers) {
    PrivacyAccountant accountant = noise.accountant(config);
    Path ledgerFile = folder.path().resolve(Ledger.FILE);
    int charged = replay(ledgerFile, LedgerReader.read(ledgerFile), accountant,
        new MultiLabelAnswer[answers.length], noise.mechanism().labels());
    if (charged != asked) {
      throw new IllegalStateException("ledger: " + charged + " charges for " + asked
          + " asked queries");
    }
    return accountant;
  }

  private static String labelsCsv(int[] queries, MultiLabelAnswer[] answers, int asked,
      List<String> labelNames) {
    StringBuilder b = new StringBuilder("index");
    for (String name : labelNames) {
      b.append(",label_").append(name);
    }
    b.append('\n');
    for (int q = 0; q < asked; q++) {
      b.append(queries[q]);
      for (int bit : answers[q].multiHot()) {
        b.append(',').append(bit);
      }
      b.append('\n');
    }
    return b.toString();
  }

  private MultiLabelReport report(PrivacyStatement statement, MultiLabelExamples queryCanvases,
      List<MultiLabelVotes> votes, MultiLabelAnswer[] answers, Labeller.Outcome outcome,
      double[] teacherF1, int[] partitionSizes, RunReport.Cache fromCache,
      MultiLabelStudent student, MultiLabelCeiling ceiling, MultiLabelReport.Timings timings) {
    int labels = data.labels();
    int asked = outcome.asked();
    MultiLabelMechanism mechanism = noise.mechanism();
    Optional<MultiDigitConfig> canvases = config.dataset().multidigit();
    int[] truth = java.util.Arrays.copyOf(queryCanvases.labelMasks(), asked);
    int[] released = new int[asked];
    int[] noiseless = new int[asked];
    for (int q = 0; q < asked; q++) {
      released[q] = answers[q].positiveMask();
      noiseless[q] = noiselessVote(mechanism, votes.get(q));
    }
    var teacherStats = java.util.Arrays.stream(teacherF1).summaryStatistics();
    var sizes = java.util.Arrays.stream(partitionSizes).summaryStatistics();
    return new MultiLabelReport(config.name(), MultiLabelReport.DISCLOSURE,
        folder.path().toString(), config.seed(),
        new MultiLabelReport.Dataset(config.dataset().name().id(), data.dataDir(),
            data.pool().labelNames(),
            canvases.isPresent() ? data.privateCanvases().size() : null,
            canvases.map(MultiDigitConfig::minDigits).orElse(null),
            canvases.map(MultiDigitConfig::maxDigits).orElse(null), data.pool().size(),
            data.heldOut().size(), data.pool().imageShape().map(Object::toString).orElse(null),
            data.pool().imageShape().isPresent() ? null : data.pool().featureCount()),
        new MultiLabelReport.Teachers(partitionSizes.length,
            config.teachers().network().architecture().name().toLowerCase(java.util.Locale.ROOT),
            new MultiLabelReport.TeachersPrivate(teacherStats.getAverage(),
                teacherStats.getMin(), teacherStats.getMax(), sizes.getMin(), sizes.getMax(),
                fromCache)),
        new MultiLabelReport.Aggregation(mechanism.id(), config.aggregator().noise().id(),
            mechanism.parameters(), config.aggregator().selection().id(),
            config.aggregator().queries(), asked, asked,
            asked == 0 ? null : MultiLabelMetrics.of(labels, released, truth).toMap(),
            outcome.stoppedBecause().orElse(null),
            new MultiLabelReport.AggregationPrivate(asked == 0 ? null
                : MultiLabelMetrics.of(labels, noiseless, truth).toMap())),
        noise.plan().map(p -> p.toMap()).orElse(null),
        Reports.privacy(statement, new Reports.PrivacyTerms(data.unit(), data.neighbours(),
                mechanism.noiseName()),
            config.aggregator().randomness() == Randomness.SECURE
                ? dev.pate.aggregator.noise.NoiseSourceKind.SECURE
                : dev.pate.aggregator.noise.NoiseSourceKind.SEEDED,
            false, null, null, null, java.util.Optional.empty()),
        student == null ? null : new MultiLabelReport.Student(student.method(),
            config.student().network().architecture().name().toLowerCase(java.util.Locale.ROOT),
            student.trainingExamples(), student.unlabelledExamples(),
            student.pseudoLabels() == null ? null : new MultiLabelReport.PseudoLabels(
                student.pseudoLabels().canvases(), student.pseudoLabels().labelsKnown(),
                student.pseudoLabels().coverage(), student.pseudoLabels().precision()),
            MultiLabelMetrics.of(labels, student.network().predict(data.heldOut()),
                data.heldOut().labelMasks()).toMap()),
        null, null,
        new MultiLabelReport.RunPrivate(ceiling, timings));
  }

  /**
   * The teachers' answer without noise: the most voted label set (powerset-voting), or each
   * label's (clipped) sum against the threshold, as the mechanism compares them.
   */
  private static int noiselessVote(MultiLabelMechanism mechanism, MultiLabelVotes votes) {
    if (mechanism instanceof MultiLabelMechanism.PowersetVoting) {
      int[] counts = votes.subsetCounts();
      int best = 0;
      for (int s = 1; s < counts.length; s++) {
        if (counts[s] > counts[best]) {
          best = s;
        }
      }
      return best;
    }
    VoteClipping clipping = mechanism instanceof MultiLabelMechanism.TauVoting tau
        ? tau.clipping() : VoteClipping.none(mechanism.labels());
    double bar = mechanism.parameters().get("threshold") * votes.teachers()
        * clipping.gridScale();
    long[] sums = clipping.clippedSums(votes);
    int mask = 0;
    for (int j = 0; j < sums.length; j++) {
      if (sums[j] > bar) {
        mask |= 1 << j;
      }
    }
    return mask;
  }
}
