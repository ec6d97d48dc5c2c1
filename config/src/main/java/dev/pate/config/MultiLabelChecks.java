package dev.pate.config;

import dev.pate.aggregator.multilabel.MultiLabelMechanism;
import dev.pate.ensemble.nn.Architecture;
import dev.pate.ensemble.nn.TrainingEngine;
import dev.pate.student.StudentMethod;
import java.util.Map;

/**
 * The checks of a multi-label run across sections, each a one-line problem naming its key, made
 * when the config loads (before any data is read or any teacher trains): multi-label data needs a
 * multi-label mechanism and single-label data refuses one; the noise is given or planned, not
 * both; and what a multi-label run does not do (active selection, a smooth-sensitivity release,
 * Spark teachers, augmentation, self-training, a validation split) is
 * refused rather than silently skipped.
 */
final class MultiLabelChecks {

  /** MNIST's digits: the benchmark's private canvases come from these, the public ones below. */
  static final int MNIST_TRAIN_DIGITS = 60000;

  static final int MNIST_TEST_DIGITS = 10000;

  private final RunConfig config;
  private final Map<String, Given> given;
  private final Origin file;
  private final Problems problems;

  private MultiLabelChecks(RunConfig config, Map<String, Given> given, Origin file,
      Problems problems) {
    this.config = config;
    this.given = given;
    this.file = file;
    this.problems = problems;
  }

  /** Reports every multi-label problem of {@code config} to {@code problems}. */
  static void check(RunConfig config, Map<String, Given> given, Origin file, Problems problems) {
    new MultiLabelChecks(config, given, file, problems).check();
  }

  /** The key that names the labels of a multi-label data set, for messages. */
  private static String labelsKey(DatasetConfig dataset) {
    return dataset.csv().isPresent() ? "dataset.csv.labels"
        : dataset.images().isPresent() ? "dataset.images.labels"
        : "dataset.name " + dataset.name().id();
  }

  private void check() {
    MultiLabelConfig multi = config.multiLabel();
    boolean multiLabelData = config.dataset().multiLabel();
    if (!multiLabelData) {
      if (multi.enabled()) {
        add("multi_label.mechanism", multi.kind().id() + " answers label sets, but dataset.name "
            + config.dataset().name().id() + " has one class per example (use"
            + " aggregator.mechanism, or multi-label data: dataset.csv.labels,"
            + " dataset.images.labels or dataset.name mnist-multidigit)");
      } else if (multi.sigma().isPresent()) {
        add("multi_label.sigma", "not used without multi_label.mechanism (single-label noise is"
            + " aggregator.sigma)");
      } else if (multi.poolConfidence().isPresent()) {
        add("multi_label.pool_confidence", "not used without multi_label.mechanism (single-label"
            + " pseudo-labels are student.method self-training)");
      }
      return;
    }
    if (!multi.enabled()) {
      add("multi_label.mechanism", "missing; " + labelsKey(config.dataset())
          + " makes the data multi-label, so one of " + MultiLabelMechanism.Kind.ids()
          + " is required");
      return;
    }
    checkSingleLabelKeysUnset();
    checkNoise(multi, config.dataset().labelNames().size());
    checkUnsupported();
    config.dataset().csv().ifPresent(csv -> checkTable());
    config.dataset().multidigit().ifPresent(this::checkCanvases);
  }

  /**
   * The single-label mechanism and its noise keys are not used by a multi-label run: they must
   * keep their defaults (lnmax, gamma 0.05), which a written config.yaml repeats, so that a
   * file that sets them does not look as though they counted.
   */
  private void checkSingleLabelKeysUnset() {
    AggregatorConfig a = config.aggregator();
    String why = "single-label aggregation, not used by a multi-label run (dataset.name "
        + config.dataset().name().id() + "): its mechanism and noise are multi_label.mechanism"
        + " and multi_label.sigma; leave this key out";
    if (a.mechanism() != AggregatorConfig.MECHANISM.defaultValue()) {
      add("aggregator.mechanism", a.mechanism().id() + " is " + why);
    } else if (a.gamma().isPresent() && a.gamma().getAsDouble() != AggregatorConfig.GAMMA.defaultValue()) {
      add("aggregator.gamma", why);
    }
  }

  private void checkNoise(MultiLabelConfig multi, int labels) {
    if (multi.kind() == MultiLabelMechanism.Kind.POWERSET_VOTING
        && labels > MultiLabelMechanism.MAX_POWERSET_LABELS) {
      add("multi_label.mechanism", "powerset-voting counts all 2^labels subsets; "
          + labelsKey(config.dataset()) + " has " + labels + " labels, more than "
          + MultiLabelMechanism.MAX_POWERSET_LABELS + " (use binary-voting or tau-voting)");
      return;
    }
    boolean planned = config.aggregator().planned();
    if (planned && multi.sigma().isPresent()) {
      add("multi_label.sigma", "not allowed when aggregator.noise is auto: the planner chooses it"
          + " from privacy.budget (remove it, or set aggregator.noise: fixed)");
    } else if (!planned && multi.sigma().isEmpty()) {
      add("multi_label.sigma", "missing; expected a number > 0 (required when aggregator.noise is"
          + " fixed; or set aggregator.noise: auto to plan it from privacy.budget)");
    } else if (!planned) {
      try {
        multi.fixedMechanism(labels);
      } catch (IllegalArgumentException e) {
        add("multi_label.sigma", multi.kind().id() + " refuses it: " + e.getMessage());
      }
    }
  }

  private void checkUnsupported() {
    if (config.aggregator().selection() == Selection.ACTIVE
        || config.aggregator().selection() == Selection.TYPICAL) {
      add("aggregator.selection", config.aggregator().selection().id() + " selection is built"
          + " for single-label runs; a multi-label run takes first or random");
    }
    if (config.privacy().release() != DataDependentRelease.NONE) {
      add("privacy.release", config.privacy().release().id() + " is not defined for the"
          + " multi-label mechanisms (no smooth-sensitivity analysis of their data-dependent"
          + " epsilon); use none");
    }
    if (config.teachers().engine() == TrainingEngine.ONEDNN) {
      add("teachers.engine", config.teachers().engine().id() + " trains single-label teachers;"
          + " a multi-label run's teachers (one sigmoid per label) train with dl4j (or auto)");
    }
    if (config.student().engine() == TrainingEngine.ONEDNN) {
      add("student.engine", config.student().engine().id() + " trains single-label students;"
          + " a multi-label run's student (one sigmoid per label) trains with dl4j (or auto)");
    }
    if (config.student().ensemble() != 1) {
      add("student.ensemble", config.student().ensemble() + " joins single-label students; a"
          + " multi-label run trains one student; use 1");
    }
    if (config.teachers().executor() != TeacherExecutor.LOCAL) {
      add("teachers.executor", config.teachers().executor().id() + ": multi-label teachers train"
          + " in this process only; use local");
    }
    if (!config.teachers().augment().isEmpty()) {
      add("teachers.augment", "multi-label teachers train without augmentation; use []");
    }
    if (!config.student().augment().isEmpty()) {
      add("student.augment", "the multi-label student trains without augmentation; use []");
    }
    if (config.teachers().method() == StudentMethod.SELF_TRAINING) {
      add("teachers.method", "self-training pseudo-labels one class per image; multi-label"
          + " teachers train supervised");
    }
    if (config.teachers().pretrain() != dev.pate.ensemble.pretrain.Pretext.NONE) {
      add("teachers.pretrain", config.teachers().pretrain().id() + ": multi-label teachers"
          + " start from random weights; use none");
    }
    if (config.student().method() == StudentMethod.SELF_TRAINING) {
      add("student.method", "self-training pseudo-labels one class per image; use supervised"
          + " (the multi-label student learns from the pool with multi_label.pool_confidence)");
    }
    if (config.dataset().validation() > 0) {
      add("dataset.validation", "a multi-label run has no validation split yet; use 0");
    }
    if (config.dataset().privateLimit().isPresent()) {
      add("dataset.private_limit", "a multi-label run reads all of its private data (the"
          + " benchmark's is dataset.multidigit.private_canvases); remove private_limit");
    }
  }

  /** Tables have no pixels: their teachers and student are MLPs. */
  private void checkTable() {
    String why = " needs images; a multi-label table's networks use mlp";
    if (config.teachers().network().architecture() == Architecture.CNN) {
      add("teachers.network.architecture", "cnn" + why);
    }
    if (config.student().network().architecture() == Architecture.CNN) {
      add("student.network.architecture", "cnn" + why);
    }
  }

  private void checkCanvases(MultiDigitConfig canvases) {
    if (canvases.minDigits() > canvases.maxDigits()) {
      add("dataset.multidigit.min_digits", canvases.minDigits() + " is more than"
          + " dataset.multidigit.max_digits (" + canvases.maxDigits() + ")");
      return;
    }
    long privateDigits = (long) canvases.privateCanvases() * canvases.maxDigits();
    if (privateDigits > MNIST_TRAIN_DIGITS) {
      add("dataset.multidigit.private_canvases", canvases.privateCanvases() + " canvases of up to "
          + canvases.maxDigits() + " digits may need " + privateDigits + " digits; MNIST's"
          + " training set has " + MNIST_TRAIN_DIGITS + " (each digit is used once)");
    }
    long publicDigits = (long) canvases.publicCanvases() * canvases.maxDigits();
    if (publicDigits > MNIST_TEST_DIGITS) {
      add("dataset.multidigit.public_canvases", canvases.publicCanvases() + " canvases of up to "
          + canvases.maxDigits() + " digits may need " + publicDigits + " digits; MNIST's test"
          + " set has " + MNIST_TEST_DIGITS + " (each digit is used once)");
    }
    if (config.dataset().queryPool() >= canvases.publicCanvases()) {
      add("dataset.query_pool", config.dataset().queryPool() + " is not < "
          + "dataset.multidigit.public_canvases (" + canvases.publicCanvases() + "): the canvases"
          + " after the pool are the held-out set, which needs at least one");
    }
    if (config.teachers().count() > canvases.privateCanvases()) {
      add("teachers.count", config.teachers().count() + " is more than"
          + " dataset.multidigit.private_canvases (" + canvases.privateCanvases() + "): every"
          + " teacher needs at least one canvas");
    }
  }

  /** A problem at {@code key}, located where it was given (else at the file). */
  private void add(String key, String message) {
    Given at = given.get(key);
    problems.add(at != null ? at.origin() : file, key, message);
  }
}
