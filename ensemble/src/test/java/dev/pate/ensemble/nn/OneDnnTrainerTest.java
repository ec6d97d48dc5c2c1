package dev.pate.ensemble.nn;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.OptionalInt;
import org.bytedeco.javacpp.PointerScope;
import org.deeplearning4j.nn.multilayer.MultiLayerNetwork;
import org.junit.jupiter.api.Test;
import org.nd4j.linalg.api.buffer.DataType;
import org.nd4j.linalg.api.ndarray.INDArray;
import org.nd4j.linalg.factory.Nd4j;

/**
 * The onednn engine trains the network DL4J would: from the same initial parameters, the same
 * batches (a partial last one included) and the same schedule, its parameters after training are
 * DL4J's to rounding; its layout conversions lose nothing; the same seed gives the same network.
 */
class OneDnnTrainerTest {
  private static final NetworkSettings CNN = new NetworkSettings(Architecture.CNN, List.of(4, 8),
      OptionalInt.of(3), List.of(16), 0.0, 2, 4, 0.01, LearningRateSchedule.LINEAR, 0.0);
  private static final NetworkSettings MLP = new NetworkSettings(Architecture.MLP, List.of(),
      OptionalInt.empty(), List.of(12, 8), 0.0, 3, 4, 0.01, LearningRateSchedule.LINEAR, 1e-3);
  /**
   * Two channels of 16x16: the second pooling halves 5x5 maps to 2x2 (dropping a row and a
   * column, as DL4J does), which DL4J flattens channel-first and oneDNN keeps channels-last.
   */
  private static final InputShape IMAGES = new InputShape(16, 16, 2, true);
  private static final InputShape TABLE = InputShape.vector(9);
  private static final int EXAMPLES = 10; // batches of 4, 4 and 2

  @Test
  void aCnnTrainsAsDl4jTrainsIt() {
    trainsAsDl4jTrainsIt(CNN, IMAGES);
  }

  @Test
  void anMlpWithL2TrainsAsDl4jTrainsIt() {
    trainsAsDl4jTrainsIt(MLP, TABLE);
  }

  private static void trainsAsDl4jTrainsIt(NetworkSettings settings, InputShape shape) {
    int steps = settings.epochs() * 3;
    MultiLayerNetwork dl4j = NetworkBuilder.build(settings, shape, 3, 5, steps);
    MultiLayerNetwork onednn = NetworkBuilder.build(settings, shape, 3, 5, steps);
    INDArray initial = dl4j.params().dup();
    assertEquals(initial, onednn.params(), "the same seed builds the same initial network");
    INDArray features = features(shape);
    INDArray labels = labels();

    Classifiers.train(dl4j, features, labels, settings.epochs(), settings.batchSize(), 11,
        Classifiers.EpochListener.NONE);
    OneDnnTrainer.train(onednn, settings, shape, NetworkBuilder.learningRate(settings, steps),
        Classifiers.EpochFeatures.fixed(features), labels, settings.epochs(),
        settings.batchSize(), 11, Classifiers.EpochListener.NONE);

    double moved = dl4j.params().sub(initial).norm2Number().doubleValue();
    double apart = onednn.params().sub(dl4j.params()).norm2Number().doubleValue();
    assertTrue(moved > 0.05, "training moved the parameters: " + moved);
    // A wrong layout, loss scale, schedule or batch would put them as far apart as training moved
    // them; rounding leaves them a small fraction of that apart.
    assertTrue(apart < 0.01 * moved, "oneDNN's parameters are " + apart + " from DL4J's after"
        + " training moved DL4J's " + moved);
    INDArray dl4jOut = dl4j.output(features);
    INDArray onednnOut = onednn.output(features);
    assertTrue(dl4jOut.sub(onednnOut).amaxNumber().doubleValue() < 1e-3,
        "the two networks' probabilities differ by more than 1e-3: " + dl4jOut + " and "
            + onednnOut);
  }

  @Test
  void parametersGoInAndComeBackUnchanged() {
    MultiLayerNetwork net = NetworkBuilder.build(CNN, IMAGES, 3, 5, 6);
    INDArray before = net.params().dup();
    MultiLayerNetwork other = NetworkBuilder.build(CNN, IMAGES, 3, 9, 6);
    assertTrue(!before.equals(other.params()), "another seed, other parameters");
    try (PointerScope scope = OneDnnGraph.scope()) {
      OneDnnGraph graph = new OneDnnGraph(CNN, IMAGES, 3, 4);
      graph.importParameters(net);
      graph.exportParameters(other);
    }
    assertEquals(before, other.params());
  }

  @Test
  void theSameSeedTrainsTheSameNetworkBitForBit() {
    float[][] trained = new float[2][];
    for (int run = 0; run < 2; run++) {
      MultiLayerNetwork net = NetworkBuilder.build(CNN, IMAGES, 3, 5, 6);
      OneDnnTrainer.train(net, CNN, IMAGES, NetworkBuilder.learningRate(CNN, 6),
          Classifiers.EpochFeatures.fixed(features(IMAGES)), labels(), CNN.epochs(),
          CNN.batchSize(), 11, Classifiers.EpochListener.NONE);
      trained[run] = net.params().toFloatVector();
    }
    assertArrayEquals(trained[0], trained[1]);
  }

  /**
   * oneDNN falls back to its reference code, without a word, when no JIT kernel takes the layouts
   * it is given (a channel-first image did, a hundred times slower): every primitive of the
   * headline teacher, a colour-image cnn and an mlp is one of its kernels.
   */
  @Test
  void everyPrimitiveIsAKernelNotReferenceCode() {
    NetworkSettings headline = new NetworkSettings(Architecture.CNN, List.of(16, 32),
        OptionalInt.of(5), List.of(128), 0.0, 15, 32, 0.006, LearningRateSchedule.LINEAR, 0.0);
    for (var network : List.of(new Object[] {headline, InputShape.image(28, 28)},
        new Object[] {headline, new InputShape(32, 32, 3, true)},
        new Object[] {MLP, TABLE})) {
      try (PointerScope scope = OneDnnGraph.scope()) {
        List<String> used = new OneDnnGraph((NetworkSettings) network[0],
            (InputShape) network[1], 10, 32).implementations();
        assertTrue(used.size() >= 6, "primitives: " + used);
        assertTrue(used.stream().noneMatch(name -> name.startsWith("ref")),
            network[1] + ": " + used);
      }
    }
  }

  /**
   * The trainer's scope frees oneDNN's objects, never ND4J's buffers made while it is open (among
   * them the shape descriptions ND4J caches and DL4J's next forward pass reuses).
   */
  @Test
  void theScopeLeavesNd4jsBuffersAlone() {
    INDArray made;
    try (PointerScope scope = OneDnnGraph.scope()) {
      made = Nd4j.rand(DataType.FLOAT, 3, 137).addiRowVector(Nd4j.ones(DataType.FLOAT, 1, 137));
    }
    INDArray again = made.addiRowVector(Nd4j.ones(DataType.FLOAT, 1, 137));
    assertEquals(3 * 137, again.length());
    assertTrue(again.minNumber().doubleValue() >= 2, "rand + 1 + 1 is at least 2");
  }

  @Test
  void dropoutIsRefusedNamingIt() {
    NetworkSettings withDropout = CNN.toBuilder().dropout(0.25).build();
    MultiLayerNetwork net = NetworkBuilder.build(withDropout, IMAGES, 3, 5, 6);
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> OneDnnTrainer.train(net, withDropout, IMAGES, NetworkBuilder.learningRate(CNN, 6),
            Classifiers.EpochFeatures.fixed(features(IMAGES)), labels(), 1, 4, 11,
            Classifiers.EpochListener.NONE));
    assertTrue(e.getMessage().contains("dropout 0.25"), e.getMessage());
  }

  private static INDArray features(InputShape shape) {
    Nd4j.getRandom().setSeed(7);
    return Nd4j.rand(DataType.FLOAT, EXAMPLES, shape.features());
  }

  private static INDArray labels() {
    INDArray labels = Nd4j.zeros(DataType.FLOAT, EXAMPLES, 3);
    for (int i = 0; i < EXAMPLES; i++) {
      labels.putScalar(i, (i * 7) % 3, 1);
    }
    return labels;
  }
}
