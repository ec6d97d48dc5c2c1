package dev.pate.config;

import static java.util.Objects.requireNonNull;

import dev.pate.ensemble.TeacherSettings;
import dev.pate.ensemble.augment.Augmentation;
import dev.pate.ensemble.nn.NetworkSettings;
import dev.pate.ensemble.nn.NetworkSpec;
import dev.pate.ensemble.nn.TrainingEngine;
import dev.pate.ensemble.pretrain.PretrainSettings;
import dev.pate.ensemble.pretrain.Pretext;
import dev.pate.student.SelfTrainingSettings;
import dev.pate.student.StudentMethod;
import java.util.List;
import java.util.Optional;

/**
 * The teacher ensemble (YAML block {@code teachers}): {@code count} networks, each trained on its
 * own disjoint partition of the private data.
 *
 * @param count number of teachers
 * @param workers teachers trained in parallel
 * @param threadsPerWorker native (OpenMP/BLAS) threads of each worker
 * @param network every teacher's architecture and training
 * @param augment augmentations of each teacher's training images, redrawn every epoch
 * @param engine what runs each teacher's training steps
 * @param executor where the teachers are trained and vote
 * @param spark the Spark cluster; present exactly when {@code executor} is {@code spark}
 * @param method how each teacher learns: from its partition alone, or self-training on the
 *     unlabelled public pool too
 * @param selfTraining the self-training settings; present exactly when {@code method} is
 *     self-training
 * @param pretrain the pretext task the teachers' convolutions first learn on the unlabelled public
 *     pool, or none
 * @param pretraining how the pretext network trains; present exactly when {@code pretrain} is not
 *     none
 */
public record TeachersConfig(int count, int workers, int threadsPerWorker, NetworkSettings network,
    List<Augmentation> augment, TrainingEngine engine, TeacherExecutor executor,
    Optional<SparkConfig> spark, StudentMethod method,
    Optional<SelfTrainingSettings> selfTraining, Pretext pretrain,
    Optional<PretrainSettings> pretraining) {

  static final Key<TeachersConfig, Integer> COUNT =
      Key.of(
          "count",
          NumberType.integer().atLeast(1),
          250,
          "number of teachers; each trains on its own disjoint partition of the private data",
          TeachersConfig::count);

  static final Key<TeachersConfig, Integer> WORKERS =
      Key.of(
          "workers",
          NumberType.integer().atLeast(1),
          2,
          "teachers trained in parallel",
          TeachersConfig::workers);

  static final Key<TeachersConfig, Integer> THREADS_PER_WORKER =
      Key.of(
          "threads_per_worker",
          NumberType.integer().atLeast(1),
          1,
          "native (OpenMP/BLAS) threads each worker uses",
          TeachersConfig::threadsPerWorker);

  static final Child<TeachersConfig, NetworkSettings> NETWORK =
      new Child<>(NetworkConfig.SECTION, TeachersConfig::network);

  /**
   * A teacher sees a few hundred images (240 each for 250 MNIST teachers), so it overfits them;
   * shifted and rotated copies are a cheap cure that costs no privacy (the same private images).
   */
  static final Key<TeachersConfig, List<Augmentation>> AUGMENT =
      Key.of(
          "augment",
          Augmentations.listType(),
          List.of(),
          "augmentations of each teacher's training images (image datasets), redrawn each"
              + " epoch (flip only where a mirror image keeps its label); none by default",
          TeachersConfig::augment);

  /**
   * Teachers outgrow one machine long before the rest of a run does; a Spark cluster trains them
   * with the same seeds and partitions, so the executor decides where, never what, is learned.
   */
  static final Key<TeachersConfig, TeacherExecutor> EXECUTOR =
      Key.of(
          "executor",
          new ChoiceType<>(TeacherExecutor.class),
          TeacherExecutor.LOCAL,
          "where teachers are trained and vote: local (this JVM, on workers threads) or spark"
              + " (Spark tasks on the executors of teachers.spark.master, the same teachers and"
              + " votes; needs the spark module, built by default)",
          TeachersConfig::executor);

  static final Key<TeachersConfig, TrainingEngine> ENGINE =
      Key.of(
          "engine",
          new ChoiceType<>(TrainingEngine.class),
          TrainingEngine.AUTO,
          "what runs each teacher's training steps: onednn (oneDNN's primitives directly, the"
              + " teacher then saved and voting as a DL4J network; the built-in cnn and mlp,"
              + " single-label; 2-2.5x dl4j's speed, docs/training.md#training-engines),"
              + " dl4j (DL4J's layers; any network), or auto: onednn where it can train the"
              + " teachers, else dl4j; report.json and the cache key name the engine used, and"
              + " the same seed gives the same teachers under the same engine",
          TeachersConfig::engine);

  static final Child<TeachersConfig, SparkConfig> SPARK =
      Child.usedWhen(EXECUTOR, TeacherExecutor.SPARK, SparkConfig.SECTION, TeachersConfig::spark);

  /**
   * Better teachers agree more, and agreement is what makes answers right under noise and cheap
   * in the data-dependent analysis. The public pool is free to learn from: each teacher still
   * sees only its own private partition, so one private record still changes one teacher's vote.
   */
  static final Key<TeachersConfig, StudentMethod> METHOD =
      Key.of(
          "method",
          new ChoiceType<>(StudentMethod.class),
          StudentMethod.SUPERVISED,
          "how each teacher learns: supervised (its private partition alone) or self-training"
              + " (also the unlabelled public query pool, pseudo-labelled FixMatch-style as the"
              + " student does, teachers.self_training; the validation split and the held-out"
              + " examples are never in it; local executor only, single-label)",
          TeachersConfig::method);

  static final Child<TeachersConfig, SelfTrainingSettings> SELF_TRAINING =
      Child.usedWhen(METHOD, StudentMethod.SELF_TRAINING, SelfTrainingConfig.SECTION,
          TeachersConfig::selfTraining);

  /**
   * A teacher of 60 images learns little about what clothes look like; the public pool, unlabelled,
   * shows thousands. Learning its shapes first (which way up is each image?) costs no privacy and
   * leaves each teacher's partition to teach the classes.
   */
  static final Key<TeachersConfig, Pretext> PRETRAIN =
      Key.of(
          "pretrain",
          new ChoiceType<>(Pretext.class),
          Pretext.NONE,
          "what the teachers' convolution layers learn first, on the unlabelled public query pool"
              + " (never a validation or held-out example, nor a label): rotation (which quarter"
              + " turn was applied to a pool image, teachers.pretraining; then every teacher"
              + " starts from those convolutions and trains on its partition as usual) or none."
              + " No privacy cost: the pool is public. Built-in cnn teachers on square images,"
              + " local executor, single-label",
          TeachersConfig::pretrain);

  static final Child<TeachersConfig, PretrainSettings> PRETRAINING =
      Child.usedWhen(PRETRAIN, Pretext.ROTATION, PretrainConfig.SECTION,
          TeachersConfig::pretraining);

  static final Section<TeachersConfig> SECTION =
      Section.of(
          "teachers",
          "the teacher ensemble trained on disjoint partitions of the private data",
          List.of(COUNT, WORKERS, THREADS_PER_WORKER, NETWORK, AUGMENT, ENGINE, EXECUTOR, SPARK,
              METHOD, SELF_TRAINING, PRETRAIN, PRETRAINING),
          v ->
              new TeachersConfig(v.get(COUNT), v.get(WORKERS), v.get(THREADS_PER_WORKER),
                  v.get(NETWORK), v.get(AUGMENT), v.get(ENGINE), v.get(EXECUTOR),
                  v.find(SPARK), v.get(METHOD), v.find(SELF_TRAINING), v.get(PRETRAIN),
                  v.find(PRETRAINING)));

  /**
   * Checks for nulls, and that {@code spark} is present exactly for the spark executor; value
   * ranges are checked by {@link ConfigLoader}.
   */
  public TeachersConfig {
    requireNonNull(network, "network");
    augment = List.copyOf(augment);
    requireNonNull(executor, "executor");
    requireNonNull(spark, "spark");
    if (spark.isPresent() != (executor == TeacherExecutor.SPARK)) {
      throw new IllegalArgumentException("spark: " + (spark.isPresent() ? "must be empty"
          : "required") + " for executor " + executor.id());
    }
    requireNonNull(engine, "engine");
    requireNonNull(method, "method");
    requireNonNull(selfTraining, "selfTraining");
    if (selfTraining.isPresent() != (method == StudentMethod.SELF_TRAINING)) {
      throw new IllegalArgumentException("selfTraining: " + (selfTraining.isPresent()
          ? "must be empty" : "required") + " for method " + method.id());
    }
    requireNonNull(pretrain, "pretrain");
    requireNonNull(pretraining, "pretraining");
    if (pretraining.isPresent() != (pretrain != Pretext.NONE)) {
      throw new IllegalArgumentException("pretraining: " + (pretraining.isPresent()
          ? "must be empty" : "required") + " for pretrain " + pretrain.id());
    }
  }

  /** Supervised teachers trained in this JVM. */
  public TeachersConfig(int count, int workers, int threadsPerWorker, NetworkSettings network,
      List<Augmentation> augment) {
    this(count, workers, threadsPerWorker, network, augment, TrainingEngine.AUTO,
        TeacherExecutor.LOCAL, Optional.empty(), StudentMethod.SUPERVISED, Optional.empty(),
        Pretext.NONE, Optional.empty());
  }

  /** The ensemble these keys describe, for the ensemble module (all but where it trains). */
  public TeacherSettings settings() {
    return new TeacherSettings(count, network, augment, workers, threadsPerWorker, engine);
  }

  /** The engine that trains single-label teachers of {@code network}: auto resolved. */
  public TrainingEngine engineUsed() {
    return engine.resolve(NetworkSpec.of(network));
  }

  /** Teachers trained without augmentation, in this JVM. */
  public TeachersConfig(int count, int workers, int threadsPerWorker, NetworkSettings network) {
    this(count, workers, threadsPerWorker, network, List.of());
  }
}
