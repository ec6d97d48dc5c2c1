package dev.pate.config;

/** Which images of the query pool are asked to the teachers (key {@code aggregator.selection}). */
public enum Selection implements Choice {
  /** The first {@code queries} images of the pool, in file order. */
  FIRST,

  /** A uniformly random subset of the pool, drawn with the run seed. */
  RANDOM;
}
