package dev.pate.ensemble.nn;

import dev.pate.datasets.Dataset;
import java.util.Random;
import java.util.function.Function;
import org.deeplearning4j.nn.multilayer.MultiLayerNetwork;
import org.nd4j.linalg.api.ndarray.INDArray;
import org.nd4j.linalg.factory.Nd4j;
import org.nd4j.linalg.indexing.NDArrayIndex;

/** The training loop and batched prediction used by teachers and the student. */
public final class Classifiers {
  /** Rows predicted per forward pass: large enough to amortise overhead, small enough for cache. */
  private static final int PREDICT_BATCH = 512;

  private Classifiers() {}

  /** Called after each epoch (epochs counted from 1). */
  @FunctionalInterface
  public interface EpochListener {
    void epochDone(int epoch);

    EpochListener NONE = epoch -> {};
  }

  /** The training images of each epoch: the same every epoch, or freshly augmented. */
  @FunctionalInterface
  public interface EpochFeatures {
    /** Features for epoch {@code epoch} (from 1), rows in the order of the labels. */
    INDArray forEpoch(int epoch);

    static EpochFeatures fixed(INDArray features) {
      return epoch -> features;
    }
  }

  /**
   * A new network built from {@code network} and trained on {@code examples} with their own
   * labels: a teacher on its partition, or the non-private ceiling on all private data.
   */
  public static MultiLayerNetwork fit(NetworkSpec network, Dataset examples, InputShape shape,
      int numClasses, long seed, EpochListener listener) {
    return fit(network, examples, shape, numClasses, seed, EpochFeatures::fixed, listener);
  }

  /**
   * As {@link #fit(NetworkSpec, Dataset, InputShape, int, long, EpochListener)}, training each
   * epoch on {@code epochFeatures} of the examples' features (e.g. an augmenter's {@code epochs}).
   */
  public static MultiLayerNetwork fit(NetworkSpec network, Dataset examples, InputShape shape,
      int numClasses, long seed, Function<INDArray, EpochFeatures> epochFeatures,
      EpochListener listener) {
    return fit(network, examples, shape, numClasses, seed, epochFeatures, listener,
        TrainingEngine.DL4J);
  }

  /**
   * As {@link #fit(NetworkSpec, Dataset, InputShape, int, long, Function, EpochListener)}, its
   * training steps run by {@code engine}.
   */
  public static MultiLayerNetwork fit(NetworkSpec network, Dataset examples, InputShape shape,
      int numClasses, long seed, Function<INDArray, EpochFeatures> epochFeatures,
      EpochListener listener, TrainingEngine engine) {
    engine.requireCanTrain(network);
    MultiLayerNetwork net = network.create(shape, numClasses, seed,
        network.trainingSteps(examples.size()));
    train(net, network, shape, epochFeatures.apply(Tensors.features(examples)),
        Tensors.oneHot(examples.labels(), numClasses), seed, listener, engine);
    return net;
  }

  /**
   * Trains {@code net}, which {@code network} created for inputs of {@code shape} and as many
   * examples as {@code labels} has rows, for the network's epochs and batch size, its steps run by
   * {@code engine} ({@code auto} resolved).
   */
  public static void train(MultiLayerNetwork net, NetworkSpec network, InputShape shape,
      EpochFeatures features, INDArray labels, long seed, EpochListener listener,
      TrainingEngine engine) {
    engine.requireCanTrain(network);
    if (engine.resolve(network) == TrainingEngine.ONEDNN) {
      NetworkSettings settings = network.builtIn().orElseThrow();
      OneDnnTrainer.train(net, settings, shape, NetworkBuilder.learningRate(settings,
              network.trainingSteps((int) labels.rows())), features, labels, network.epochs(),
          network.batchSize(), seed, listener);
    } else {
      train(net, features, labels, network.epochs(), network.batchSize(), seed, listener);
    }
  }

  /**
   * Mini-batch training with a fresh seeded shuffle each epoch, so that the same seed gives the
   * same network regardless of which worker thread trains it.
   */
  public static void train(MultiLayerNetwork net, INDArray features, INDArray labels, int epochs,
      int batchSize, long seed, EpochListener listener) {
    train(net, EpochFeatures.fixed(features), labels, epochs, batchSize, seed, listener);
  }

  /** As {@link #train(MultiLayerNetwork, INDArray, INDArray, int, int, long, EpochListener)},
   * with features that may change from epoch to epoch (augmentation). */
  public static void train(MultiLayerNetwork net, EpochFeatures epochFeatures, INDArray labels,
      int epochs, int batchSize, long seed, EpochListener listener) {
    TrainingRows labelRows = TrainingRows.of(labels);
    forEachBatch(epochFeatures, (int) labels.rows(), epochs, batchSize, seed, listener,
        (features, order, from, to) -> net.fit(features.gather(order, from, to),
            labelRows.gather(order, from, to)));
  }

  /** One mini-batch: rows {@code order[from..to)} of the epoch's {@code features}. */
  @FunctionalInterface
  interface BatchStep {
    void take(TrainingRows features, int[] order, int from, int to);
  }

  /**
   * The mini-batches every engine trains on: each epoch's features, a fresh shuffle of the {@code
   * n} rows from {@code seed} each epoch, then batches of {@code batchSize} in that order (the
   * last one smaller when {@code batchSize} does not divide {@code n}).
   */
  static void forEachBatch(EpochFeatures epochFeatures, int n, int epochs, int batchSize,
      long seed, EpochListener listener, BatchStep step) {
    if (n == 0) {
      throw new IllegalArgumentException("labels: no examples to train on");
    }
    int[] order = new int[n];
    for (int i = 0; i < n; i++) {
      order[i] = i;
    }
    Random random = new Random(seed);
    INDArray copied = null;
    TrainingRows featureRows = null;
    for (int epoch = 1; epoch <= epochs; epoch++) {
      INDArray features = epochFeatures.forEpoch(epoch);
      if (features != copied) {
        // Fixed features (no augmentation) are the same array every epoch: copied once, not once
        // an epoch (all private data, for the non-private ceiling).
        featureRows = TrainingRows.of(features);
        copied = features;
      }
      shuffle(order, random);
      for (int start = 0; start < n; start += batchSize) {
        step.take(featureRows, order, start, Math.min(n, start + batchSize));
      }
      listener.epochDone(epoch);
    }
  }

  /** Class probabilities for every row, computed in batches. */
  public static INDArray probabilities(MultiLayerNetwork net, INDArray features) {
    long n = features.rows();
    if (n <= PREDICT_BATCH) {
      return net.output(features, false);
    }
    INDArray out = null;
    for (long start = 0; start < n; start += PREDICT_BATCH) {
      long end = Math.min(n, start + PREDICT_BATCH);
      INDArray part = net.output(features.get(NDArrayIndex.interval(start, end), NDArrayIndex.all()),
          false);
      if (out == null) {
        out = Nd4j.create(part.dataType(), n, part.columns());
      }
      out.get(NDArrayIndex.interval(start, end), NDArrayIndex.all()).assign(part);
    }
    return out;
  }

  /** Arg-max class per row. */
  public static int[] predict(MultiLayerNetwork net, INDArray features) {
    return argMaxRows(probabilities(net, features));
  }

  public static int[] argMaxRows(INDArray probabilities) {
    return probabilities.argMax(1).toIntVector();
  }

  /** Fraction of predictions equal to the labels. */
  public static double accuracy(int[] predicted, int[] labels) {
    if (predicted.length != labels.length || labels.length == 0) {
      throw new IllegalArgumentException("accuracy: " + predicted.length + " predictions for "
          + labels.length + " labels");
    }
    int correct = 0;
    for (int i = 0; i < labels.length; i++) {
      if (predicted[i] == labels[i]) {
        correct++;
      }
    }
    return correct / (double) labels.length;
  }

  private static void shuffle(int[] a, Random random) {
    for (int i = a.length - 1; i > 0; i--) {
      int j = random.nextInt(i + 1);
      int t = a[i];
      a[i] = a[j];
      a[j] = t;
    }
  }
}
