package dev.pate.ensemble.nn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import org.deeplearning4j.nn.conf.ConvolutionMode;
import org.deeplearning4j.nn.conf.MultiLayerConfiguration;
import org.deeplearning4j.nn.conf.layers.ConvolutionLayer;
import org.deeplearning4j.nn.conf.preprocessor.FeedForwardToCnnPreProcessor;
import org.deeplearning4j.nn.multilayer.MultiLayerNetwork;
import org.deeplearning4j.util.ModelSerializer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.nd4j.linalg.api.buffer.DataType;
import org.nd4j.linalg.api.ndarray.INDArray;
import org.nd4j.linalg.factory.Nd4j;

/**
 * The first convolution NetworkBuilder builds skips only the gradient for its input: the
 * gradients of every parameter, and the parameters a few training steps give, are DL4J's
 * ConvolutionLayer's (to float rounding: the weight gradient is summed in another order), and a
 * saved network loads back as the same layer and predicts the same.
 */
class InputConvolutionLayerTest {
  /** Relative to the largest magnitude of the array compared: float sums in another order. */
  private static final double TOLERANCE = 1e-5;

  private static final int BATCH = 16;
  private static final int CLASSES = 4;

  /** A cnn as a teacher's or student's: two convolutions, pooling, dropout, L2, Adam. */
  private static MultiLayerNetwork built(InputShape shape, double dropout) {
    NetworkSettings cnn = new NetworkSettings(Architecture.CNN, List.of(6, 8), OptionalInt.of(3),
        List.of(16), dropout, 1, BATCH, 0.01, LearningRateSchedule.LINEAR, 1e-4);
    return NetworkBuilder.build(cnn, shape, CLASSES, 5, 30);
  }

  /**
   * The same network with DL4J's own ConvolutionLayer first and DL4J's preprocessor in front of
   * it, starting from the same parameters.
   */
  private static MultiLayerNetwork withDl4jsLayer(MultiLayerNetwork net) {
    String json = net.getLayerWiseConfigurations().toJson();
    String plain = json
        .replace(InputConvolutionLayer.class.getName(), ConvolutionLayer.class.getName())
        .replace(FlatImageInput.class.getName(), FeedForwardToCnnPreProcessor.class.getName());
    assertNotEquals(json, plain, "the configuration names pate's layer and preprocessor");
    MultiLayerNetwork dl4j = new MultiLayerNetwork(MultiLayerConfiguration.fromJson(plain));
    dl4j.init(net.params().dup(), true);
    assertEquals(ConvolutionLayer.class, dl4j.getLayer(0).conf().getLayer().getClass());
    return dl4j;
  }

  private static INDArray features(InputShape shape, long seed) {
    Nd4j.getRandom().setSeed(seed);
    return Nd4j.rand(DataType.FLOAT, BATCH, shape.features());
  }

  private static INDArray labels() {
    INDArray labels = Nd4j.zeros(DataType.FLOAT, BATCH, CLASSES);
    for (int i = 0; i < BATCH; i++) {
      labels.putScalar(i, i % CLASSES, 1);
    }
    return labels;
  }

  /** |a - b| <= TOLERANCE x max |b|, element by element. */
  private static void assertClose(INDArray expected, INDArray actual, String what) {
    double scale = expected.amaxNumber().doubleValue();
    double difference = expected.sub(actual).amaxNumber().doubleValue();
    assertTrue(scale > 0, what + ": all zero, the comparison would prove nothing");
    assertTrue(difference <= TOLERANCE * scale, what + ": differs by " + difference
        + " at a scale of " + scale);
  }

  @Test
  void networkBuilderPutsItFirstAndDl4jsLayerAfter() {
    MultiLayerNetwork net = built(InputShape.image(12, 12), 0);
    assertInstanceOf(InputConvolutionLayer.class, net.getLayer(0).conf().getLayer());
    assertInstanceOf(InputConvolution.class, net.getLayer(0));
    assertEquals(ConvolutionLayer.class, net.getLayer(2).conf().getLayer().getClass());
    assertInstanceOf(FlatImageInput.class,
        net.getLayerWiseConfigurations().getInputPreProcess(0));
  }

  /** One and three channels: with several, the gradient is copied into place, not written. */
  @ParameterizedTest
  @ValueSource(ints = {1, 3})
  void itsParameterGradientsAreDl4jsConvolutionLayers(int channels) {
    InputShape shape = new InputShape(12, 12, channels, true);
    MultiLayerNetwork net = built(shape, 0);
    MultiLayerNetwork dl4j = withDl4jsLayer(net);
    INDArray features = features(shape, 11);
    for (MultiLayerNetwork each : List.of(net, dl4j)) {
      each.setInput(features);
      each.setLabels(labels());
      each.computeGradientAndScore();
    }
    assertEquals(dl4j.score(), net.score(), 1e-6 * Math.abs(dl4j.score()));
    Map<String, INDArray> expected = dl4j.gradient().gradientForVariable();
    Map<String, INDArray> actual = net.gradient().gradientForVariable();
    assertEquals(expected.keySet(), actual.keySet());
    for (String parameter : expected.keySet()) { // 0_W, 0_b: the first convolution's
      assertClose(expected.get(parameter), actual.get(parameter), parameter);
    }
  }

  @Test
  void trainingStepsGiveDl4jsParameters() {
    InputShape shape = InputShape.image(12, 12);
    MultiLayerNetwork net = built(shape, 0.25);
    MultiLayerNetwork dl4j = withDl4jsLayer(net);
    INDArray before = net.params().dup();
    for (int step = 0; step < 10; step++) {
      INDArray features = features(shape, 100 + step);
      Nd4j.getRandom().setSeed(1000 + step); // the same dropout masks on both sides
      net.fit(features, labels());
      Nd4j.getRandom().setSeed(1000 + step);
      dl4j.fit(features, labels());
    }
    assertNotEquals(before, net.params(), "the steps trained the network");
    for (String parameter : dl4j.paramTable().keySet()) {
      assertClose(dl4j.paramTable().get(parameter), net.paramTable().get(parameter), parameter);
    }
  }

  @Test
  void aSavedNetworkLoadsBackAsTheSameLayerAndPredictsTheSame(@TempDir Path dir)
      throws Exception {
    InputShape shape = InputShape.image(12, 12);
    MultiLayerNetwork net = built(shape, 0);
    for (int step = 0; step < 3; step++) {
      net.fit(features(shape, 20 + step), labels());
    }
    File file = dir.resolve("teacher.zip").toFile();
    ModelSerializer.writeModel(net, file, false);
    MultiLayerNetwork loaded = ModelSerializer.restoreMultiLayerNetwork(file, false);

    assertEquals(net.getLayerWiseConfigurations(), loaded.getLayerWiseConfigurations());
    assertInstanceOf(InputConvolution.class, loaded.getLayer(0));
    assertInstanceOf(FlatImageInput.class,
        loaded.getLayerWiseConfigurations().getInputPreProcess(0));
    INDArray images = features(shape, 30);
    assertEquals(net.output(images), loaded.output(images));
  }

  @Test
  void itIsNotEqualToDl4jsLayerOfTheSameSettings() {
    ConvolutionLayer ours = new InputConvolutionLayer.Builder(3, 3).nIn(1).nOut(4).build();
    assertInstanceOf(InputConvolutionLayer.class, ours);
    ConvolutionLayer theirs = new ConvolutionLayer.Builder(3, 3).nIn(1).nOut(4).build();
    assertNotEquals(theirs, ours);
    assertNotEquals(ours, theirs);
    assertEquals(ours, ours.clone());
    assertNotEquals(new FeedForwardToCnnPreProcessor(4, 4, 1), new FlatImageInput(4, 4, 1));
    assertNotEquals(new FlatImageInput(4, 4, 1), new FeedForwardToCnnPreProcessor(4, 4, 1));
  }

  @Test
  void itRefusesAGeometryItsGradientIsNotComputedFor() {
    MultiLayerNetwork net = built(InputShape.image(12, 12), 0);
    MultiLayerConfiguration strided = net.getLayerWiseConfigurations().clone();
    ((ConvolutionLayer) strided.getConf(0).getLayer()).setStride(new int[] {2, 2});
    var error = assertThrows(IllegalArgumentException.class,
        () -> new MultiLayerNetwork(strided).init());
    assertTrue(error.getMessage().contains("stride [2, 2]"), error.getMessage());
    MultiLayerConfiguration same = net.getLayerWiseConfigurations().clone();
    ((ConvolutionLayer) same.getConf(0).getLayer()).setConvolutionMode(ConvolutionMode.Same);
    assertThrows(IllegalArgumentException.class, () -> new MultiLayerNetwork(same).init());
  }

  @Test
  void thePreprocessorPassesAnAbsentGradientOnAsAbsent() {
    assertNull(new FlatImageInput(4, 4, 1).backprop(null, 2, null));
  }
}
