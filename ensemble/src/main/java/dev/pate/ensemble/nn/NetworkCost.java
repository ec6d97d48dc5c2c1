package dev.pate.ensemble.nn;


/**
 * The arithmetic of a network built from a config: multiply-adds of one forward pass, for cost
 * estimates and for throughput figures (achieved GFLOP/s). Training an example costs about three
 * forward passes (the forward pass, and the backward pass's two products per layer).
 */
public final class NetworkCost {
  /** Floating-point operations of one training step per example, in forward passes. */
  public static final double TRAINING_PASSES = 3;

  private NetworkCost() {}

  /** Multiply-adds of one forward pass over a {@code rows x cols} image with one channel. */
  public static double multiplyAdds(NetworkSettings network, int rows, int cols, int classes) {
    double total = 0;
    int height = rows;
    int width = cols;
    int channels = 1;
    if (network.architecture() == Architecture.CNN) {
      int kernel = network.kernel().orElse(1);
      for (int filters : network.convFilters()) {
        height = Math.max(1, height - kernel + 1);
        width = Math.max(1, width - kernel + 1);
        total += (double) height * width * channels * filters * kernel * kernel;
        height = Math.max(1, height / 2);
        width = Math.max(1, width / 2);
        channels = filters;
      }
    }
    double inputs = (double) height * width * channels;
    for (int units : network.dense()) {
      total += inputs * units;
      inputs = units;
    }
    return total + inputs * classes;
  }

  /** Floating-point operations of training on one example once (2 per multiply-add). */
  public static double trainingFlops(NetworkSettings network, int rows, int cols, int classes) {
    return 2 * TRAINING_PASSES * multiplyAdds(network, rows, cols, classes);
  }
}
