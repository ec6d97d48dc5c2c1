package dev.pate.student;

/** How the student learns from the aggregated labels (key {@code student.method}). */
public enum StudentMethod {
  /** Train only on the labelled queries: the baseline every report compares against. */
  SUPERVISED,

  /**
   * FixMatch-style self-training (Sohn et al. 2020): the labelled queries plus the unlabelled
   * public pool, pseudo-labelled by the student itself where it is confident on a weakly augmented
   * image, trained on a strongly augmented one.
   */
  SELF_TRAINING;

  /** The id in YAML files and reports: the name in lower case, {@code -} for {@code _}. */
  public String id() {
    return name().toLowerCase(java.util.Locale.ROOT).replace('_', '-');
  }
}
