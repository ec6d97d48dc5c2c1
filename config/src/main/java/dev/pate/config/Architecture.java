package dev.pate.config;

/** The layer layout of a teacher or student network (key {@code network.architecture}). */
public enum Architecture implements Choice {
  /** Convolution layers (each followed by 2x2 max-pooling), then dense layers. */
  CNN("cnn"),

  /** Dense layers only, on the flattened image. */
  MLP("mlp");

  private final String id;

  Architecture(String id) {
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
