package dev.pate.ensemble.nn;

import org.deeplearning4j.nn.conf.MultiLayerConfiguration;
import org.deeplearning4j.nn.multilayer.MultiLayerNetwork;

/**
 * What a teacher or the student is and how it trains: fresh networks for an input shape and a
 * class count, and the epochs and batch size of the training loop. Either a built-in architecture
 * ({@link #of(NetworkSettings)}, what a YAML {@code network} block says) or your own DL4J
 * configuration ({@link #custom}).
 */
public interface NetworkSpec {

  /**
   * A fresh, initialised network.
   *
   * @param seed >= 1 (ND4J's seed 0 is not deterministic)
   * @param trainingSteps the gradient steps it will take, for learning-rate schedules that end
   *     with the training
   */
  MultiLayerNetwork create(InputShape shape, int numClasses, long seed, int trainingSteps);

  /** The built-in network's settings, or empty for a network given in code. */
  default java.util.Optional<NetworkSettings> builtIn() {
    return java.util.Optional.empty();
  }

  /** A short name for reports: the architecture ({@code cnn}, {@code mlp}) or {@code custom}. */
  String name();

  /** Passes over the training examples. */
  int epochs();

  /** Examples per gradient step. */
  int batchSize();

  /** This network with another training length and batch size. */
  NetworkSpec withTraining(int epochs, int batchSize);

  /**
   * What decides the network for this input and class count, as text: equal identities train
   * equal networks from equal data and seeds. The teacher cache keys ensembles by it.
   */
  String identity(InputShape shape, int numClasses);

  /**
   * Why this network cannot take {@code shape} (its convolution layers leave nothing of the
   * image), naming the config key; empty if it can, or if only building it would tell (a custom
   * network, which DL4J checks).
   */
  default java.util.Optional<String> problemWithInput(InputShape shape) {
    return java.util.Optional.empty();
  }

  /** Gradient steps of {@link #epochs()} passes over {@code examples} in batches. */
  default int trainingSteps(int examples) {
    return epochs() * ((examples + batchSize() - 1) / batchSize());
  }

  /** The built-in network {@code settings} describe ({@link NetworkBuilder}). */
  static NetworkSpec of(NetworkSettings config) {
    return new ConfiguredNetwork(config);
  }

  /**
   * Your own network: {@code configurations} gives its DL4J configuration (with its own updater
   * and learning rate) for an input shape, a class count and a seed; pate trains it for {@code
   * epochs} passes in batches of {@code batchSize}.
   */
  static NetworkSpec custom(Configurations configurations, int epochs, int batchSize) {
    return new CustomNetwork(configurations, epochs, batchSize);
  }

  /** Your network's DL4J configuration. */
  @FunctionalInterface
  interface Configurations {
    /**
     * The configuration for inputs of {@code shape} (networks take flat rows: give {@link
     * InputShape#inputType()} to {@code setInputType}) and {@code numClasses} outputs, seeded with
     * {@code seed}.
     */
    MultiLayerConfiguration configuration(InputShape shape, int numClasses, long seed);
  }
}
