package dev.pate.config;

import static java.util.Objects.requireNonNull;

import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * A network architecture and how it is trained (YAML blocks {@code teachers.network} and {@code
 * student.network}; same keys, different defaults).
 *
 * @param architecture cnn or mlp
 * @param convFilters filters of each convolution layer, in order; empty for mlp
 * @param kernel side of the square convolution kernels; empty for mlp
 * @param dense units of each hidden dense layer, in order; may be empty
 * @param dropout dropout probability on hidden dense layers, in [0, 1)
 * @param epochs passes over the training data
 * @param batchSize examples per gradient step
 * @param learningRate Adam learning rate
 * @param learningRateSchedule constant, or linear decay towards 0 over training
 * @param l2 L2 regularisation coefficient on the weights
 */
public record NetworkConfig(
    Architecture architecture,
    List<Integer> convFilters,
    OptionalInt kernel,
    List<Integer> dense,
    double dropout,
    int epochs,
    int batchSize,
    double learningRate,
    LearningRateSchedule learningRateSchedule,
    double l2) {

  static final Key<NetworkConfig, Architecture> ARCHITECTURE =
      Key.of(
          "architecture",
          new ChoiceType<>(Architecture.class),
          Architecture.CNN,
          "cnn: convolution layers (each followed by 2x2 max-pooling), then dense layers;"
              + " mlp: dense layers only",
          NetworkConfig::architecture);

  static final Key<NetworkConfig, List<Integer>> CONV_FILTERS =
      Key.usedWhen(
          ARCHITECTURE,
          Architecture.CNN,
          "conv_filters",
          new ListType<>(NumberType.integer().atLeast(1), 1, 4),
          List.of(16, 32),
          "filters of each convolution layer, in order",
          n -> n.convFilters().isEmpty() ? Optional.empty() : Optional.of(n.convFilters()));

  static final Key<NetworkConfig, Integer> KERNEL =
      Key.usedWhen(
          ARCHITECTURE,
          Architecture.CNN,
          "kernel",
          NumberType.integer().between(1, 9, true).where(k -> k % 2 == 1, "odd"),
          5,
          "side of the square convolution kernels (odd, so a kernel has a centre)",
          n -> n.kernel().isPresent() ? Optional.of(n.kernel().getAsInt()) : Optional.empty());

  static final Key<NetworkConfig, List<Integer>> DENSE =
      Key.of(
          "dense",
          new ListType<>(NumberType.integer().atLeast(1), 0, 8),
          List.of(128),
          "units of each hidden dense layer, in order (may be empty; the output layer is implied)",
          NetworkConfig::dense);

  static final Key<NetworkConfig, Double> DROPOUT =
      Key.of(
          "dropout",
          NumberType.number().between(0, 1, false),
          0.0,
          "dropout probability on the hidden dense layers (0: none)",
          NetworkConfig::dropout);

  static final Key<NetworkConfig, Integer> EPOCHS =
      Key.of(
          "epochs",
          NumberType.integer().atLeast(1),
          15,
          "passes over the training data",
          NetworkConfig::epochs);

  static final Key<NetworkConfig, Integer> BATCH_SIZE =
      Key.of(
          "batch_size",
          NumberType.integer().atLeast(1),
          32,
          "examples per gradient step",
          NetworkConfig::batchSize);

  static final Key<NetworkConfig, Double> LEARNING_RATE =
      Key.of(
          "learning_rate",
          NumberType.number().greaterThan(0),
          0.001,
          "Adam learning rate",
          NetworkConfig::learningRate);

  static final Key<NetworkConfig, LearningRateSchedule> LEARNING_RATE_SCHEDULE =
      Key.of(
          "learning_rate_schedule",
          new ChoiceType<>(LearningRateSchedule.class),
          LearningRateSchedule.LINEAR,
          "constant, or linear: decays the learning rate to 0 over all training steps",
          NetworkConfig::learningRateSchedule);

  static final Key<NetworkConfig, Double> L2 =
      Key.of(
          "l2",
          NumberType.number().atLeast(0),
          0.0,
          "L2 regularisation coefficient on the weights (0: none)",
          NetworkConfig::l2);

  /** The block with the teacher defaults; the student's changes some of them. */
  static final Section<NetworkConfig> SECTION =
      Section.of(
          "network",
          "network architecture and training",
          List.of(
              ARCHITECTURE,
              CONV_FILTERS,
              KERNEL,
              DENSE,
              DROPOUT,
              EPOCHS,
              BATCH_SIZE,
              LEARNING_RATE,
              LEARNING_RATE_SCHEDULE,
              L2),
          v ->
              new NetworkConfig(
                  v.get(ARCHITECTURE),
                  v.find(CONV_FILTERS).orElse(List.of()),
                  v.findInt(KERNEL),
                  v.get(DENSE),
                  v.get(DROPOUT),
                  v.get(EPOCHS),
                  v.get(BATCH_SIZE),
                  v.get(LEARNING_RATE),
                  v.get(LEARNING_RATE_SCHEDULE),
                  v.get(L2)));

  /**
   * Checks the structure only (no nulls, cnn fields present exactly for cnn); value ranges are
   * checked by {@link ConfigLoader}.
   */
  public NetworkConfig {
    requireNonNull(architecture, "architecture");
    convFilters = List.copyOf(convFilters);
    requireNonNull(kernel, "kernel");
    requireNonNull(learningRateSchedule, "learningRateSchedule");
    dense = List.copyOf(dense);
    boolean cnn = architecture == Architecture.CNN;
    if (cnn == convFilters.isEmpty() || cnn != kernel.isPresent()) {
      throw new IllegalArgumentException(
          "convFilters and kernel: must be given for cnn and empty for mlp; got "
              + architecture
              + " with convFilters "
              + convFilters
              + ", kernel "
              + kernel);
    }
  }

  /** The same network and training, for {@code epochs} epochs. */
  public NetworkConfig withEpochs(int epochs) {
    return new NetworkConfig(architecture, convFilters, kernel, dense, dropout, epochs, batchSize,
        learningRate, learningRateSchedule, l2);
  }
}
