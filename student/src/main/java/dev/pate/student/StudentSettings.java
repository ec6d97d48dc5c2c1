package dev.pate.student;

import static java.util.Objects.requireNonNull;

import dev.pate.ensemble.augment.Augmentation;
import dev.pate.ensemble.nn.JoinedNetworks;
import dev.pate.ensemble.nn.NetworkSettings;
import dev.pate.ensemble.nn.TrainingEngine;
import java.util.List;

/**
 * The built-in student trained on the aggregated labels (the YAML block {@code student} reads into
 * this): how it learns, its network, the augmentation of its labelled images. {@link
 * StudentTrainer#of(StudentSettings)} makes the trainer.
 *
 * @param method how the student learns from the labelled queries
 * @param network the student's architecture and training
 * @param augment augmentations of its labelled training images (the weak augmentation of
 *     self-training), applied afresh each epoch
 * @param selfTraining settings of the self-training method (not used by the others)
 * @param engine what runs the student's training steps
 * @param ensemble how many students to train alike from different seeds, >= 1; more than one are
 *     joined into one network that predicts the mean of their logits ({@link JoinedNetworks}),
 *     which is released: post-processing of the same labels, no privacy cost, ensemble times the
 *     training time
 */
public record StudentSettings(StudentMethod method, NetworkSettings network,
    List<Augmentation> augment, SelfTrainingSettings selfTraining, TrainingEngine engine,
    int ensemble) {

  private static final StudentSettings DEFAULTS = new StudentSettings(StudentMethod.SUPERVISED,
      NetworkSettings.studentDefaults(), List.of(), SelfTrainingSettings.defaults(),
      TrainingEngine.AUTO, 1);

  /** Checks for nulls; the parts check their own values. */
  public StudentSettings {
    requireNonNull(method, "method");
    requireNonNull(network, "network");
    augment = List.copyOf(requireNonNull(augment, "augment"));
    requireNonNull(selfTraining, "selfTraining");
    requireNonNull(engine, "engine");
    if (ensemble < 1) {
      throw new IllegalArgumentException("ensemble: " + ensemble + " is not >= 1");
    }
  }

  /** One student (not an ensemble) of these settings. */
  public StudentSettings(StudentMethod method, NetworkSettings network,
      List<Augmentation> augment, SelfTrainingSettings selfTraining, TrainingEngine engine) {
    this(method, network, augment, selfTraining, engine, 1);
  }

  /**
   * A supervised student of {@link NetworkSettings#studentDefaults()}, no augmentation, trained by
   * the {@code auto} engine.
   */
  public static StudentSettings defaults() {
    return DEFAULTS;
  }

  /** The same student, learning by {@code method}. */
  public StudentSettings withMethod(StudentMethod method) {
    return new StudentSettings(method, network, augment, selfTraining, engine, ensemble);
  }

  /** The same student, with {@code network}. */
  public StudentSettings withNetwork(NetworkSettings network) {
    return new StudentSettings(method, network, augment, selfTraining, engine, ensemble);
  }

  /** The same student, with these augmentations of its labelled images. */
  public StudentSettings withAugment(Augmentation... augment) {
    return new StudentSettings(method, network, List.of(augment), selfTraining, engine, ensemble);
  }

  /** The same student, self-training with {@code selfTraining}. */
  public StudentSettings withSelfTraining(SelfTrainingSettings selfTraining) {
    return new StudentSettings(StudentMethod.SELF_TRAINING, network, augment, selfTraining,
        engine, ensemble);
  }

  /** The same student, its steps run by {@code engine}. */
  public StudentSettings withEngine(TrainingEngine engine) {
    return new StudentSettings(method, network, augment, selfTraining, engine, ensemble);
  }

  /** {@code ensemble} students of these settings, joined into one. */
  public StudentSettings withEnsemble(int ensemble) {
    return new StudentSettings(method, network, augment, selfTraining, engine, ensemble);
  }

  /** The same student, trained for {@code epochs} epochs (the interim students of selection). */
  public StudentSettings withEpochs(int epochs) {
    return withNetwork(network.withEpochs(epochs));
  }
}
