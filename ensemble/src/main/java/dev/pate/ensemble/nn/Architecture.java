package dev.pate.ensemble.nn;

/** The layer layout of a teacher or student network (key {@code network.architecture}). */
public enum Architecture {
  /** Convolution layers (each followed by 2x2 max-pooling), then dense layers. */
  CNN,

  /** Dense layers only, on the flattened image. */
  MLP;

  /** The id in YAML files and reports: the name in lower case, {@code -} for {@code _}. */
  public String id() {
    return name().toLowerCase(java.util.Locale.ROOT).replace('_', '-');
  }
}
