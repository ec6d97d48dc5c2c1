package dev.pate.ensemble.nn;

import java.util.Arrays;
import org.bytedeco.javacpp.PointerScope;
import org.deeplearning4j.nn.multilayer.MultiLayerNetwork;
import org.nd4j.linalg.api.buffer.DataType;
import org.nd4j.linalg.api.ndarray.INDArray;
import org.nd4j.linalg.factory.Nd4j;
import org.nd4j.linalg.schedule.ISchedule;

/**
 * A network trained one mini-batch at a time, each batch made by the caller (the self-training
 * student mixes labelled and pseudo-labelled images in every step), its steps run by either
 * engine, with a {@link MovingAverage} of its weights kept alongside when asked.
 *
 * <p>Between steps, {@link #network} is a DL4J network to predict with: on the onednn engine
 * it is written from the graph's parameters when asked for, so ask once per epoch, not per step.
 * Close the session to free the engine's native memory; the onednn engine's is held by a scope of
 * the thread that opened it, so sessions open together on one thread close last-opened first
 * (as try-with-resources does).
 */
public abstract sealed class TrainingSession implements AutoCloseable {
  /** Rows a prediction pass takes on the onednn engine. */
  private static final int PREDICT_BATCH = 256;

  /** The network the session trains (the DL4J engine trains it in place). */
  final MultiLayerNetwork trained;
  final int width;
  final int classes;

  private TrainingSession(MultiLayerNetwork trained, int width, int classes) {
    this.trained = trained;
    this.width = width;
    this.classes = classes;
  }

  /**
   * A new network of {@code network} (its initial weights from {@code seed}) to be trained
   * {@code trainingSteps} steps of at most {@code maxRows} rows by {@code engine} ({@code auto}
   * resolved), its learning rate falling over those steps as the network's schedule says.
   *
   * @param seed the initial weights, and on the onednn engine the dropout masks (DL4J's engine
   *     draws them from ND4J's generator, which the network's seed sets)
   * @throws IllegalArgumentException if the engine cannot train the network
   */
  public static TrainingSession open(NetworkSpec network, InputShape shape, int numClasses,
      int maxRows, int trainingSteps, MovingAverage average, long seed, TrainingEngine engine) {
    engine.requireCanTrain(network);
    MultiLayerNetwork net = network.create(shape, numClasses, seed, trainingSteps);
    if (engine.resolve(network) == TrainingEngine.ONEDNN) {
      NetworkSettings settings = network.builtIn().orElseThrow();
      return new OneDnn(net, settings, shape, numClasses, maxRows,
          NetworkBuilder.learningRate(settings, trainingSteps), average, seed);
    }
    return new Dl4j(net, shape.features(), numClasses, average);
  }

  /**
   * One optimiser step on the first {@code rows} rows of {@code features} (each {@link
   * InputShape#features} values) with their {@code classes}.
   */
  public final void step(float[] features, int[] classes, int rows) {
    if (rows < 1 || features.length < rows * width || classes.length < rows) {
      throw new IllegalArgumentException("rows: " + rows + " rows of " + width + " features,"
          + " but " + features.length + " features and " + classes.length + " classes given");
    }
    for (int i = 0; i < rows; i++) {
      if (classes[i] < 0 || classes[i] >= this.classes) {
        throw new IllegalArgumentException("classes: row " + i + " has class " + classes[i]
            + ", not in [0, " + this.classes + ")");
      }
    }
    take(features, classes, rows);
  }

  abstract void take(float[] features, int[] classes, int rows);

  /**
   * The network to predict with after the steps so far: the moving average of the weights, or
   * the weights themselves when the session keeps no average. The same object each time; its
   * parameters are those of the last call.
   */
  public abstract MultiLayerNetwork network();

  /**
   * The class probabilities {@link #network} gives each row of {@code features}, computed by
   * this session's engine: the onednn engine predicts on oneDNN's primitives too (to rounding
   * what DL4J's network gives, in about a third of its time).
   */
  public abstract INDArray probabilities(INDArray features);

  @Override
  public void close() {}

  /** DL4J's layers: {@code fit} on each batch, the average folded in after it. */
  private static final class Dl4j extends TrainingSession {
    private final WeightAverage average;

    Dl4j(MultiLayerNetwork net, int width, int classes, MovingAverage average) {
      super(net, width, classes);
      this.average = WeightAverage.of(net, average);
    }

    @Override
    void take(float[] features, int[] labels, int rows) {
      float[] oneHot = new float[rows * classes];
      for (int i = 0; i < rows; i++) {
        oneHot[i * classes + labels[i]] = 1f;
      }
      trained.fit(Nd4j.create(Arrays.copyOf(features, rows * width), new long[] {rows, width},
              DataType.FLOAT),
          Nd4j.create(oneHot, new long[] {rows, classes}, DataType.FLOAT));
      average.update();
    }

    @Override
    public MultiLayerNetwork network() {
      return average.network();
    }

    @Override
    public INDArray probabilities(INDArray features) {
      return Classifiers.probabilities(network(), features);
    }
  }

  /** oneDNN's primitives ({@link OneDnnGraph}), the network written out when asked for. */
  private static final class OneDnn extends TrainingSession {
    private final PointerScope scope;
    private final OneDnnGraph graph;
    private final ISchedule learningRate;
    private final double l2;
    private final MultiLayerNetwork predicting;
    private final boolean averaging;
    private final NetworkSettings settings;
    private final InputShape shape;
    /** The step count {@link #predicting} was last written at (-1: never). */
    private long exportedAfter = -1;
    /** Made on the first prediction; its parameters are those of step {@link #predictorAfter}. */
    private OneDnnGraph predictor;
    private long predictorAfter = -1;

    OneDnn(MultiLayerNetwork net, NetworkSettings settings, InputShape shape, int classes,
        int maxRows, ISchedule learningRate, MovingAverage average, long seed) {
      super(net, shape.features(), classes);
      // Frees the graph's native objects at close (see OneDnnTrainer).
      this.scope = OneDnnGraph.scope();
      this.graph = new OneDnnGraph(settings, shape, classes, maxRows, seed);
      graph.importParameters(net);
      this.averaging = average.averages();
      if (averaging) {
        graph.keepAverage(average);
      }
      this.predicting = averaging ? net.clone() : net;
      this.learningRate = learningRate;
      this.l2 = settings.l2();
      this.settings = settings;
      this.shape = shape;
    }

    @Override
    void take(float[] features, int[] classes, int rows) {
      graph.step(features, classes, rows, learningRate.valueAt((int) graph.steps(), 0), l2);
    }

    @Override
    public MultiLayerNetwork network() {
      if (exportedAfter == graph.steps()) {
        return predicting;
      }
      exportedAfter = graph.steps();
      if (averaging) {
        graph.exportAverage(predicting);
      } else {
        graph.exportParameters(predicting);
      }
      return predicting;
    }

    @Override
    public INDArray probabilities(INDArray features) {
      MultiLayerNetwork net = network();
      if (predictor == null) {
        predictor = OneDnnGraph.forPrediction(settings, shape, classes, PREDICT_BATCH);
      }
      if (predictorAfter != graph.steps()) {
        predictor.importParameters(net);
        predictorAfter = graph.steps();
      }
      INDArray rows = features.isView() || features.ordering() != 'c'
          || features.dataType() != DataType.FLOAT
          ? features.castTo(DataType.FLOAT).dup('c') : features;
      int n = (int) rows.rows();
      return Nd4j.create(predictor.probabilities(rows.data().asFloat(), n),
          new long[] {n, classes}, DataType.FLOAT);
    }

    @Override
    public void close() {
      scope.close();
    }
  }
}
