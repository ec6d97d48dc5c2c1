package dev.pate.ensemble.nn;

import dev.pate.config.NetworkConfig;
import java.util.Objects;
import org.deeplearning4j.nn.multilayer.MultiLayerNetwork;

/** A {@link NetworkSpec} from a YAML {@code network} block. */
record ConfiguredNetwork(NetworkConfig config) implements NetworkSpec {

  ConfiguredNetwork {
    Objects.requireNonNull(config, "config");
  }

  @Override
  public MultiLayerNetwork create(InputShape shape, int numClasses, long seed, int trainingSteps) {
    return NetworkBuilder.build(config, shape, numClasses, seed, trainingSteps);
  }

  @Override
  public java.util.Optional<String> problemWithInput(InputShape shape) {
    return NetworkBuilder.problemWithInput(config, shape);
  }

  @Override
  public String name() {
    return config.architecture().id();
  }

  @Override
  public int epochs() {
    return config.epochs();
  }

  @Override
  public int batchSize() {
    return config.batchSize();
  }

  @Override
  public NetworkSpec withTraining(int epochs, int batchSize) {
    NetworkConfig c = config;
    return new ConfiguredNetwork(new NetworkConfig(c.architecture(), c.convFilters(), c.kernel(),
        c.dense(), c.dropout(), epochs, batchSize, c.learningRate(), c.learningRateSchedule(),
        c.l2()));
  }

  /** The block's values: the cache keys config-built ensembles by the config's keys instead. */
  @Override
  public String identity(InputShape shape, int numClasses) {
    return config.toString();
  }
}
