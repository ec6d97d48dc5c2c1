package dev.pate.ensemble.nn;

import java.util.HashMap;
import java.util.Map;
import org.deeplearning4j.nn.conf.CacheMode;
import org.deeplearning4j.nn.conf.NeuralNetConfiguration;
import org.deeplearning4j.nn.conf.layers.ConvolutionLayer;
import org.deeplearning4j.nn.conf.layers.DenseLayer;
import org.deeplearning4j.nn.conf.layers.OutputLayer;
import org.deeplearning4j.nn.conf.layers.SubsamplingLayer;
import org.deeplearning4j.nn.multilayer.MultiLayerNetwork;
import org.deeplearning4j.nn.weights.WeightInit;
import org.nd4j.linalg.activations.Activation;
import org.nd4j.linalg.learning.config.Adam;
import org.nd4j.linalg.lossfunctions.LossFunctions;
import org.nd4j.linalg.schedule.FixedSchedule;
import org.nd4j.linalg.schedule.ISchedule;
import org.nd4j.linalg.schedule.MapSchedule;
import org.nd4j.linalg.schedule.ScheduleType;

/**
 * Builds a classifier from a {@link NetworkSettings}: for {@code cnn}, one ReLU
 * convolution (no padding) + 2x2 max-pool per entry of {@code conv_filters}, the first an
 * {@link InputConvolutionLayer} (no gradient for the images); then the {@code dense} ReLU
 * layers; then a softmax output. Adam, Xavier init, optional L2 and dropout on dense layers. Every
 * ReLU is a {@link ReluActivation}: DL4J's ReLU, with its gradient computed by vectorised ops.
 */
public final class NetworkBuilder {
  private NetworkBuilder() {}

  /**
   * @param trainingSteps gradient steps the network will take (epochs x batches per epoch); the
   *     linear learning-rate schedule reaches 0 there
   */
  public static MultiLayerNetwork build(NetworkSettings config, InputShape shape, int numClasses,
      long seed, int trainingSteps) {
    return build(config, shape, numClasses, seed, trainingSteps, false);
  }

  /**
   * As {@link #build(NetworkSettings, InputShape, int, long, int)}; with {@code multiLabel} the
   * output is one sigmoid per label with per-label binary cross-entropy (DL4J's {@code XENT})
   * instead of a softmax over classes, so that an example can carry several labels at once.
   */
  public static MultiLayerNetwork build(NetworkSettings config, InputShape shape, int numClasses,
      long seed, int trainingSteps, boolean multiLabel) {
    if (seed < 1) {
      throw new IllegalArgumentException("seed: " + seed + " is not >= 1 (ND4J seed 0 is not"
          + " deterministic)");
    }
    var list = new NeuralNetConfiguration.Builder()
        .seed(seed)
        // Not a cache of the forward pass for backprop (DL4J 1.0.0-M2.1's convolution recomputes
        // it either way): with a cache mode, MultiLayerNetwork keeps backprop's working memory in
        // a reused workspace instead of allocating it every step. 7-15% less processor time a
        // teacher step, 11-13% a student step, the same parameters bit for bit (benchmarks
        // TeacherStepVariants).
        .cacheMode(CacheMode.DEVICE)
        .updater(new Adam(learningRate(config, trainingSteps)))
        .weightInit(WeightInit.XAVIER)
        .l2(config.l2())
        .list();
    if (config.architecture() == Architecture.CNN) {
      if (!shape.image()) {
        throw new IllegalArgumentException("architecture: cnn needs image input; use mlp for tables");
      }
      problemWithInput(config, shape).ifPresent(problem -> {
        throw new IllegalArgumentException(problem);
      });
      int kernel = config.kernel().orElseThrow(
          () -> new IllegalArgumentException("kernel: a cnn needs a kernel size"));
      boolean first = true;
      for (int filters : config.convFilters()) {
        // The first convolution's input is the data: InputConvolutionLayer trains it as DL4J's
        // would but computes no gradient for the images, which nothing uses (0.79-0.82x the
        // processor time of a teacher step, benchmarks TeacherStepVariants input-conv).
        list.layer((first ? new InputConvolutionLayer.Builder(kernel, kernel)
                : new ConvolutionLayer.Builder(kernel, kernel))
            .nOut(filters)
            .activation(new ReluActivation())
            .build());
        first = false;
        list.layer(new SubsamplingLayer.Builder(SubsamplingLayer.PoolingType.MAX)
            .kernelSize(2, 2)
            .stride(2, 2)
            .build());
      }
    }
    for (int units : config.dense()) {
      var dense = new DenseLayer.Builder().nOut(units).activation(new ReluActivation());
      if (config.dropout() > 0) {
        dense.dropOut(1.0 - config.dropout()); // DL4J takes the retain probability.
      }
      list.layer(dense.build());
    }
    list.layer(new OutputLayer.Builder(multiLabel ? LossFunctions.LossFunction.XENT
            : LossFunctions.LossFunction.NEGATIVELOGLIKELIHOOD)
        .nOut(numClasses)
        .activation(multiLabel ? Activation.SIGMOID : Activation.SOFTMAX)
        .build());
    OneDnn.enable();
    MultiLayerNetwork net = new MultiLayerNetwork(list.setInputType(shape.inputType()).build());
    net.init();
    return net;
  }

  /**
   * Why the convolution layers of {@code config} cannot take {@code shape}, or empty if they can:
   * each layer (kernel without padding, then 2x2 pooling) shrinks the image, and it must keep at
   * least one pixel. A cheap check a run makes before any teacher trains, so that a 16x16 image
   * under three 5x5 layers is one line naming the keys, not a DL4J stack trace an hour later.
   *
   * @return e.g. {@code "conv_filters: 3 layers of kernel 5 leave nothing of a 16x16 image
   *     (after layer 2: 1x1); use fewer layers, a smaller kernel, or dataset.images.resize"}
   */
  public static java.util.Optional<String> problemWithInput(NetworkSettings config,
      InputShape shape) {
    if (config.architecture() != Architecture.CNN || !shape.image()
        || config.kernel().isEmpty()) {
      return java.util.Optional.empty();
    }
    int kernel = config.kernel().getAsInt();
    int height = shape.height();
    int width = shape.width();
    int layers = config.convFilters().size();
    for (int layer = 1; layer <= layers; layer++) {
      int convHeight = height - kernel + 1;
      int convWidth = width - kernel + 1;
      if (convHeight < 2 || convWidth < 2) {
        return java.util.Optional.of("conv_filters: " + layers + " convolution layer(s) of"
            + " kernel " + kernel + " (each followed by 2x2 pooling) do not fit a " + shape.height()
            + "x" + shape.width() + " image: layer " + layer + " gets " + height + "x" + width
            + " pixels; use fewer layers, a smaller kernel, or larger images"
            + " (dataset.images.resize)");
      }
      height = convHeight / 2;
      width = convWidth / 2;
    }
    return java.util.Optional.empty();
  }

  /** Pieces of the linear decay: fine enough to be linear in effect, small to serialise. */
  static final int DECAY_PIECES = 100;

  /**
   * The learning rate a network of {@code config} takes at each of its {@code trainingSteps}:
   * what {@link #build} gives DL4J's updater, and {@link OneDnnTrainer} follows.
   */
  public static ISchedule learningRate(NetworkSettings config, int trainingSteps) {
    return switch (config.learningRateSchedule()) {
      case CONSTANT -> new FixedSchedule(config.learningRate());
      case LINEAR -> linearDecay(config.learningRate(), Math.max(1, trainingSteps));
    };
  }

  /**
   * The rate falls linearly from {@code rate} towards 0 over {@code steps} mini-batches (DL4J
   * counts one iteration per fit call), in {@link #DECAY_PIECES} equal steps, the last at
   * rate / DECAY_PIECES. Not DL4J's PolySchedule: in 1.0.0-M2.1 it computes rate * (1 +
   * i / maxIter)^power, which for power 1 <em>rises</em> to twice the rate and then drops to 0.
   * A MapSchedule of built-in type keeps saved models loadable anywhere.
   */
  static ISchedule linearDecay(double rate, int steps) {
    int pieces = Math.min(steps, DECAY_PIECES);
    Map<Integer, Double> values = new HashMap<>();
    for (int k = 0; k < pieces; k++) {
      values.put((int) ((long) k * steps / pieces), rate * (1 - k / (double) pieces));
    }
    return new MapSchedule(ScheduleType.ITERATION, values);
  }
}
