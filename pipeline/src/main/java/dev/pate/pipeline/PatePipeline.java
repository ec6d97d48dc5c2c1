package dev.pate.pipeline;

import dev.pate.aggregator.mechanism.Mechanism;
import dev.pate.aggregator.mechanism.Answer;
import dev.pate.config.RunConfig;
import dev.pate.datasets.Dataset;
import dev.pate.datasets.files.DataDirectory;
import dev.pate.datasets.split.Disjointness;
import dev.pate.datasets.split.GroupCoverage;
import dev.pate.datasets.split.GroupPartitions;
import dev.pate.datasets.split.Partitions;
import dev.pate.datasets.split.PartitionLimits;
import dev.pate.datasets.split.PublicSplit;
import dev.pate.datasets.split.TeacherPartitions;
import dev.pate.ensemble.TeacherSettings;
import dev.pate.ensemble.TeacherTraining;
import dev.pate.ensemble.nn.InputShape;
import dev.pate.ensemble.nn.NativeThreads;
import dev.pate.ensemble.nn.NetworkSpec;
import dev.pate.ensemble.nn.Seeds;
import dev.pate.ensemble.pretrain.PretrainedNetwork;
import dev.pate.ensemble.pretrain.Pretext;
import dev.pate.files.UserError;
import dev.pate.pipeline.backend.TeacherBackend;
import dev.pate.pipeline.baseline.CeilingStore;
import dev.pate.pipeline.baseline.NonPrivateCeiling;
import dev.pate.pipeline.cache.CachedEnsemble;
import dev.pate.pipeline.cache.EnsembleKey;
import dev.pate.pipeline.data.GroupData;
import dev.pate.pipeline.data.RunData;
import dev.pate.pipeline.labelling.DatasetCharge;
import dev.pate.ledger.DatasetBudget;
import dev.pate.pipeline.labelling.Labelling;
import dev.pate.pipeline.labelling.Queries;
import dev.pate.pipeline.labelling.QueryRounds;
import dev.pate.pipeline.labelling.QuerySelector;
import dev.pate.pipeline.labelling.ReleasePlan;
import dev.pate.pipeline.labelling.RunGroups;
import dev.pate.pipeline.labelling.RunNoise;
import dev.pate.pipeline.labelling.RunRecord;
import dev.pate.pipeline.multilabel.MultiLabelData;
import dev.pate.pipeline.multilabel.MultiLabelNoise;
import dev.pate.pipeline.multilabel.MultiLabelRun;
import dev.pate.pipeline.progress.PipelineListener;
import dev.pate.pipeline.progress.Stage;
import dev.pate.pipeline.progress.Stopwatch;
import dev.pate.pipeline.release.ReleaseManifest;
import dev.pate.pipeline.release.ReleaseWriter;
import dev.pate.pipeline.output.CsvTables;
import dev.pate.pipeline.output.Json;
import dev.pate.pipeline.report.Provenance;
import dev.pate.pipeline.report.Reports;
import dev.pate.pipeline.output.RunFolder;
import dev.pate.pipeline.report.RunLock;
import dev.pate.pipeline.report.RunReport;
import dev.pate.pipeline.report.SummaryTable;
import dev.pate.pipeline.report.TeacherManifest;
import dev.pate.pipeline.settings.DataSettings;
import dev.pate.pipeline.settings.OutputSettings;
import dev.pate.pipeline.settings.PrivacySettings;
import dev.pate.pipeline.settings.RunSettings;
import dev.pate.student.SelfTrainingSettings;
import dev.pate.student.SelfTrainingStudent;
import dev.pate.student.StudentData;
import dev.pate.student.StudentMethod;
import dev.pate.student.StudentResult;
import dev.pate.student.StudentSettings;
import dev.pate.student.StudentTrainer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;

/**
 * One PATE run as a library: data, teachers (trained, or reused from the teacher cache), votes,
 * noisy labels each charged to the ledger before it is released (within the budget), student,
 * report. Each stage writes its output into the run folder as soon as it is done; the report is
 * written last, so a run folder without report.json is an unfinished run. {@code pate run} and
 * every point of a study run through here.
 *
 * <p>A run built in Java takes typed settings, each checked when it is made; what is not said
 * keeps the default a YAML file would get:
 *
 * <pre>{@code
 * PipelineResult result = PatePipeline.builder()
 *     .name("my-run")
 *     .data(DataSettings.of(myPrivateSet, PublicSplit.of(myPublicSet, 9000)))  // any Dataset
 *     .teachers(TeacherSettings.defaults().toBuilder().count(100).build())
 *     .mechanism(new Mechanism.Gnmax(40))
 *     .queries(300)
 *     .privacy(PrivacySettings.defaults().withBudget(3.0))
 *     .student(StudentSettings.defaults())          // or .student(myOwnStudentTrainer)
 *     .output(OutputSettings.to(Path.of("runs")))
 *     .build()
 *     .run();
 * }</pre>
 *
 * <p>A run described by a YAML file goes through {@link #builder(RunConfig)} (what {@code pate
 * run} does); either way the builder replaces what a program brings itself: its own data, its own
 * networks ({@link Builder#teacherNetwork}), a listener, the output directory.
 *
 * <p>Built-in and given data get the same treatment: partitions by position (a record's teacher
 * depends on nothing but its position), the disjointness check of teachers, pool and held-out set,
 * and the teacher cache, whose key covers the data's content and the networks' identity.
 */
public final class PatePipeline {
  private final RunConfig config;
  private final Path dataDir;
  private final RunData givenData;
  private final NetworkSpec teacherNetwork;
  private final boolean customTeachers;
  private final NetworkSpec studentNetwork;
  private final StudentTrainer customStudent;
  private final RunPlace place;
  private final PipelineListener listener;

  private PatePipeline(Builder b, RunConfig config) {
    this.config = config;
    this.dataDir = b.dataDir;
    this.givenData = b.data;
    this.customTeachers = b.teacherNetwork != null;
    this.teacherNetwork = customTeachers ? b.teacherNetwork
        : NetworkSpec.of(config.teachers().network());
    this.studentNetwork = b.studentNetwork != null ? b.studentNetwork
        : NetworkSpec.of(config.student().network());
    this.customStudent = b.customStudent;
    this.place = b.place != null ? b.place : RunPlace.newRun(config.output().dir());
    this.listener = b.listener;
  }

  /** A pipeline for {@code config}, a run's YAML file loaded; everything else is optional. */
  public static Builder builder(RunConfig config) {
    return new Builder(Objects.requireNonNull(config, "config"));
  }

  /**
   * A pipeline built from typed settings: {@link Builder#mechanism} is required, every other
   * setting has the default a YAML file would get.
   */
  public static Builder builder() {
    return new Builder(null);
  }

  /**
   * Builds a {@link PatePipeline}: the typed settings of a run built in Java, and what a program
   * brings itself (data, networks, a student trainer, a listener) in either kind of run.
   */
  public static final class Builder {
    private final RunConfig config;
    /** The typed settings given, named for the refusal of a config-built pipeline. */
    private final List<String> typed = new ArrayList<>();
    private String name = "pate-run";
    private long seed = 1;
    private DataSettings dataSettings;
    private TeacherSettings teachers = TeacherSettings.defaults();
    private Mechanism mechanism;
    private int queries = 100;
    private PrivacySettings privacy = PrivacySettings.defaults();
    private Optional<StudentSettings> student = Optional.of(StudentSettings.defaults());
    private OutputSettings output = OutputSettings.to(Path.of("runs"));
    private StudentTrainer customStudent;
    private Path dataDir;
    private RunData data;
    private NetworkSpec teacherNetwork;
    private NetworkSpec studentNetwork;
    private RunPlace place;
    private PipelineListener listener = PipelineListener.NONE;

    private Builder(RunConfig config) {
      this.config = config;
    }

    /** The run's name: its folder under the output directory (default {@code pate-run}). */
    public Builder name(String name) {
      this.name = Objects.requireNonNull(name, "name");
      return typed("name");
    }

    /** Seed of partitions, weight initialisation and query selection (default 1). */
    public Builder seed(long seed) {
      this.seed = seed;
      return typed("seed");
    }

    /** The run's data: your own data sets, or a built-in data set. */
    public Builder data(DataSettings data) {
      this.dataSettings = Objects.requireNonNull(data, "data");
      if (data.privateSet().isPresent()) {
        this.data = RunData.of(data.privateSet().get(), data.publicSplit().orElseThrow());
      }
      return typed("data");
    }

    /** The teacher ensemble (default {@link TeacherSettings#defaults()}). */
    public Builder teachers(TeacherSettings teachers) {
      this.teachers = Objects.requireNonNull(teachers, "teachers");
      return typed("teachers");
    }

    /** How the votes are aggregated, with its noise: required. */
    public Builder mechanism(Mechanism mechanism) {
      this.mechanism = Objects.requireNonNull(mechanism, "mechanism");
      return typed("mechanism");
    }

    /** Pool examples asked to the teachers (default 100). */
    public Builder queries(int queries) {
      this.queries = queries;
      return typed("queries");
    }

    /** Accounting and budget (default {@link PrivacySettings#defaults()}: no budget). */
    public Builder privacy(PrivacySettings privacy) {
      this.privacy = Objects.requireNonNull(privacy, "privacy");
      return typed("privacy");
    }

    /** The built-in student (default {@link StudentSettings#defaults()}). */
    public Builder student(StudentSettings student) {
      this.student = Optional.of(Objects.requireNonNull(student, "student"));
      return typed("student");
    }

    /**
     * Your own student: the pipeline hands {@code trainer} the answered queries with their noisy
     * labels, the whole unlabelled query pool and the held-out set, and reports and releases the
     * network it returns. The other uses of a student network (the interim students of active
     * selection, the non-private ceiling) keep the built-in student's.
     */
    public Builder student(StudentTrainer trainer) {
      this.customStudent = Objects.requireNonNull(trainer, "trainer");
      return this;
    }

    /** No student: the run stops after labelling (studies of the aggregation alone). */
    public Builder noStudent() {
      this.student = Optional.empty();
      return typed("noStudent");
    }

    /** Where the run writes (default {@code runs}, releasing the student). */
    public Builder output(OutputSettings output) {
      this.output = Objects.requireNonNull(output, "output");
      this.place = RunPlace.newRun(output.dir());
      return typed("output");
    }

    private Builder typed(String setting) {
      typed.add(setting);
      return this;
    }

    /**
     * Your own data instead of the config's {@code dataset} section: the private set the
     * teachers share out, and the public set's query pool and held-out evaluation examples.
     */
    public Builder data(Dataset privateSet, PublicSplit publicSplit) {
      this.data = RunData.of(Objects.requireNonNull(privateSet, "privateSet"),
          Objects.requireNonNull(publicSplit, "publicSplit"));
      return this;
    }

    /** Where built-in datasets are looked for first (default: the config's, then the usual). */
    public Builder dataDir(Path dataDir) {
      this.dataDir = dataDir;
      return this;
    }

    /** Your own teacher network instead of {@code teachers.network}. */
    public Builder teacherNetwork(NetworkSpec network) {
      this.teacherNetwork = Objects.requireNonNull(network, "network");
      return this;
    }

    /** Your own student network instead of {@code student.network}. */
    public Builder studentNetwork(NetworkSpec network) {
      this.studentNetwork = Objects.requireNonNull(network, "network");
      return this;
    }

    /** Told of each stage and step (default: nothing is told). */
    public Builder listener(PipelineListener listener) {
      this.listener = Objects.requireNonNull(listener, "listener");
      return this;
    }

    /**
     * A new run in {@code <dir>/<name>/<UTC timestamp>/}, with the teacher cache under {@code
     * <dir>/cache/} (default: the config's {@code output.dir}).
     */
    public Builder outputDir(Path dir) {
      this.place = RunPlace.newRun(Objects.requireNonNull(dir, "dir"));
      return this;
    }

    /** Where the run writes and which cache it uses: a resumed run, a study's point. */
    public Builder place(RunPlace place) {
      this.place = Objects.requireNonNull(place, "place");
      return this;
    }

    /**
     * The pipeline. A config-built one takes its settings from the config alone (no silent mix of
     * the two); a typed one must say its mechanism.
     *
     * @throws IllegalStateException when the builder's settings contradict its kind
     * @throws dev.pate.config.ConfigException when the settings fail a check a file would fail
     *     (the queries exceed the query pool, for example)
     */
    public PatePipeline build() {
      if (config != null) {
        if (!typed.isEmpty()) {
          throw new IllegalStateException(typed + ": a pipeline built from a RunConfig takes its"
              + " settings from the config; use PatePipeline.builder() for typed settings");
        }
        return new PatePipeline(this, config);
      }
      if (mechanism == null) {
        throw new IllegalStateException("mechanism: not given; say how votes are aggregated,"
            + " e.g. .mechanism(new Mechanism.Gnmax(40))");
      }
      if (student.isEmpty() && customStudent != null) {
        throw new IllegalStateException("student: noStudent() and student(StudentTrainer) both"
            + " given");
      }
      DataSettings data = dataSettings != null ? dataSettings : DataSettings.builtIn("mnist");
      Optional<StudentSettings> built = customStudent != null
          ? Optional.of(student.orElseThrow()) : student;
      return new PatePipeline(this, new RunSettings(name, seed, data, teachers, mechanism,
          queries, privacy, built, output).toConfig());
    }
  }

  /**
   * Checks, in a second, everything that can refuse this run before anything expensive starts
   * (see {@link Preflight}): {@link #run} does so first; a study does so for all its points before
   * the first one runs.
   *
   * A multi-label config is checked as {@link #runMultiLabel()} checks it before it reads any
   * data.
   *
   * @throws RuntimeException a user error naming the file, line or key at fault
   */
  public void preflight() {
    if (config.multiLabel().enabled()) {
      preflightMultiLabel();
      return;
    }
    Plan plan = plan();
    Preflight.check(config, plan.noise(), place, plan.release());
  }

  /**
   * Plans the run's noise (and its release of the data-dependent epsilon, or a multi-label run's
   * noise and budget) from the config alone, as {@link #preflight} does first, without looking at
   * any folder: what {@code --dry-run} checks, so that a plan the run would refuse is refused by
   * the dry run too.
   *
   * @throws RuntimeException a user error naming the key at fault
   */
  public void checkPlan() {
    if (config.multiLabel().enabled()) {
      MultiLabelRun.preflight(config, Optional.empty());
    } else {
      plan();
    }
  }

  /**
   * The noise labelling uses and the release of the data-dependent epsilon the run makes, if any,
   * both planned from the config alone before any data is read (fixed noise: the config's own).
   */
  private record Plan(RunNoise noise, Optional<ReleasePlan> release) {}

  private Plan plan() {
    int classes = givenData == null ? RunNoise.classes(config)
        : givenData.privateSet().numClasses();
    RunNoise noise = RunNoise.of(config, classes);
    return new Plan(noise, ReleasePlan.of(config, noise.aggregator(), classes));
  }

  /**
   * Runs every stage and returns what the run produced; see the class comment. The run folder is
   * locked for the run's life ({@link RunLock}): a run begun before (resumed, or a study point
   * interrupted) before anything is checked, a new one as soon as its folder exists.
   *
   * @throws UserError when another process holds the run folder
   */
  public PipelineResult run() {
    requireSingleLabel();
    RunLock[] lock = {place.begun().map(RunLock::hold).orElse(null)};
    try {
      return run(folder -> {
        if (lock[0] == null) {
          lock[0] = RunLock.hold(folder);
        }
      });
    } finally {
      if (lock[0] != null) {
        lock[0].close();
      }
    }
  }

  /**
   * Runs a multi-label config ({@code multi_label.mechanism} set, multi-label data): the same run
   * folder, lock, ledger and budget checks as {@link #run()}, through {@link MultiLabelRun}. Its
   * data and networks come from the config alone.
   *
   * @throws IllegalStateException if the config is single-label, or the builder was given data,
   *     networks or a student of its own
   * @throws UserError when the config, the folder's records or another process refuse the run
   */
  public MultiLabelRun.Result runMultiLabel() {
    if (!config.multiLabel().enabled()) {
      throw new IllegalStateException("runMultiLabel: the config is single-label; use run()");
    }
    if (givenData != null || customTeachers || customStudent != null) {
      throw new IllegalStateException("runMultiLabel: a multi-label run takes its data and"
          + " networks from the config");
    }
    Stopwatch total = Stopwatch.start();
    RunLock lock = place.begun().map(RunLock::hold).orElse(null);
    try {
      MultiLabelNoise noise = preflightMultiLabel();
      Stopwatch load = Stopwatch.start();
      listener.stageStarted(Stage.DATA, 0);
      MultiLabelData data = MultiLabelData.load(config, dataDirectory());
      listener.stageDone(Stage.DATA);
      double loadSeconds = load.seconds();
      RunFolder folder = place.open(config);
      if (lock == null) {
        lock = RunLock.hold(folder.path());
      }
      listener.runFolderOpened(folder.path());
      listener.message("run folder " + folder.path());
      Optional<DatasetCharge> charge = reserveMultiLabel(noise, data, folder);
      return new MultiLabelRun(config, noise, data, folder, listener, place.cache(),
          place.linkTeachers()).run(loadSeconds, total, charge);
    } finally {
      if (lock != null) {
        lock.close();
      }
    }
  }

  /**
   * What can refuse a multi-label run before it reads any data: its noise and a begun folder's
   * ledger ({@link MultiLabelRun#preflight}), an unwritable output. A kept data set budget is
   * charged once the run folder (the run's id in the budget) is open: {@link
   * #reserveMultiLabel}.
   */
  private MultiLabelNoise preflightMultiLabel() {
    MultiLabelNoise noise = MultiLabelRun.preflight(config, place.begun());
    RunFolder.requireWritable(place.writesUnder(config));
    return noise;
  }

  /**
   * Reserves a multi-label run's worst case against the budget kept for its private data, if one
   * is, before any teacher trains, as {@link #reserve} does for a single-label run (and under the
   * same content hash, so that both kinds of run compose on one budget): {@link
   * MultiLabelData#privateSha256s}, MNIST's training set for the canvases. Two budgets kept for
   * one run's data are refused: charging one of them would spend the other uncharged.
   */
  private Optional<DatasetCharge> reserveMultiLabel(MultiLabelNoise noise, MultiLabelData data,
      RunFolder folder) {
    Path dir = DatasetCharge.dir(config, place.outputDir());
    List<String> kept = data.privateSha256s().stream()
        .filter(sha256 -> DatasetBudget.find(dir, sha256).isPresent()).toList();
    return refusedLeavesNoFolder(folder, () -> {
      if (kept.size() > 1) {
        throw new UserError("privacy.dataset_budget: " + kept.size() + " budgets are kept in "
            + dir + " for this run's private data (" + String.join(", ", kept) + ".jsonl); a"
            + " data set has one budget: keep the one single-label runs charge (the images"
            + " folder's alone)");
      }
      return kept.isEmpty() ? Optional.empty() : DatasetCharge.reserve(noise.accountant(config),
          config.aggregator().randomness(), dir, kept.get(0), folder.path(), listener);
    });
  }

  /** A multi-label config runs through {@link #runMultiLabel()}, never the single-label stages. */
  private void requireSingleLabel() {
    if (config.multiLabel().enabled()) {
      throw new UserError("multi_label.mechanism: " + config.multiLabel().kind().id()
          + " makes this a multi-label run, which runs through PatePipeline.runMultiLabel");
    }
  }

  /** {@link #run()}, telling {@code opened} of the run folder as soon as it exists. */
  private PipelineResult run(java.util.function.Consumer<Path> opened) {
    Stopwatch total = Stopwatch.start();
    Plan plan = plan();
    RunNoise noise = plan.noise();
    noise.plan().ifPresent(p -> listener.message("aggregator.noise auto: "
        + SummaryTable.plan(p)));
    Optional<ReleasePlan> ddRelease = plan.release();
    ddRelease.ifPresent(r -> listener.message("privacy.release smooth-sensitivity: order "
        + r.parameters().order() + ", beta " + r.parameters().beta() + ", sigma_ss "
        + r.parameters().sigmaSs() + ", " + r.basis()));
    Preflight preflight = Preflight.check(config, noise, place, ddRelease);
    Stopwatch load = Stopwatch.start();
    listener.stageStarted(Stage.DATA, 0);
    RunInputs inputs = inputs();
    listener.stageDone(Stage.DATA);
    double loadSeconds = load.seconds();

    RunFolder folder = place.open(config);
    opened.accept(folder.path());
    listener.runFolderOpened(folder.path());
    noise.recordIn(folder);
    RunRecord record = preflight.withPool(folder, inputs.publicSplit().pool());
    listener.message("run folder " + folder.path());
    Optional<DatasetCharge> charge = reserve(noise, ddRelease, inputs, folder);

    Stopwatch teachersTime = Stopwatch.start();
    CachedEnsemble ensemble = teachers(folder, inputs, preflight.backend());
    double teachersSeconds = teachersTime.seconds();

    // Votes and labelling, in rounds: the selection may choose later queries from earlier answers.
    listener.stageStarted(Stage.LABELLING, 0);
    var teachersConfig = config.teachers();
    QueryRounds.Outcome asked = new QueryRounds(config, noise.aggregator(), ddRelease, folder,
        record,
        inputs.publicSplit().pool(), inputs.selector(), images -> inputs.weights()
            .map(weights -> ensemble.votes(images, teachersConfig.workers(),
                teachersConfig.threadsPerWorker(), weights))
            .orElseGet(() -> ensemble.votes(images, teachersConfig.workers(),
                teachersConfig.threadsPerWorker())), listener).run();
    Labelling labelling = asked.labelling();
    // Every answer and the release are out: the reservation becomes the run's guarantee.
    charge.ifPresent(c -> c.settle(labelling.accountant(), listener));
    folder.write("labels.csv", CsvTables.labels(asked.queries(), labelling.answers()));
    listener.stageDone(Stage.LABELLING);

    // The student and the ceiling train one network at a time: every core, whatever the teacher
    // workers were pinned to.
    StudentData studentData;
    StudentResult student;
    double studentSeconds;
    NonPrivateCeiling ceiling = null;
    try (NativeThreads.Scope cores = NativeThreads.allCores()) {
      Stopwatch studentTime = Stopwatch.start();
      studentData = config.student().train()
          ? studentData(inputs.publicSplit(), asked.queries(), labelling) : null;
      student = studentData == null ? null
          : student(studentData, inputs.publicSplit().judgedOnName());
      studentSeconds = studentTime.seconds();

      if (config.baseline().nonPrivate()) {
        Dataset holdout = inputs.publicSplit().holdout();
        ceiling = CeilingStore.stored(ensemble, studentNetwork, config.baseline(), holdout)
            .orElse(null);
        if (ceiling != null) {
          listener.message("non-private ceiling reused from the teacher cache (not private, for"
              + " comparison)");
        } else {
          listener.message("training the non-private ceiling (not private, for comparison)");
          ceiling = NonPrivateCeiling.train(studentNetwork, config.baseline(),
              inputs.partitions(), holdout, Seeds.derive(config.seed(), "non-private-ceiling", 0),
              listener);
          CeilingStore.store(ensemble, studentNetwork, config.baseline(), holdout, ceiling);
        }
      }
    }

    RunReport report = Reports.build(config, noise, folder, inputs.data(), inputs.partitions(),
        new Reports.Networks(teacherNetwork.name(),
            config.teachers().engine().resolve(teacherNetwork).id(),
            customStudent != null ? "custom" : studentNetwork.name(),
            customStudent != null ? "custom"
                : config.student().engine().resolve(studentNetwork).id()), ensemble, asked,
        student, studentData == null ? 0 : studentData.unlabelled().size(), ceiling,
        new RunReport.Timings(loadSeconds, teachersSeconds, asked.votingSeconds(),
            asked.labellingSeconds(), asked.selectionSeconds(), studentSeconds,
            total.seconds())).withProvenance(Provenance.of(config, inputs.data()))
        .withDatasetBudget(charge.map(DatasetCharge::summary).orElse(null));
    // A study point with seeded noise has no guarantee (anyone with the config replays its
    // noise): it publishes nothing, whatever output.release says.
    boolean releaseStudent = student != null && config.output().release()
        && (place.kind() != RunPlace.Kind.POINT || report.privacy().guaranteeHolds());
    if (releaseStudent) {
      ReleaseManifest manifest = ReleaseWriter.write(folder, config, inputs.data(), report,
          student.network());
      report = report.withRelease(new RunReport.Release(ReleaseWriter.FOLDER,
          List.of(ReleaseWriter.MODEL, ReleaseWriter.MANIFEST, ReleaseWriter.CARD),
          manifest.model().sha256()));
      listener.message("released the student: " + folder.path().resolve(ReleaseWriter.FOLDER));
    }
    ReleaseWriter.writeFolderReadme(folder, releaseStudent);
    folder.write("report.json", Json.write(report));
    return new PipelineResult(report, folder.path(),
        Optional.ofNullable(student).map(StudentResult::network),
        labelling.accountant().report(config.privacy().delta(),
            dev.pate.pipeline.labelling.Mechanisms.conversion(config.privacy())));
  }

  /**
   * Reserves the run's worst case against its private data set's budget, if it has one, before
   * any teacher trains. A new run refused leaves no folder behind (nothing ran in it).
   */
  private Optional<DatasetCharge> reserve(RunNoise noise, Optional<ReleasePlan> release,
      RunInputs inputs, RunFolder folder) {
    Path dir = DatasetCharge.dir(config, place.outputDir());
    return refusedLeavesNoFolder(folder, () -> DatasetCharge.reserve(config, noise.aggregator(),
        release, dir, Provenance.Private.of(inputs.data()).sha256(), folder.path(), listener));
  }

  /** {@code reservation}'s charge; a new run it refuses leaves no folder (nothing ran in it). */
  private Optional<DatasetCharge> refusedLeavesNoFolder(RunFolder folder,
      java.util.function.Supplier<Optional<DatasetCharge>> reservation) {
    try {
      return reservation.get();
    } catch (RuntimeException refused) {
      if (place.kind() == RunPlace.Kind.NEW) {
        folder.delete();
      }
      throw refused;
    }
  }

  /**
   * Loads the data and splits it as the config says, and checks the split and that the networks
   * can take the data's shape; trains nothing.
   */
  public RunInputs inputs() {
    RunData data = givenData != null ? givenData : RunData.load(config, dataDirectory());
    InputShape shape = InputShape.of(data.privateSet());
    teacherNetwork.problemWithInput(shape).ifPresent(p -> {
      throw new UserError("teachers.network." + p);
    });
    config.teachers().engine().problemWith(teacherNetwork).ifPresent(p -> {
      throw new UserError("teachers.engine: " + config.teachers().engine().id()
          + " cannot train " + p);
    });
    Pretext pretext = config.teachers().pretrain();
    if (pretext != Pretext.NONE && teacherNetwork.builtIn().isEmpty()) {
      throw new UserError("teachers.pretrain: " + pretext.id() + " pretrains the built-in cnn's"
          + " convolutions; the teachers' network was given in code (use pretrain: none)");
    }
    if (pretext != Pretext.NONE && !(shape.image() && shape.height() == shape.width())) {
      throw new UserError("teachers.pretrain: " + pretext.id() + " turns images a quarter turn,"
          + " which needs square images; the data's are " + (shape.image()
          ? shape.height() + "x" + shape.width() : "not images") + " (use pretrain: none)");
    }
    studentNetwork.problemWithInput(shape).ifPresent(p -> {
      throw new UserError("student.network." + p);
    });
    if (customStudent != null && config.student().ensemble() > 1) {
      throw new UserError("student.ensemble: " + config.student().ensemble() + " joins students"
          + " of the built-in trainers; the student trainer given in code trains its own student"
          + " (use ensemble: 1)");
    }
    if (customStudent == null) {
      config.student().engine().problemWith(studentNetwork).ifPresent(p -> {
        throw new UserError("student.engine: " + config.student().engine().id()
            + " cannot train " + p);
      });
      if (config.student().ensemble() > 1 && studentNetwork.builtIn().isEmpty()) {
        throw new UserError("student.ensemble: " + config.student().ensemble() + " joins"
            + " students of the built-in cnn or mlp into one network; the student's network was"
            + " given in code (use ensemble: 1)");
      }
    }
    PublicSplit publicSplit = data.publicSplit();
    long seed = Seeds.derive(config.seed(), "partitions", 0);
    Optional<RunGroups> groups = RunGroups.of(config);
    if (groups.isEmpty()) {
      TeacherPartitions partitions = TeacherPartitions.split(data.privateSet(),
          config.teachers().count(), seed, limits(config));
      Disjointness.verify(partitions, publicSplit);
      return new RunInputs(data, partitions, Queries.selector(config, publicSplit,
          studentNetwork), Optional.empty(), Optional.empty());
    }
    // Read and checked before any teacher trains: a record without a group, an undeclared group,
    // a group without a record are one-line errors here.
    int[] groupOf = GroupData.groupsOf(config, data, dataDirectory(), groups.get().settings());
    Partitions partitions = groups.get().partitions(data.privateSet(), groupOf,
        config.teachers().count(), seed, limits(config));
    if (partitions instanceof GroupPartitions byGroup) {
      GroupCoverage.verify(byGroup, publicSplit);
    } else {
      Disjointness.verify((TeacherPartitions) partitions, publicSplit);
    }
    return new RunInputs(data, partitions, Queries.selector(config, publicSplit, studentNetwork),
        Optional.of(membershipDigest(groupOf)), groups.get().teacherWeights(partitions));
  }

  /** The sha256 of every example's group, in order: what the teachers' partitions follow. */
  private static String membershipDigest(int[] groupOf) {
    java.nio.ByteBuffer bytes = java.nio.ByteBuffer.allocate(Integer.BYTES * groupOf.length);
    for (int g : groupOf) {
      bytes.putInt(g);
    }
    return dev.pate.files.Sha256.of(bytes.array());
  }

  private DataDirectory dataDirectory() {
    Path explicit = dataDir != null ? dataDir : config.dataset().dataDir().orElse(null);
    return DataDirectory.standard(explicit);
  }

  /** The key of the ensemble these inputs train: the teacher cache's folder name. */
  public EnsembleKey ensembleKey(RunInputs inputs) {
    Optional<String> network = customTeachers
        ? Optional.of(teacherNetwork.identity(InputShape.of(inputs.data().privateSet()),
            inputs.data().privateSet().numClasses()))
        : Optional.empty();
    return EnsembleKey.of(config, inputs.partitions(), inputs.publicSplit(), network,
        inputs.membership());
  }

  /**
   * The pool examples the first round asks: all queries for {@code first} and {@code random};
   * for {@code active}, only the first round (later rounds depend on answers). For cost
   * estimates.
   */
  public Dataset firstRoundQueries(PublicSplit publicSplit) {
    return firstRoundQueries(publicSplit.pool(),
        Queries.selector(config, publicSplit, studentNetwork));
  }

  /**
   * The first round's queries of a selector already made (typical selection clusters the pool
   * when it is made: not again for this). Round 0 is chosen without answers, so the labelling
   * asks the same ones.
   */
  private Dataset firstRoundQueries(Dataset pool, QuerySelector selector) {
    int size = config.aggregator().roundSizes()[0];
    int[] positions = selector.choose(0, size,
        new QuerySelector.Released(new int[0], new Answer[0])).positions();
    return pool.subset(pool.name() + "/queries", positions);
  }

  /**
   * The run's teachers, from the cache when an earlier run or study trained the same ensemble
   * (see {@link EnsembleKey}), else trained into it where {@code teachers.executor} says (with the
   * first round's queries, which a remote backend votes on where it trains); the run folder's
   * teachers/manifest.json says which.
   */
  private CachedEnsemble teachers(RunFolder folder, RunInputs inputs, TeacherBackend backend) {
    EnsembleKey key = ensembleKey(inputs);
    TeacherSettings teachers = config.teachers().settings();
    NetworkSpec network = config.teachers().pretrain() == Pretext.NONE
        || place.cache().holds(key, inputs.partitions().count()) ? teacherNetwork
        : pretrainedTeachers(inputs.publicSplit().pool());
    TeacherTraining training = TeacherTraining.of(teachers).withNetwork(network);
    if (config.teachers().selfTraining().isPresent()) {
      training = training.withTrainer(selfTrainingTeachers(network,
          config.teachers().selfTraining().get(), inputs.publicSplit()));
    }
    CachedEnsemble ensemble = place.cache().obtain(backend, teachers, config.seed(), key,
        training, inputs.partitions(), inputs.publicSplit().holdout(),
        firstRoundQueries(inputs.publicSplit().pool(), inputs.selector()), listener);
    listener.message(ensemble.describe());
    if (place.linkTeachers()) {
      ensemble.linkTeachersInto(folder.path().resolve("teachers"));
    }
    folder.write("teachers/manifest.json",
        Json.write(TeacherManifest.of(ensemble, inputs.partitions(),
            Provenance.Private.of(inputs.data()))));
    return ensemble;
  }

  /**
   * Teachers that learn from the public pool too ({@code teachers.method: self-training}): the
   * student's method on each teacher's partition, its pool the student's unlabelled one (never a
   * validation or held-out example).
   */
  private TeacherTraining.PartitionTrainer selfTrainingTeachers(NetworkSpec network,
      SelfTrainingSettings settings, PublicSplit split) {
    return new SelfTrainingStudent(network, config.teachers().augment(), settings,
        config.teachers().engine()).forTeachers(split.pool(), split.holdout());
  }

  /**
   * The teachers' network started from convolutions pretrained on the unlabelled public {@code
   * pool} ({@code teachers.pretrain}): public images only, so no charge. Only for an ensemble the
   * cache does not hold, since a cached one never trains.
   */
  private NetworkSpec pretrainedTeachers(Dataset pool) {
    PretrainedNetwork pretrained = PretrainedNetwork.pretrain(teacherNetwork,
        config.teachers().pretrain(), config.teachers().pretraining().orElseThrow(), pool,
        Seeds.derive(config.seed(), "pretrain", 0), config.teachers().engineUsed());
    listener.message(pretrained.describe());
    return pretrained;
  }

  /** Trains the student; {@code judgedOn} names the set its progress line is measured on. */
  private StudentResult student(StudentData data, String judgedOn) {
    int restarts = config.student().method() == StudentMethod.SELF_TRAINING
        ? config.student().selfTraining().restarts() : 1;
    listener.stageStarted(Stage.STUDENT, customStudent != null ? 0
        : studentNetwork.epochs() * restarts * config.student().ensemble());
    StudentTrainer trainer = customStudent != null ? customStudent
        : StudentTrainer.of(config.student().settings(), studentNetwork);
    StudentResult student = trainer.train(data,
        Seeds.derive(config.seed(), "student", 0), record -> listener.step(Stage.STUDENT,
            record.pseudoLabels().map(p -> String.format(Locale.ROOT,
                "%s %.4f, %d pseudo-labels", judgedOn, record.accuracy(), p.count()))
                .orElse("")));
    listener.stageDone(Stage.STUDENT);
    return student;
  }

  /**
   * The student's data: the answered queries with their noisy labels, and, for methods that use
   * it, the whole query pool without labels; its learning curve is measured on the validation
   * split when the run has one, so that a study never watches held-out accuracy while it chooses.
   * {@link StudentData} asserts that no example it learns from is a held-out or validation one.
   */
  private StudentData studentData(PublicSplit publicSplit, Dataset queries,
      Labelling labelling) {
    Dataset answered = queries.subset(labelling.answeredPositions());
    Dataset unlabelled = customStudent == null
        && config.student().method() == StudentMethod.SUPERVISED
        ? publicSplit.pool().range(publicSplit.pool().name() + "/unused", 0, 0)
        : publicSplit.pool();
    return new StudentData(answered, labelling.answeredLabels(), unlabelled,
        publicSplit.holdout(), publicSplit.judgedOn());
  }

  private static PartitionLimits limits(RunConfig config) {
    PartitionLimits limits = PartitionLimits.NONE;
    if (config.dataset().privateLimit().isPresent()) {
      limits = limits.withMaxTotal(config.dataset().privateLimit().getAsInt());
    }
    return limits;
  }
}
