package dev.pate.config;

/** Which images of the query pool are asked to the teachers (key {@code aggregator.selection}). */
public enum Selection implements Choice {
  /** The first {@code queries} images of the pool, in file order. */
  FIRST("first"),

  /** A uniformly random subset of the pool, drawn with the run seed. */
  RANDOM("random");

  private final String id;

  Selection(String id) {
    this.id = id;
  }

  @Override
  public String id() {
    return id;
  }

  @Override
  public String toString() {
    return id;
  }
}
