package dev.pate.config;

/** How numeric CSV columns are scaled (key {@code dataset.csv.scaling}). */
public enum Scaling implements Choice {
  /** {@code (x - mean) / standard deviation}, fitted on the public pool. */
  STANDARD,

  /** {@code (x - min) / (max - min)}, fitted on the public pool. */
  MINMAX,

  /** The raw numbers. */
  NONE;
}
