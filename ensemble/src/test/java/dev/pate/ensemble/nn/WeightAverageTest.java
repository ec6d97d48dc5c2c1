package dev.pate.ensemble.nn;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.OptionalInt;
import org.deeplearning4j.nn.multilayer.MultiLayerNetwork;
import org.junit.jupiter.api.Test;
import org.nd4j.linalg.api.ndarray.INDArray;
import org.nd4j.linalg.factory.Nd4j;

class WeightAverageTest {

  private static MultiLayerNetwork tiny() {
    NetworkSettings config = new NetworkSettings(Architecture.MLP, List.of(), OptionalInt.empty(),
        List.of(4), 0.0, 1, 2, 0.01, LearningRateSchedule.LINEAR, 0.0);
    return NetworkBuilder.build(config, InputShape.vector(3), 2, 5, 10);
  }

  @Test
  void zeroDecayAveragesNothing() {
    MultiLayerNetwork net = tiny();
    WeightAverage none = WeightAverage.of(net, new MovingAverage(0));
    none.update();
    assertSame(net, none.network());
  }

  @Test
  void eachUpdateMixesTheCurrentWeightsInWithTheWarmingUpDecay() {
    MultiLayerNetwork net = tiny();
    WeightAverage average = WeightAverage.of(net, new MovingAverage(0.99));
    assertNotSame(net, average.network());
    double[] expected = net.params().toDoubleVector();
    for (int step = 0; step < 40; step++) {
      double d = average.nextDecay();
      assertEquals(Math.min(0.99, (1.0 + step) / (10.0 + step)), d, 1e-15);
      // Move the trained weights somewhere new, as a training step would.
      INDArray moved = Nd4j.rand(net.params().dataType(), net.params().shape()).subi(0.5);
      net.setParams(moved);
      double[] now = moved.toDoubleVector();
      for (int i = 0; i < expected.length; i++) {
        expected[i] = d * expected[i] + (1 - d) * now[i];
      }
      average.update();
      assertArrayEquals(expected, average.network().params().toDoubleVector(), 1e-5);
    }
    // The average is a network that predicts with those weights.
    INDArray x = Nd4j.rand(net.params().dataType(), 5, 3);
    MultiLayerNetwork check = average.network().clone();
    check.setParams(Nd4j.create(expected).castTo(net.params().dataType()).reshape(1, -1));
    assertArrayEquals(check.output(x).ravel().toDoubleVector(),
        average.network().output(x).ravel().toDoubleVector(), 1e-5);
  }

  @Test
  void aDecayOutsideZeroToOneIsRefused() {
    assertThrows(IllegalArgumentException.class, () -> new MovingAverage(1));
    assertThrows(IllegalArgumentException.class, () -> new MovingAverage(-0.1));
  }
}
