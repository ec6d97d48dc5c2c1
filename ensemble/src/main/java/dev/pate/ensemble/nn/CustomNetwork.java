package dev.pate.ensemble.nn;

import dev.pate.files.Sha256;
import java.util.Objects;
import org.deeplearning4j.nn.conf.MultiLayerConfiguration;
import org.deeplearning4j.nn.multilayer.MultiLayerNetwork;

/** A {@link NetworkSpec} from the user's own DL4J configuration. */
record CustomNetwork(Configurations configurations, int epochs, int batchSize)
    implements NetworkSpec {

  /** The seed the identity is computed at: the seed enters the cache key on its own. */
  private static final long IDENTITY_SEED = 1;

  CustomNetwork {
    Objects.requireNonNull(configurations, "configurations");
    if (epochs < 1) {
      throw new IllegalArgumentException("epochs: " + epochs + " is not >= 1");
    }
    if (batchSize < 1) {
      throw new IllegalArgumentException("batchSize: " + batchSize + " is not >= 1");
    }
  }

  @Override
  public MultiLayerNetwork create(InputShape shape, int numClasses, long seed, int trainingSteps) {
    if (seed < 1) {
      throw new IllegalArgumentException("seed: " + seed + " is not >= 1 (ND4J seed 0 is not"
          + " deterministic)");
    }
    OneDnn.enable();
    MultiLayerNetwork net = new MultiLayerNetwork(configuration(shape, numClasses, seed));
    net.init();
    return net;
  }

  private MultiLayerConfiguration configuration(InputShape shape, int numClasses, long seed) {
    MultiLayerConfiguration c = configurations.configuration(shape, numClasses, seed);
    if (c == null) {
      throw new IllegalArgumentException("configurations: returned no configuration for " + shape
          + " and " + numClasses + " classes");
    }
    return c;
  }

  @Override
  public String name() {
    return "custom";
  }

  @Override
  public NetworkSpec withTraining(int epochs, int batchSize) {
    return new CustomNetwork(configurations, epochs, batchSize);
  }

  /**
   * The sha256 of the configuration's JSON (layers, updater, regularisation: everything DL4J
   * serialises) at a fixed seed, with the epochs and batch size.
   */
  @Override
  public String identity(InputShape shape, int numClasses) {
    String json = configuration(shape, numClasses, IDENTITY_SEED).toJson();
    return "custom " + Sha256.of(json) + ", epochs " + epochs + ", batch " + batchSize;
  }
}
