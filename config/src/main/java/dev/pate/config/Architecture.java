package dev.pate.config;

/** The layer layout of a teacher or student network (key {@code network.architecture}). */
public enum Architecture implements Choice {
  /** Convolution layers (each followed by 2x2 max-pooling), then dense layers. */
  CNN,

  /** Dense layers only, on the flattened image. */
  MLP;
}
