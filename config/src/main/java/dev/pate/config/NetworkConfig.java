package dev.pate.config;

import dev.pate.ensemble.nn.Architecture;
import dev.pate.ensemble.nn.LearningRateSchedule;
import dev.pate.ensemble.nn.NetworkSettings;
import java.util.List;
import java.util.Optional;

/**
 * The YAML blocks {@code teachers.network} and {@code student.network} (same keys, different
 * defaults), read into {@link NetworkSettings}, whose defaults they take.
 */
final class NetworkConfig {

  private static final NetworkSettings DEFAULTS = NetworkSettings.teacherDefaults();

  static final Key<NetworkSettings, Architecture> ARCHITECTURE =
      Key.of(
          "architecture",
          new ChoiceType<>(Architecture.class),
          DEFAULTS.architecture(),
          "cnn: convolution layers (each followed by 2x2 max-pooling), then dense layers;"
              + " mlp: dense layers only",
          NetworkSettings::architecture);

  static final Key<NetworkSettings, List<Integer>> CONV_FILTERS =
      Key.usedWhen(
          ARCHITECTURE,
          Architecture.CNN,
          "conv_filters",
          new ListType<>(NumberType.integer().atLeast(1), 1, 4),
          DEFAULTS.convFilters(),
          "filters of each convolution layer, in order",
          n -> n.convFilters().isEmpty() ? Optional.empty() : Optional.of(n.convFilters()));

  static final Key<NetworkSettings, Integer> KERNEL =
      Key.usedWhen(
          ARCHITECTURE,
          Architecture.CNN,
          "kernel",
          NumberType.integer().between(1, 9, true).where(k -> k % 2 == 1, "odd"),
          DEFAULTS.kernel().getAsInt(),
          "side of the square convolution kernels (odd, so a kernel has a centre)",
          n -> n.kernel().isPresent() ? Optional.of(n.kernel().getAsInt()) : Optional.empty());

  static final Key<NetworkSettings, List<Integer>> DENSE =
      Key.of(
          "dense",
          new ListType<>(NumberType.integer().atLeast(1), 0, 8),
          DEFAULTS.dense(),
          "units of each hidden dense layer, in order (may be empty; the output layer is implied)",
          NetworkSettings::dense);

  static final Key<NetworkSettings, Double> DROPOUT =
      Key.of(
          "dropout",
          NumberType.number().between(0, 1, false),
          DEFAULTS.dropout(),
          "dropout probability on the hidden dense layers (0: none)",
          NetworkSettings::dropout);

  static final Key<NetworkSettings, Integer> EPOCHS =
      Key.of(
          "epochs",
          NumberType.integer().atLeast(1),
          DEFAULTS.epochs(),
          "passes over the training data",
          NetworkSettings::epochs);

  static final Key<NetworkSettings, Integer> BATCH_SIZE =
      Key.of(
          "batch_size",
          NumberType.integer().atLeast(1),
          DEFAULTS.batchSize(),
          "examples per gradient step",
          NetworkSettings::batchSize);

  static final Key<NetworkSettings, Double> LEARNING_RATE =
      Key.of(
          "learning_rate",
          NumberType.number().greaterThan(0),
          DEFAULTS.learningRate(),
          "Adam learning rate",
          NetworkSettings::learningRate);

  static final Key<NetworkSettings, LearningRateSchedule> LEARNING_RATE_SCHEDULE =
      Key.of(
          "learning_rate_schedule",
          new ChoiceType<>(LearningRateSchedule.class),
          DEFAULTS.learningRateSchedule(),
          "constant, or linear: decays the learning rate to 0 over all training steps",
          NetworkSettings::learningRateSchedule);

  static final Key<NetworkSettings, Double> L2 =
      Key.of(
          "l2",
          NumberType.number().atLeast(0),
          DEFAULTS.l2(),
          "L2 regularisation coefficient on the weights (0: none)",
          NetworkSettings::l2);

  /** The block with the teacher defaults; the student's changes some of them. */
  static final Section<NetworkSettings> SECTION =
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
              new NetworkSettings(
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

  private NetworkConfig() {}
}
