package dev.pate.config;

/** Which examples of the query pool are asked to the teachers (key {@code aggregator.selection}). */
public enum Selection implements Choice {
  /** The first {@code queries} images of the pool, in file order. */
  FIRST,

  /** A uniformly random subset of the pool, drawn with the run seed. */
  RANDOM,

  /**
   * Active learning in {@code active_rounds} rounds: a random first round, then each round asks the
   * pool images that a student trained on the answers so far is least sure about (smallest margin
   * between its two most probable classes). The choice depends only on public images and on
   * answers already released, so it costs no privacy beyond the answers themselves.
   */
  ACTIVE;
}
