package dev.pate.ensemble.nn;

/** How the Adam learning rate changes during training (key {@code network.learning_rate_schedule}). */
public enum LearningRateSchedule {
  /** The learning rate throughout. */
  CONSTANT,

  /**
   * From the learning rate down to 0 in a straight line over all training steps: the last epochs
   * take small steps, so the final network does not jump around a good solution.
   */
  LINEAR;

  /** The id in YAML files and reports: the name in lower case, {@code -} for {@code _}. */
  public String id() {
    return name().toLowerCase(java.util.Locale.ROOT).replace('_', '-');
  }
}
