package dev.pate.ensemble.nn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pate.ensemble.nn.Architecture;
import dev.pate.ensemble.nn.LearningRateSchedule;
import dev.pate.ensemble.nn.NetworkSettings;
import java.util.List;
import java.util.OptionalInt;
import org.deeplearning4j.nn.layers.mkldnn.MKLDNNConvHelper;
import org.deeplearning4j.nn.layers.mkldnn.MKLDNNSubsamplingHelper;
import org.deeplearning4j.nn.multilayer.MultiLayerNetwork;
import org.junit.jupiter.api.Test;

/**
 * The networks pate builds run their convolutions and pooling through oneDNN: if a DL4J or ND4J
 * upgrade moves the classes the shim answers for, this fails rather than every run silently
 * training 5x slower.
 */
class OneDnnTest {
  @Test
  void aCnnsConvolutionAndPoolingLayersRunThroughOneDnnAndItsDenseLayersDoNot() {
    NetworkSettings cnn = new NetworkSettings(Architecture.CNN, List.of(4, 8), OptionalInt.of(3),
        List.of(16), 0.0, 1, 8, 0.001, LearningRateSchedule.CONSTANT, 0.0);
    MultiLayerNetwork net = NetworkBuilder.build(cnn, InputShape.image(12, 12), 3, 5, 10);
    assertTrue(org.nd4j.nativeblas.Nd4jCpu.Environment.getInstance().isUseMKLDNN(),
        "the natives the build selects have oneDNN");
    assertEquals(MKLDNNConvHelper.class, net.getLayer(0).getHelper().getClass());
    assertEquals(MKLDNNSubsamplingHelper.class, net.getLayer(1).getHelper().getClass());
    assertEquals(MKLDNNConvHelper.class, net.getLayer(2).getHelper().getClass());
    assertEquals(4, OneDnn.helpedLayers(net), "conv, pool, conv, pool; not dense or output");
  }
}
