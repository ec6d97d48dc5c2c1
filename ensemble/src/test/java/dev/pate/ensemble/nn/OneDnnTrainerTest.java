package dev.pate.ensemble.nn;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.OptionalInt;
import java.util.stream.IntStream;
import org.bytedeco.javacpp.PointerScope;
import org.deeplearning4j.nn.conf.dropout.IDropout;
import org.deeplearning4j.nn.multilayer.MultiLayerNetwork;
import org.deeplearning4j.nn.workspace.LayerWorkspaceMgr;
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
      OneDnnGraph graph = new OneDnnGraph(CNN, IMAGES, 3, 4, 1);
      graph.importParameters(net);
      graph.exportParameters(other);
    }
    assertEquals(before, other.params());
  }

  /** Passes of 4 rows over 10 (the last one partial) predict what DL4J's network predicts. */
  @Test
  void thePredictionGraphGivesDl4jsProbabilities() {
    for (var network : List.of(new Object[] {CNN, IMAGES}, new Object[] {MLP, TABLE})) {
      NetworkSettings settings = ((NetworkSettings) network[0]).toBuilder().dropout(0.5).build();
      InputShape shape = (InputShape) network[1];
      MultiLayerNetwork net = NetworkBuilder.build(settings, shape, 3, 5, 6);
      INDArray features = features(shape);
      float[] predicted;
      try (PointerScope scope = OneDnnGraph.scope()) {
        OneDnnGraph graph = OneDnnGraph.forPrediction(settings, shape, 3, 4);
        assertTrue(graph.implementations().stream().noneMatch(name -> name.startsWith("ref")),
            shape + ": " + graph.implementations());
        graph.importParameters(net);
        predicted = graph.probabilities(features.data().asFloat(), EXAMPLES);
      }
      float[] expected = net.output(features, false).data().asFloat();
      assertEquals(expected.length, predicted.length);
      for (int i = 0; i < expected.length; i++) {
        assertEquals(expected[i], predicted[i], 1e-5, shape + ": probability " + i);
      }
    }
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
            (InputShape) network[1], 10, 32, 1).implementations();
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
  void aCnnDropsOutAsDl4jDropsOut() {
    dropsOutAsDl4jDropsOut(CNN, IMAGES);
  }

  @Test
  void anMlpDropsOutAsDl4jDropsOut() {
    dropsOutAsDl4jDropsOut(MLP, TABLE);
  }

  /**
   * One step with dropout 0.5, its masks then handed to DL4J's layers for DL4J's own step: the
   * same parameters to rounding. A mask applied in the wrong order of a layer's inputs, to the
   * wrong layer, unscaled, or not to the gradient, moves them apart.
   */
  private static void dropsOutAsDl4jDropsOut(NetworkSettings plain, InputShape shape) {
    NetworkSettings settings = plain.toBuilder().dropout(0.5).build();
    MultiLayerNetwork dl4j = NetworkBuilder.build(settings, shape, 3, 5, 4);
    MultiLayerNetwork onednn = NetworkBuilder.build(settings, shape, 3, 5, 4);
    INDArray initial = dl4j.params().dup();
    INDArray features = features(shape);
    INDArray labels = labels();
    List<float[]> masks;
    try (PointerScope scope = OneDnnGraph.scope()) {
      OneDnnGraph graph = new OneDnnGraph(settings, shape, 3, EXAMPLES, 13);
      graph.importParameters(onednn);
      graph.step(features.data().asFloat(), labels.argMax(1).toIntVector(), EXAMPLES,
          NetworkBuilder.learningRate(settings, 4).valueAt(0, 0), settings.l2());
      masks = graph.lastMasks();
      graph.exportParameters(onednn);
    }
    assertEquals(settings.dense().size(), masks.size(), "one mask per hidden dense layer");
    int next = 0;
    for (int i = 0; i < dl4j.getnLayers(); i++) {
      var layer = dl4j.getLayer(i).conf().getLayer();
      if (layer.getIDropout() != null) {
        float[] mask = masks.get(next++);
        layer.setIDropout(new FixedMask(Nd4j.create(mask, new long[] {EXAMPLES,
            mask.length / EXAMPLES}, 'c')));
      }
    }
    assertEquals(masks.size(), next, "DL4J drops out as many layers' inputs");
    dl4j.fit(features, labels);

    double moved = dl4j.params().sub(initial).norm2Number().doubleValue();
    double apart = onednn.params().sub(dl4j.params()).norm2Number().doubleValue();
    assertTrue(moved > 0.01, "the step moved the parameters: " + moved);
    assertTrue(apart < 0.01 * moved, "oneDNN's parameters are " + apart + " from DL4J's after"
        + " the step moved DL4J's " + moved);
    float[] first = masks.get(0);
    long dropped = IntStream.range(0, first.length).filter(i -> first[i] == 0).count();
    assertTrue(dropped > first.length / 4 && dropped < 3 * first.length / 4,
        dropped + " of " + first.length + " dropped at rate 0.5");
    assertTrue(IntStream.range(0, first.length).allMatch(i -> first[i] == 0 || first[i] == 2f),
        "a kept value is divided by the keep probability 0.5");
  }

  /** DL4J's dropout with masks given: what the oneDNN graph drew. */
  private record FixedMask(INDArray mask) implements IDropout {
    @Override
    public INDArray applyDropout(INDArray input, INDArray result, int iteration, int epoch,
        LayerWorkspaceMgr workspaces) {
      return result.assign(input.mul(mask));
    }

    @Override
    public INDArray backprop(INDArray gradient, INDArray gradientIn, int iteration, int epoch) {
      return gradientIn.assign(gradient.mul(mask));
    }

    @Override
    public void clear() {}

    @Override
    public IDropout clone() {
      return this;
    }
  }

  @Test
  void aCnnSessionAndItsAverageTrainAsDl4jTrainsThem() {
    sessionsAgree(CNN, IMAGES);
  }

  @Test
  void anMlpSessionAndItsAverageTrainAsDl4jTrainsThem() {
    sessionsAgree(MLP, TABLE);
  }

  /**
   * The same batches (4, 4 and 2 rows) through a session on each engine: the trained weights'
   * moving average, written out for prediction, is the same to rounding, and before any step it
   * is the initial network; the probabilities each session computes (the onednn one on its own
   * prediction graph) are those of the network it writes out.
   */
  private static void sessionsAgree(NetworkSettings settings, InputShape shape) {
    INDArray features = features(shape);
    int[] classes = labels().argMax(1).toIntVector();
    float[] rows = features.data().asFloat();
    INDArray initial = NetworkBuilder.build(settings, shape, 3, 5, 6).params();
    INDArray[] averaged = new INDArray[2];
    int k = 0;
    for (TrainingEngine engine : List.of(TrainingEngine.DL4J, TrainingEngine.ONEDNN)) {
      try (TrainingSession session = TrainingSession.open(NetworkSpec.of(settings), shape, 3, 4,
          6, new MovingAverage(0.9), 5, engine)) {
        assertEquals(initial, session.network().params(), engine + ": before any step");
        for (int step = 0; step < 6; step++) {
          int from = (step % 3) * 4;
          int count = Math.min(4, EXAMPLES - from);
          session.step(java.util.Arrays.copyOfRange(rows, from * shape.features(),
              (from + count) * shape.features()), java.util.Arrays.copyOfRange(classes, from,
              from + count), count);
        }
        averaged[k++] = session.network().params().dup();
        INDArray predicted = session.probabilities(features);
        INDArray expected = Classifiers.probabilities(session.network(), features);
        assertTrue(predicted.sub(expected).amaxNumber().doubleValue() < 1e-5, engine + ": "
            + predicted + " against DL4J's " + expected);
      }
    }
    double moved = averaged[0].sub(initial).norm2Number().doubleValue();
    double apart = averaged[1].sub(averaged[0]).norm2Number().doubleValue();
    assertTrue(moved > 0.01, "training moved the average: " + moved);
    assertTrue(apart < 0.01 * moved, "the onednn session's average is " + apart + " from"
        + " DL4J's, which moved " + moved);
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
