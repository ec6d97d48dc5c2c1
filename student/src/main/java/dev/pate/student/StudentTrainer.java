package dev.pate.student;

import dev.pate.config.StudentConfig;
import dev.pate.ensemble.nn.NetworkSpec;

/**
 * A way of training a student (Tribuo's {@code Trainer}: data in, a model with its record out);
 * {@link #forConfig} picks the one {@code student.method} names.
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

  /** The student {@code config} describes, with its {@code network} block. */
  static StudentTrainer forConfig(StudentConfig config) {
    return forConfig(config, NetworkSpec.of(config.network()));
  }

  /** The student {@code config} describes, with {@code network} instead of its network block. */
  static StudentTrainer forConfig(StudentConfig config, NetworkSpec network) {
    return switch (config.method()) {
      case SUPERVISED -> new SupervisedStudent(network, config.augment());
      case SELF_TRAINING -> new SelfTrainingStudent(network, config.augment(),
          config.selfTraining());
    };
  }
}
