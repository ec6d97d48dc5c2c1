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
  ACTIVE,

  /**
   * The pool's most typical images: the pool cut into {@code queries} k-means clusters (on its
   * leading principal components, seeded with the run seed), each cluster asking its member
   * nearest the centre, the largest cluster first. Few labels then cover the whole pool, and the
   * teachers are asked ordinary images they agree on. Reads only the public pool: no privacy cost.
   */
  TYPICAL;
}
