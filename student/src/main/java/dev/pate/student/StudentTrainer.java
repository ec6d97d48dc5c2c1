package dev.pate.student;

import dev.pate.config.StudentConfig;

/** A way of training a student; {@link #forConfig} picks the one {@code student.method} names. */
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

  static StudentTrainer forConfig(StudentConfig config) {
    return switch (config.method()) {
      case SUPERVISED -> new SupervisedStudent(config);
      case SELF_TRAINING -> new SelfTrainingStudent(config);
    };
  }
}
