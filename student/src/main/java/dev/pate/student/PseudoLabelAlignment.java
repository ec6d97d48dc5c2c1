package dev.pate.student;

/**
 * Distribution alignment of the pseudo-labels (Berthelot et al., ReMixMatch, ICLR 2020), key
 * {@code student.self_training.alignment}.
 *
 * <p>Self-training can confirm its own mistakes: a student that puts part of one class in another
 * pseudo-labels those images wrongly, trains on them, and grows more confident. Alignment works
 * against that drift. Before the confidence test, each pool image's probabilities are multiplied,
 * class by class, by {@code prior / (the student's mean probability of that class over the pool)},
 * then renormalised. A class the student predicts more often than the prior says loses
 * pseudo-labels on its doubtful images, and a class it neglects gains them.
 *
 * <p>The prior ({@link ClassPrior}) is read from the labelled examples the student is given (the
 * answered queries, post-processing of a charged output), or taken uniform. It is never estimated
 * from the pool's true labels.
 */
public enum PseudoLabelAlignment {
  /** The student's own probabilities, as FixMatch. */
  NONE(null),

  /** The prior is {@link ClassPrior#LABELS}: the labelled examples' class frequencies. */
  LABELS(ClassPrior.LABELS),

  /** The prior is {@link ClassPrior#UNIFORM}: every class alike. */
  UNIFORM(ClassPrior.UNIFORM);

  /** The prior aligned to; null for {@link #NONE}, which aligns to nothing. */
  private final ClassPrior prior;

  PseudoLabelAlignment(ClassPrior prior) {
    this.prior = prior;
  }

  /** The id in YAML files and reports: the name in lower case. */
  public String id() {
    return name().toLowerCase(java.util.Locale.ROOT);
  }

  /**
   * The probabilities the confidence test reads: {@code probabilities} itself for {@link #NONE},
   * else new rows aligned as the class comment says.
   *
   * @param probabilities the student's class probabilities, one row per pool image
   * @param labels the labelled examples' classes (read by {@link #LABELS} only)
   * @param classes the number of classes
   */
  float[][] align(float[][] probabilities, int[] labels, int classes) {
    if (this == NONE || probabilities.length == 0) {
      return probabilities;
    }
    double[] prior = this.prior.of(labels, classes);
    double[] poolMean = new double[classes];
    for (float[] row : probabilities) {
      for (int c = 0; c < classes; c++) {
        poolMean[c] += row[c];
      }
    }
    double[] factor = new double[classes];
    for (int c = 0; c < classes; c++) {
      poolMean[c] /= probabilities.length;
      // A class no pool image gives any probability stays at zero (and 0/0 is not a factor).
      factor[c] = poolMean[c] > 0 ? prior[c] / poolMean[c] : 0;
    }
    float[][] aligned = new float[probabilities.length][classes];
    for (int i = 0; i < probabilities.length; i++) {
      double sum = 0;
      for (int c = 0; c < classes; c++) {
        sum += probabilities[i][c] * factor[c];
      }
      for (int c = 0; c < classes; c++) {
        aligned[i][c] = sum > 0 ? (float) (probabilities[i][c] * factor[c] / sum) : 0f;
      }
    }
    return aligned;
  }
}
