package dev.pate.config;

/** How the Adam learning rate changes during training (key {@code network.learning_rate_schedule}). */
public enum LearningRateSchedule implements Choice {
  /** The learning rate throughout. */
  CONSTANT,

  /**
   * From the learning rate down to 0 in a straight line over all training steps: the last epochs
   * take small steps, so the final network does not jump around a good solution.
   */
  LINEAR;
}
