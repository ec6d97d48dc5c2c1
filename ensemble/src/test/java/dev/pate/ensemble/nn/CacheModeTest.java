package dev.pate.ensemble.nn;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.OptionalInt;
import org.deeplearning4j.nn.conf.CacheMode;
import org.deeplearning4j.nn.conf.MultiLayerConfiguration;
import org.deeplearning4j.nn.multilayer.MultiLayerNetwork;
import org.junit.jupiter.api.Test;
import org.nd4j.linalg.api.buffer.DataType;
import org.nd4j.linalg.api.ndarray.INDArray;
import org.nd4j.linalg.factory.Nd4j;

/**
 * NetworkBuilder sets a cache mode for speed only (DL4J then keeps backprop's working memory in a
 * reused workspace): the same seed and batches must give the same parameters, bit for bit, as
 * DL4J's default of no cache, or saved teachers and their votes would depend on it.
 */
class CacheModeTest {
  @Test
  void theCacheModeLeavesTrainedParametersBitForBitAsWithoutIt() {
    NetworkSettings cnn = new NetworkSettings(Architecture.CNN, List.of(4, 8), OptionalInt.of(3),
        List.of(16), 0.25, 1, 8, 0.01, LearningRateSchedule.LINEAR, 1e-4);
    MultiLayerNetwork cached = NetworkBuilder.build(cnn, InputShape.image(12, 12), 3, 5, 20);
    assertEquals(CacheMode.DEVICE, cached.getLayerWiseConfigurations().getCacheMode());
    MultiLayerConfiguration plain = cached.getLayerWiseConfigurations().clone();
    plain.setCacheMode(CacheMode.NONE);
    MultiLayerNetwork uncached = new MultiLayerNetwork(plain);
    uncached.init(cached.params().dup(), true);

    Nd4j.getRandom().setSeed(7);
    INDArray features = Nd4j.rand(DataType.FLOAT, 8, 144);
    INDArray labels = Nd4j.zeros(DataType.FLOAT, 8, 3);
    for (int i = 0; i < 8; i++) {
      labels.putScalar(i, i % 3, 1);
    }
    for (int step = 0; step < 20; step++) { // the same dropout masks on both sides
      Nd4j.getRandom().setSeed(100 + step);
      cached.fit(features, labels);
      Nd4j.getRandom().setSeed(100 + step);
      uncached.fit(features, labels);
    }
    assertEquals(uncached.params(), cached.params());
  }
}
