package dev.pate.config;

/** The data set a run uses (key {@code dataset.name}). */
public enum DatasetName implements Choice {
  /** MNIST handwritten digits (LeCun et al.), 28x28 grey-scale, 10 classes. */
  MNIST,

  /** Fashion-MNIST (Xiao et al. 2017), 28x28 grey-scale clothing images, 10 classes. */
  FASHION_MNIST,

  /** A table of CSV files described in {@code dataset.csv} (e.g. UCI Adult). */
  CSV,

  /** Images of your own, folders or array files described in {@code dataset.images}. */
  IMAGES,

  /**
   * The generated multi-label benchmark: canvases of two or three MNIST digits side by side, the
   * label set being the digits present ({@code dataset.multidigit}); private canvases from MNIST's
   * training digits, public ones from its test digits.
   */
  MNIST_MULTIDIGIT
}
