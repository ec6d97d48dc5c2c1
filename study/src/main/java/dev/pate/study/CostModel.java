package dev.pate.study;

import dev.pate.config.ConfigWriter;
import dev.pate.config.RunConfig;
import dev.pate.ensemble.nn.NetworkCost;
import dev.pate.ensemble.nn.NetworkSettings;
import dev.pate.ensemble.nn.TrainingEngine;
import dev.pate.pipeline.cache.EnsembleManifest;
import dev.pate.student.SelfTrainingSettings;
import dev.pate.student.StudentMethod;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Seconds per image and epoch of training a network on one worker, for cost estimates: measured
 * on this machine where teachers (or students) of the same shape were trained before by the same
 * engine (oneDNN's primitives and DL4J's layers differ several times over), else a guess from the
 * network's size, scaled by how far it was off for networks of other shapes the engine trained
 * here where their sizes are known (finished students), or else as it is: calibrated on the
 * 16/32-filter MNIST CNN as DL4J's layers train it (about 0.38 ms per image-epoch per worker with
 * two workers of one native thread each, oneDNN kernels, augmentation and evaluation included;
 * 1.12 million multiply-adds per forward pass).
 * A forward pass (a vote) costs about a third of a training step.
 */
final class CostModel {
  /** Keys that decide a network's cost per image (not its epochs or learning rate). */
  private static final List<String> SHAPE =
      List.of("architecture", "conv_filters", "kernel", "dense", "batch_size");
  private static final double OVERHEAD_SECONDS = 5e-5;
  private static final double SECONDS_PER_MULTIPLY_ADD = 2.9e-10;
  static final double FORWARD_SHARE = 1.0 / 3;

  /** A cost and where it comes from, e.g. "measured on 2 cached ensembles". */
  record Estimate(double secondsPerImageEpoch, String source) {
    @Override
    public String toString() {
      return String.format(Locale.ROOT, "%.2f ms per image-epoch (%s)",
          secondsPerImageEpoch * 1000, source);
    }
  }

  /**
   * A measured training: the config values of its network, the engine that trained it (a
   * teacher's as its cache key names it, {@link TrainingEngine#cacheId()}; a student's as its
   * report does, {@link TrainingEngine#id()}), seconds and image-epochs, and what the size guess
   * ({@link #guess}, on one thread) says of its network per image-epoch: NaN where its input's
   * size is not known (a cached ensemble's key does not name it).
   */
  record Sample(Map<String, String> values, String prefix, String engine, double seconds,
      double imageEpochs, double guessed) {
    Sample(Map<String, String> values, String prefix, String engine, double seconds,
        double imageEpochs) {
      this(values, prefix, engine, seconds, imageEpochs, Double.NaN);
    }
  }

  private final List<Sample> samples;

  CostModel(List<Sample> samples) {
    this.samples = List.copyOf(samples);
  }

  /** Costs measured by the cached ensembles (and by {@code students}, finished students). */
  static CostModel of(List<EnsembleManifest> ensembles, List<Sample> students) {
    List<Sample> samples = new ArrayList<>(students);
    for (EnsembleManifest m : ensembles) {
      // A manifest counts a teacher's partition once per epoch; a self-training teacher also
      // trains on the pool, which the manifest does not record: its time per image-epoch would
      // be taken for a supervised teacher's. Left out: such teachers are estimated by the guess.
      if ("self-training".equals(m.key().settings().get("teachers.method"))) {
        continue;
      }
      double seconds = m.secondsPerImageEpoch();
      samples.add(new Sample(m.key().settings(), "teachers.network.",
          teacherEngine(m.key().settings()), seconds, 1));
    }
    return new CostModel(samples);
  }

  /** Seconds per image-epoch of one teacher worker (one native thread). */
  Estimate teachers(RunConfig config, int rows, int cols) {
    return estimate(config, "teachers.network.", config.teacherEngine().cacheId(),
        config.teachers().network(), rows, cols, 1);
  }

  /** The engine that trained a cached ensemble, from its key (which omits dl4j). */
  private static String teacherEngine(Map<String, String> keySettings) {
    return keySettings.getOrDefault("teachers.engine", TrainingEngine.DL4J.cacheId());
  }

  /** Seconds per image-epoch of the student, which trains on every core. */
  Estimate student(RunConfig config, int rows, int cols) {
    return estimate(config, "student.network.", config.studentEngine().id(),
        config.student().network(), rows, cols, Runtime.getRuntime().availableProcessors());
  }

  private Estimate estimate(RunConfig config, String prefix, String engine,
      NetworkSettings network, int rows, int cols, int cores) {
    Map<String, String> values = ConfigWriter.values(config);
    double seconds = 0;
    double imageEpochs = 0;
    int matches = 0;
    for (Sample s : samples) {
      if (engine.equals(s.engine()) && SHAPE.stream().allMatch(k -> String.valueOf(
          values.get(prefix + k)).equals(String.valueOf(s.values().get(s.prefix() + k))))) {
        seconds += s.seconds();
        imageEpochs += s.imageEpochs();
        matches++;
      }
    }
    if (matches > 0) {
      return new Estimate(seconds / imageEpochs, "measured on " + matches + " earlier"
          + (matches == 1 ? " training" : " trainings") + " of this network by " + engine);
    }
    // Networks of other shapes measured here by the same engine say how far the size guess is
    // off on this machine (it was calibrated on DL4J's layers; oneDNN's steps run 2-3x faster).
    double measured = 0;
    double guessed = 0;
    int others = 0;
    for (Sample s : samples) {
      if (engine.equals(s.engine()) && prefix.equals(s.prefix()) && s.guessed() > 0) {
        measured += s.seconds();
        guessed += s.guessed() * s.imageEpochs();
        others++;
      }
    }
    double perThread = guess(network, rows, cols);
    if (others > 0) {
      // Measured as they trained (a student on every core), so the scale carries the cores too.
      double scale = measured / guessed;
      return new Estimate(perThread * scale, String.format(Locale.ROOT, "a guess from the"
          + " network's size, scaled by %.2f as measured on %d earlier %s of other networks by"
          + " %s", scale, others, others == 1 ? "training" : "trainings", engine));
    }
    // The guess is per native thread; a network trained on several cores is taken to divide it
    // among them (the 32/64 student CNN: measured 0.47 ms per image-epoch on 2 cores, guessed
    // 0.59).
    return new Estimate(perThread / cores, "a guess from the network's size"
        + (cores > 1 ? " on " + cores + " cores" : "") + "; none of this shape trained here by "
        + engine + " yet");
  }

  /** The size guess of a network's seconds per image-epoch on one native thread. */
  static double guess(NetworkSettings network, int rows, int cols) {
    return OVERHEAD_SECONDS + SECONDS_PER_MULTIPLY_ADD * multiplyAdds(network, rows, cols);
  }

  /**
   * The image-epochs (training images, with forward passes at {@link #FORWARD_SHARE}) of a run's
   * student on {@code labelled} answered queries and, when it self-trains, a pool of {@code pool}
   * images: every network trained, {@link #studentsTrained} of them.
   */
  static double studentImageEpochs(RunConfig config, double labelled, double pool) {
    return studentsTrained(config) * imageEpochs(config.student().network(),
        selfTraining(config) ? Optional.of(config.student().selfTraining()) : Optional.empty(),
        labelled, pool);
  }

  /** Networks a run's student trains: each restart of each ensemble member. */
  static int studentsTrained(RunConfig config) {
    return config.student().ensemble()
        * (selfTraining(config) ? config.student().selfTraining().restarts() : 1);
  }

  private static boolean selfTraining(RunConfig config) {
    return config.student().method() == StudentMethod.SELF_TRAINING;
  }

  /** As {@link #studentImageEpochs}, for one teacher of {@code partition} private images. */
  static double teacherImageEpochs(RunConfig config, double partition, double pool) {
    return imageEpochs(config.teachers().network(), config.teachers().selfTraining(), partition,
        pool);
  }

  /**
   * The image-epochs of a network trained on {@code labelled} examples and, when it self-trains,
   * a pool of {@code pool} images: each epoch has one step per {@code unlabelled_ratio x batch}
   * pool images, a step trains a labelled batch and after the warm-up also that many
   * pseudo-labelled images, and each epoch after the warm-up first pseudo-labels the whole pool
   * (a forward pass). Supervised training passes over its labelled examples once per epoch.
   */
  private static double imageEpochs(NetworkSettings network,
      Optional<SelfTrainingSettings> selfTraining, double labelled, double pool) {
    if (selfTraining.isEmpty() || pool <= 0) {
      return labelled * network.epochs();
    }
    SelfTrainingSettings self = selfTraining.get();
    int batch = network.batchSize();
    double poolBatch = (double) self.unlabelledRatio() * batch;
    double steps = Math.ceil(pool / poolBatch);
    int warmup = Math.min(self.warmupEpochs(), network.epochs());
    int full = network.epochs() - warmup;
    return warmup * steps * batch + full * (steps * (batch + poolBatch) + FORWARD_SHARE * pool);
  }

  /** Multiply-adds of one forward pass over a rows x cols image (10 classes). */
  static double multiplyAdds(NetworkSettings network, int rows, int cols) {
    return NetworkCost.multiplyAdds(network, rows, cols, 10);
  }
}
