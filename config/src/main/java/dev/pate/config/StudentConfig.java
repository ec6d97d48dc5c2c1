package dev.pate.config;

import static java.util.Objects.requireNonNull;

import dev.pate.ensemble.augment.Augmentation;
import dev.pate.ensemble.nn.NetworkSettings;
import dev.pate.ensemble.nn.TrainingEngine;
import dev.pate.student.SelfTrainingSettings;
import dev.pate.student.StudentMethod;
import dev.pate.student.StudentSettings;
import java.util.List;

/**
 * The student model trained on the aggregated labels (YAML block {@code student}).
 *
 * @param train whether a student is trained at all; false for studies of the aggregation alone
 *     (teachers, noise and privacy cost), which then cost no student training
 * @param method how the student learns from the labelled queries
 * @param network the student's architecture and training
 * @param augment augmentations of its labelled training images (the weak augmentation of
 *     self-training), applied afresh each epoch
 * @param selfTraining settings of the self-training method (ignored by the others)
 * @param engine what runs the student's training steps
 * @param ensemble students trained alike from different seeds and released joined as one
 */
public record StudentConfig(boolean train, StudentMethod method, NetworkSettings network,
    List<Augmentation> augment, SelfTrainingSettings selfTraining, TrainingEngine engine,
    int ensemble) {

  static final Key<StudentConfig, Boolean> TRAIN =
      Key.of(
          "train",
          new BooleanType(),
          true,
          "whether to train a student; false: the run stops after labelling (studies of the"
              + " aggregation alone)",
          StudentConfig::train);

  static final Key<StudentConfig, StudentMethod> METHOD =
      Key.of(
          "method",
          new ChoiceType<>(StudentMethod.class),
          StudentMethod.SUPERVISED,
          "how the student learns: supervised (the labelled queries only) or self-training (also"
              + " the unlabelled public pool, pseudo-labelled FixMatch-style; on table rows, without"
              + " augmentation)",
          StudentConfig::method);

  /** The student's network defaults ({@link NetworkSettings#studentDefaults()} says why). */
  static final Child<StudentConfig, NetworkSettings> NETWORK =
      new Child<>(
          NetworkConfig.SECTION
              .withDefault(NetworkConfig.CONV_FILTERS,
                  NetworkSettings.studentDefaults().convFilters())
              .withDefault(NetworkConfig.DROPOUT, NetworkSettings.studentDefaults().dropout())
              .withDefault(NetworkConfig.EPOCHS, NetworkSettings.studentDefaults().epochs()),
          StudentConfig::network);

  static final Key<StudentConfig, List<Augmentation>> AUGMENT =
      Key.of(
          "augment",
          Augmentations.listType(),
          List.of(),
          "augmentations of the labelled training images, redrawn each epoch (shift up to 2"
              + " pixels, rotate up to 15 degrees, flip only where a mirror image keeps its"
              + " label); none by default",
          StudentConfig::augment);

  static final Child<StudentConfig, SelfTrainingSettings> SELF_TRAINING =
      new Child<>(SelfTrainingConfig.SECTION, StudentConfig::selfTraining);

  static final Key<StudentConfig, TrainingEngine> ENGINE =
      Key.of(
          "engine",
          new ChoiceType<>(TrainingEngine.class),
          TrainingEngine.AUTO,
          "what runs the student's training steps: onednn (oneDNN's primitives directly, the"
              + " student then evaluated and released as a DL4J network; the built-in cnn and"
              + " mlp, single-label; docs/training.md#training-engines), dl4j (DL4J's layers),"
              + " or auto: onednn where it can train the student, else dl4j; report.json names"
              + " the engine used, and the same seed gives the same student under the same"
              + " engine",
          StudentConfig::engine);

  static final Key<StudentConfig, Integer> ENSEMBLE =
      Key.of(
          "ensemble",
          NumberType.integer().atLeast(1),
          1,
          "students trained alike from different seeds (ensemble times the training time),"
              + " released as one network, each hidden layer ensemble times as wide, that predicts"
              + " the mean of their logits: students that err differently outvote each other's"
              + " mistakes. All learn from the same answered labels and public pool: no privacy"
              + " cost. The built-in cnn and mlp, single-label; 1: one student",
          StudentConfig::ensemble);

  static final Section<StudentConfig> SECTION =
      Section.of(
          "student",
          "the student model trained on the aggregated labels",
          List.of(TRAIN, METHOD, NETWORK, AUGMENT, SELF_TRAINING, ENGINE, ENSEMBLE),
          v -> new StudentConfig(v.get(TRAIN), v.get(METHOD), v.get(NETWORK), v.get(AUGMENT),
              v.get(SELF_TRAINING), v.get(ENGINE), v.get(ENSEMBLE)));

  /** Checks for nulls only; value ranges are checked by {@link ConfigLoader}. */
  public StudentConfig {
    requireNonNull(method, "method");
    requireNonNull(network, "network");
    augment = List.copyOf(augment);
    requireNonNull(selfTraining, "selfTraining");
    requireNonNull(engine, "engine");
  }

  /** The student these keys describe, for the student module (all but {@code train}). */
  public StudentSettings settings() {
    return new StudentSettings(method, network, augment, selfTraining, engine, ensemble);
  }
}
