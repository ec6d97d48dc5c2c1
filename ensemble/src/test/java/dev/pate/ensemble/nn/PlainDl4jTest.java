package dev.pate.ensemble.nn;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.file.Path;
import java.util.List;
import java.util.OptionalInt;
import org.deeplearning4j.nn.multilayer.MultiLayerNetwork;
import org.deeplearning4j.util.ModelSerializer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.nd4j.linalg.api.buffer.DataType;
import org.nd4j.linalg.api.ndarray.INDArray;
import org.nd4j.linalg.factory.Nd4j;

/** The copy in DL4J's classes names none of pate's and predicts exactly as the original. */
class PlainDl4jTest {
  @Test
  void theCopyNamesOnlyDl4jsClassesAndPredictsTheSame(@TempDir Path dir) throws Exception {
    NetworkSettings cnn = new NetworkSettings(Architecture.CNN, List.of(4, 8), OptionalInt.of(3),
        List.of(16), 0.25, 1, 8, 0.01, LearningRateSchedule.LINEAR, 1e-4);
    MultiLayerNetwork net = NetworkBuilder.build(cnn, new InputShape(12, 12, 3, true), 3, 5, 20);
    Nd4j.getRandom().setSeed(7);
    INDArray features = Nd4j.rand(DataType.FLOAT, 8, 432);
    INDArray labels = Nd4j.zeros(DataType.FLOAT, 8, 3);
    for (int i = 0; i < 8; i++) {
      labels.putScalar(i, i % 3, 1);
    }
    for (int step = 0; step < 3; step++) {
      net.fit(features, labels);
    }
    assertTrue(net.getLayerWiseConfigurations().toJson().contains("dev.pate."));

    MultiLayerNetwork plain = PlainDl4j.copyOf(net);
    File file = dir.resolve("student.zip").toFile();
    ModelSerializer.writeModel(plain, file, false);
    MultiLayerNetwork loaded = ModelSerializer.restoreMultiLayerNetwork(file, false);
    assertFalse(loaded.getLayerWiseConfigurations().toJson().contains("dev.pate."),
        loaded.getLayerWiseConfigurations().toJson());
    for (var layer : loaded.getLayers()) {
      assertTrue(layer.getClass().getName().startsWith("org.deeplearning4j."),
          layer.getClass().getName());
    }
    assertEquals(net.numParams(), loaded.numParams());
    INDArray images = Nd4j.rand(DataType.FLOAT, 5, 432);
    assertArrayEquals(net.output(images).data().asFloat(),
        loaded.output(images).data().asFloat());
  }
}
