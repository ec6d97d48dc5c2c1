package dev.pate.student;

import dev.pate.ensemble.nn.NetworkSpec;

/**
 * A way of training a student (Tribuo's {@code Trainer}: data in, a model with its record out);
 * {@link #of(StudentSettings)} picks the built-in one {@link StudentSettings#method()} names. Bring
 * your own by implementing {@link #train}: the pipeline hands it the answered queries with their
 * noisy labels, the unlabelled pool and the held-out set, and publishes the network it returns.
 */
public interface StudentTrainer {

  /**
   * @param seed >= 1; the same seed and data give the same student
   * @param onEpoch told about each epoch as it ends (progress display)
   */
  StudentResult train(StudentData data, long seed, EpochListener onEpoch);

  /** Called after each epoch. */
  @FunctionalInterface
  interface EpochListener {
    void epochDone(EpochRecord record);

    EpochListener NONE = record -> {};
  }

  /** The student {@code settings} describe, with their built-in network. */
  static StudentTrainer of(StudentSettings settings) {
    return of(settings, NetworkSpec.of(settings.network()));
  }

  /**
   * The student {@code settings} describe, with {@code network} instead of theirs.
   *
   * @throws IllegalArgumentException if {@code settings.ensemble()} joins students of a network
   *     given in code, which {@link dev.pate.ensemble.nn.JoinedNetworks} cannot widen
   */
  static StudentTrainer of(StudentSettings settings, NetworkSpec network) {
    StudentTrainer one = switch (settings.method()) {
      case SUPERVISED -> new SupervisedStudent(network, settings.augment(), settings.engine());
      case SELF_TRAINING -> new SelfTrainingStudent(network, settings.augment(),
          settings.selfTraining(), settings.engine());
    };
    return settings.ensemble() == 1 ? one
        : new EnsembleStudent(one, network, settings.ensemble());
  }
}
