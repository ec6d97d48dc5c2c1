package dev.pate.ensemble.multilabel;

import dev.pate.datasets.multilabel.MultiLabelExamples;
import dev.pate.ensemble.nn.InputShape;
import dev.pate.ensemble.nn.NetworkBuilder;
import dev.pate.ensemble.nn.NetworkSettings;
import java.util.Objects;
import java.util.SplittableRandom;
import org.deeplearning4j.nn.multilayer.MultiLayerNetwork;
import org.nd4j.linalg.api.ndarray.INDArray;
import org.nd4j.linalg.dataset.DataSet;
import org.nd4j.linalg.factory.Nd4j;

/**
 * A network with one sigmoid output per label, trained with per-label binary cross-entropy
 * ({@link NetworkBuilder} with {@code multiLabel}), on images or table rows with label-set targets
 * ({@link MultiLabelExamples}). A label is
 * predicted positive when its sigmoid is above one half.
 */
public final class MultiLabelNetwork {

  private final MultiLayerNetwork network;
  private final int labels;

  private MultiLabelNetwork(MultiLayerNetwork network, int labels) {
    this.network = network;
    this.labels = labels;
  }

  /**
   * A trained network (e.g. one loaded from a saved teacher) as a multi-label network over
   * {@code labels} labels.
   *
   * @throws IllegalArgumentException if its output layer does not have one unit per label
   */
  public static MultiLabelNetwork of(MultiLayerNetwork network, int labels) {
    long outputs = network.layerSize(network.getnLayers() - 1);
    if (outputs != labels) {
      throw new IllegalArgumentException("network: " + outputs + " outputs, not one per label of "
          + labels);
    }
    return new MultiLabelNetwork(network, labels);
  }

  /**
   * Trains a new network on {@code images} with {@code targets}: {@code settings.epochs()} passes
   * in a seeded random order, batches of {@code settings.batchSize()}, unknown labels masked.
   *
   * @param seed at least 1; the network's initialisation and the batch order follow from it
   */
  public static MultiLabelNetwork train(NetworkSettings settings, MultiLabelExamples images,
      MultiLabelTargets targets, long seed) {
    Objects.requireNonNull(settings, "settings");
    if (targets.size() != images.size() || targets.labels() != images.labels()) {
      throw new IllegalArgumentException("targets: " + targets.size() + " examples over "
          + targets.labels() + " labels, images: " + images.size() + " over " + images.labels());
    }
    int batches = (images.size() + settings.batchSize() - 1) / settings.batchSize();
    // Images go in as images (a CNN sees their shape), table rows as vectors.
    InputShape input = images.imageShape().map(InputShape::image)
        .orElseGet(() -> InputShape.vector(images.featureCount()));
    MultiLayerNetwork net = NetworkBuilder.build(settings, input,
        images.labels(), seed, settings.epochs() * batches, true);
    SplittableRandom order = new SplittableRandom(seed);
    int[] indices = new int[images.size()];
    for (int i = 0; i < indices.length; i++) {
      indices[i] = i;
    }
    for (int epoch = 0; epoch < settings.epochs(); epoch++) {
      for (int i = indices.length - 1; i > 0; i--) {
        int j = order.nextInt(i + 1);
        int t = indices[i];
        indices[i] = indices[j];
        indices[j] = t;
      }
      for (int from = 0; from < indices.length; from += settings.batchSize()) {
        int to = Math.min(indices.length, from + settings.batchSize());
        net.fit(batch(images, targets, indices, from, to));
      }
    }
    return new MultiLabelNetwork(net, images.labels());
  }

  private static DataSet batch(MultiLabelExamples images, MultiLabelTargets targets, int[] indices,
      int from, int to) {
    int n = to - from;
    int pixels = images.featureCount();
    int k = images.labels();
    float[] features = new float[n * pixels];
    float[] labels = new float[n * k];
    float[] mask = new float[n * k];
    for (int b = 0; b < n; b++) {
      int example = indices[from + b];
      images.featuresAsFloats(example, features, b * pixels);
      for (int j = 0; j < k; j++) {
        labels[b * k + j] = (targets.positiveOf(example) >>> j) & 1;
        mask[b * k + j] = (targets.knownOf(example) >>> j) & 1;
      }
    }
    INDArray x = Nd4j.create(features, new long[] {n, pixels}, 'c');
    INDArray y = Nd4j.create(labels, new long[] {n, k}, 'c');
    INDArray m = Nd4j.create(mask, new long[] {n, k}, 'c');
    return new DataSet(x, y, null, m);
  }

  /** The predicted label set of every image, as bit masks (sigmoid above one half). */
  public int[] predict(MultiLabelExamples images) {
    float[][] probabilities = probabilities(images);
    int[] masks = new int[images.size()];
    for (int i = 0; i < masks.length; i++) {
      for (int j = 0; j < labels; j++) {
        if (probabilities[i][j] > 0.5) {
          masks[i] |= 1 << j;
        }
      }
    }
    return masks;
  }

  /** Each image's sigmoid outputs, one per label: the network's probability that it applies. */
  public float[][] probabilities(MultiLabelExamples images) {
    if (images.labels() != labels) {
      throw new IllegalArgumentException("images: over " + images.labels() + " labels, not "
          + labels);
    }
    int pixels = images.featureCount();
    float[][] probabilities = new float[images.size()][labels];
    int batch = 256;
    for (int from = 0; from < images.size(); from += batch) {
      int to = Math.min(images.size(), from + batch);
      float[] features = new float[(to - from) * pixels];
      for (int i = from; i < to; i++) {
        images.featuresAsFloats(i, features, (i - from) * pixels);
      }
      INDArray out = network.output(
          Nd4j.create(features, new long[] {to - from, pixels}, 'c'), false);
      for (int i = from; i < to; i++) {
        for (int j = 0; j < labels; j++) {
          probabilities[i][j] = out.getFloat(i - from, j);
        }
      }
    }
    return probabilities;
  }

  /** The underlying DL4J network. */
  public MultiLayerNetwork network() {
    return network;
  }
}
