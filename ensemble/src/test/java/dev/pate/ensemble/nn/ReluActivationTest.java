package dev.pate.ensemble.nn;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.util.List;
import java.util.OptionalInt;
import org.deeplearning4j.nn.conf.MultiLayerConfiguration;
import org.deeplearning4j.nn.conf.layers.BaseLayer;
import org.deeplearning4j.nn.multilayer.MultiLayerNetwork;
import org.junit.jupiter.api.Test;
import org.nd4j.linalg.activations.impl.ActivationReLU;
import org.nd4j.linalg.api.buffer.DataType;
import org.nd4j.linalg.api.ndarray.INDArray;
import org.nd4j.linalg.factory.Nd4j;

/**
 * NetworkBuilder's ReLU is DL4J's ReLU computed faster: the same activations and gradients, so
 * the same seed and batches train the same parameters, bit for bit.
 */
class ReluActivationTest {
  @Test
  void itComputesDl4jsReluAndItsGradient() {
    Nd4j.getRandom().setSeed(3);
    INDArray z = Nd4j.rand(DataType.FLOAT, 8, 5, 6, 6).subi(0.5);
    z.putScalar(0, 0f); // the kink: both take the gradient at 0 to be 0
    INDArray epsilon = Nd4j.rand(DataType.FLOAT, 8, 5, 6, 6).subi(0.5);
    ActivationReLU dl4j = new ActivationReLU();
    ReluActivation ours = new ReluActivation();
    assertArrayEquals(dl4j.getActivation(z.dup(), true).data().asFloat(),
        ours.getActivation(z.dup(), true).data().asFloat());
    INDArray expected = dl4j.backprop(z.dup(), epsilon).getFirst();
    INDArray actual = ours.backprop(z.dup(), epsilon).getFirst();
    assertEquals(0f, actual.getFloat(0));
    // Where z <= 0 DL4J's gradient is +0 and ours -0 when dL/da < 0: equal as numbers.
    float[] e = expected.data().asFloat();
    float[] a = actual.data().asFloat();
    for (int i = 0; i < e.length; i++) {
      assertEquals(e[i] == 0 ? 0f : e[i], a[i] == 0 ? 0f : a[i], "element " + i);
    }
  }

  @Test
  void networkBuilderTrainsDl4jsParametersBitForBit() {
    NetworkSettings cnn = new NetworkSettings(Architecture.CNN, List.of(4, 8), OptionalInt.of(3),
        List.of(16), 0.25, 1, 8, 0.01, LearningRateSchedule.LINEAR, 1e-4);
    MultiLayerNetwork ours = NetworkBuilder.build(cnn, InputShape.image(12, 12), 3, 5, 20);
    for (int layer : new int[] {0, 2, 4}) { // both convolutions and the dense layer
      assertInstanceOf(ReluActivation.class,
          ((BaseLayer) ours.getLayer(layer).conf().getLayer()).getActivationFn());
    }
    String json = ours.getLayerWiseConfigurations().toJson();
    String plain = json.replace(ReluActivation.class.getName(), ActivationReLU.class.getName());
    assertNotEquals(json, plain);
    MultiLayerNetwork dl4j = new MultiLayerNetwork(MultiLayerConfiguration.fromJson(plain));
    dl4j.init(ours.params().dup(), true);

    Nd4j.getRandom().setSeed(7);
    INDArray features = Nd4j.rand(DataType.FLOAT, 8, 144);
    INDArray labels = Nd4j.zeros(DataType.FLOAT, 8, 3);
    for (int i = 0; i < 8; i++) {
      labels.putScalar(i, i % 3, 1);
    }
    INDArray before = ours.params().dup();
    for (int step = 0; step < 20; step++) { // the same dropout masks on both sides
      Nd4j.getRandom().setSeed(100 + step);
      ours.fit(features, labels);
      Nd4j.getRandom().setSeed(100 + step);
      dl4j.fit(features, labels);
    }
    assertNotEquals(before, ours.params(), "the steps trained the network");
    assertArrayEquals(dl4j.params().data().asFloat(), ours.params().data().asFloat());
  }
}
