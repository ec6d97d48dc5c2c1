package dev.pate.ensemble.nn;

import java.util.Objects;
import org.deeplearning4j.nn.multilayer.MultiLayerNetwork;

/** A {@link NetworkSpec} of a built-in architecture ({@link NetworkSettings}). */
record ConfiguredNetwork(NetworkSettings settings) implements NetworkSpec {

  ConfiguredNetwork {
    Objects.requireNonNull(settings, "settings");
  }

  @Override
  public MultiLayerNetwork create(InputShape shape, int numClasses, long seed, int trainingSteps) {
    return NetworkBuilder.build(settings, shape, numClasses, seed, trainingSteps);
  }

  @Override
  public java.util.Optional<NetworkSettings> builtIn() {
    return java.util.Optional.of(settings);
  }

  @Override
  public java.util.Optional<String> problemWithInput(InputShape shape) {
    return NetworkBuilder.problemWithInput(settings, shape);
  }

  @Override
  public String name() {
    return settings.architecture().id();
  }

  @Override
  public int epochs() {
    return settings.epochs();
  }

  @Override
  public int batchSize() {
    return settings.batchSize();
  }

  @Override
  public NetworkSpec withTraining(int epochs, int batchSize) {
    return new ConfiguredNetwork(settings.toBuilder().epochs(epochs).batchSize(batchSize).build());
  }

  /** The settings' values: the cache keys built-in networks by the run's settings keys instead. */
  @Override
  public String identity(InputShape shape, int numClasses) {
    return settings.toString();
  }
}
