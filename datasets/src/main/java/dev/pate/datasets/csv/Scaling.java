package dev.pate.datasets.csv;

/** How numeric columns are scaled, with statistics fitted on the public pool. */
public enum Scaling {
  /** {@code (x - mean) / standard deviation}. */
  STANDARD,

  /** {@code (x - min) / (max - min)}: the pool's values land in [0, 1]. */
  MINMAX,

  /** The raw numbers. */
  NONE
}
