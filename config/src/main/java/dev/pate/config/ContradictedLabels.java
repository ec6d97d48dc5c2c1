package dev.pate.config;

/**
 * What self-training does with a labelled query whose aggregated label the student contradicts
 * with a confident prediction (key {@code student.self_training.contradicted_labels}).
 */
public enum ContradictedLabels implements Choice {
  /** Keep training on the aggregated label (FixMatch as published). */
  KEEP,

  /**
   * Leave the query out of the labelled stream for the epoch; it stays in the unlabelled pool,
   * so it is trained on with the student's pseudo-label instead. Noisy aggregation flips some
   * labels (about 9% of the answered queries of Confident-GNMax on the MNIST votes of PATE 2018),
   * and a few hundred labels are too few to outvote their own errors.
   */
  DROP;
}
