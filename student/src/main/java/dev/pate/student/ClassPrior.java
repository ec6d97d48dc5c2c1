package dev.pate.student;

import java.util.Arrays;
import java.util.Locale;

/**
 * What a student may assume about how often each class occurs in its unlabelled pool, without
 * reading the pool's labels: used to align pseudo-labels ({@link PseudoLabelAlignment}) and to
 * choose among restarts ({@link SelfTrainingSettings#restarts}).
 */
public enum ClassPrior {
  /**
   * The labelled examples' class frequencies (the answered queries: post-processing of a charged
   * output), add-one smoothed so that a class without a labelled example keeps some weight.
   */
  LABELS,

  /** Every class equally likely: for pools known to be balanced (MNIST's digits are, nearly). */
  UNIFORM;

  /** The id in YAML files and reports: the name in lower case. */
  public String id() {
    return name().toLowerCase(Locale.ROOT);
  }

  /**
   * The prior, summing to 1.
   *
   * @param labels the labelled examples' classes (read by {@link #LABELS} only)
   * @param classes the number of classes
   */
  double[] of(int[] labels, int classes) {
    double[] prior = new double[classes];
    if (this == UNIFORM) {
      Arrays.fill(prior, 1.0 / classes);
      return prior;
    }
    Arrays.fill(prior, 1.0);
    for (int label : labels) {
      if (label < 0 || label >= classes) {
        throw new IllegalArgumentException("prior: a labelled example has class " + label
            + ", not in [0, " + classes + ")");
      }
      prior[label]++;
    }
    for (int c = 0; c < classes; c++) {
      prior[c] /= labels.length + classes;
    }
    return prior;
  }
}
