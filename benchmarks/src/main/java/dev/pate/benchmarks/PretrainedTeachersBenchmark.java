package dev.pate.benchmarks;

import dev.pate.datasets.ImageDataset;
import dev.pate.datasets.ImageDatasets;
import dev.pate.datasets.TrainTest;
import dev.pate.datasets.files.DataDirectory;
import dev.pate.ensemble.augment.Augmentation;
import dev.pate.ensemble.augment.ImageAugmenter;
import dev.pate.ensemble.nn.Architecture;
import dev.pate.ensemble.nn.Classifiers;
import dev.pate.ensemble.nn.InputShape;
import dev.pate.ensemble.nn.LearningRateSchedule;
import dev.pate.ensemble.nn.NativeThreads;
import dev.pate.ensemble.nn.NetworkSettings;
import dev.pate.ensemble.nn.NetworkSpec;
import dev.pate.ensemble.nn.Tensors;
import dev.pate.ensemble.nn.TrainingEngine;
import java.util.List;
import java.util.Locale;
import java.util.OptionalInt;
import org.deeplearning4j.nn.multilayer.MultiLayerNetwork;
import org.nd4j.linalg.indexing.NDArrayIndex;

/**
 * Prototype (not a test): do teachers that start from a network pretrained on the public pool
 * (rotation prediction, self-supervised) learn more from a few private images than from scratch?
 * Arguments: [DATASET=fashion-mnist] [TEACHERS=16] [PARTITION=60] [PRE_EPOCHS=5] [EPOCHS=60].
 */
public final class PretrainedTeachersBenchmark {
  public static void main(String[] args) throws Exception {
    String dataset = args.length > 0 ? args[0] : "fashion-mnist";
    int teachers = args.length > 1 ? Integer.parseInt(args[1]) : 16;
    int partition = args.length > 2 ? Integer.parseInt(args[2]) : 60;
    int preEpochs = args.length > 3 ? Integer.parseInt(args[3]) : 5;
    int epochs = args.length > 4 ? Integer.parseInt(args[4]) : 60;
    String pretext = args.length > 5 ? args[5] : "rotation";
    int clusters = args.length > 6 ? Integer.parseInt(args[6]) : 50;
    boolean convOnly = args.length > 7 && args[7].equals("conv");
    TrainTest data = ImageDatasets.load(dataset, DataDirectory.standard(null));
    ImageDataset pool = data.test().range("pool", 0, 8000);
    ImageDataset validation = data.test().range("validation", 8000, 9000);
    InputShape shape = InputShape.of(pool);
    NetworkSettings teacherNet = new NetworkSettings(Architecture.CNN, List.of(16, 32),
        OptionalInt.of(5), List.of(128), 0.0, epochs, 32, 0.006, LearningRateSchedule.LINEAR, 0.0);
    NetworkSpec spec = NetworkSpec.of(teacherNet);
    long start = System.nanoTime();
    MultiLayerNetwork donor;
    try (NativeThreads.Scope cores = NativeThreads.allCores()) {
      ImageDataset rotated = pretext.equals("rotation") ? rotations(pool)
          : clustered(pool, clusters);
      NetworkSpec pre = NetworkSpec.of(new NetworkSettings(Architecture.CNN, List.of(16, 32),
          OptionalInt.of(5), List.of(128), 0.0, preEpochs, 64, 0.002, LearningRateSchedule.LINEAR,
          0.0));
      donor = Classifiers.fit(pre, rotated, shape, rotated.numClasses(), 11, new ImageAugmenter(
          List.of(Augmentation.SHIFT), shape, 11)::epochs, Classifiers.EpochListener.NONE,
          TrainingEngine.ONEDNN);
      System.out.printf(Locale.ROOT, "pretext %s: accuracy on its pool %.4f, %.1f s%n", pretext,
          Classifiers.accuracy(Classifiers.predict(donor, Tensors.features(rotated)),
              rotated.labels()), (System.nanoTime() - start) / 1e9);
    }
    var evalFeatures = Tensors.features(validation);
    int[] truth = validation.labels();
    for (boolean pretrained : new boolean[] {false, true}) {
      int[][] votes = new int[truth.length][validation.numClasses()];
      double sum = 0;
      try (NativeThreads.Scope cores = NativeThreads.allCores()) {
        for (int t = 0; t < teachers; t++) {
          ImageDataset part = data.train().range("t" + t, t * partition, (t + 1) * partition);
          long seed = 100 + t;
          MultiLayerNetwork net = spec.create(shape, part.numClasses(), seed,
              spec.trainingSteps(part.size()));
          if (pretrained) {
            long prefix = donor.numParams() - donor.getLayer(donor.getnLayers() - 1).numParams();
            if (convOnly) {
              prefix = 0;
              for (var layer : donor.getLayers()) {
                if (layer instanceof org.deeplearning4j.nn.layers.convolution.ConvolutionLayer) {
                  prefix += layer.numParams();
                }
              }
            }
            net.params().get(NDArrayIndex.interval(0, prefix)).assign(
                donor.params().get(NDArrayIndex.interval(0, prefix)));
          }
          Classifiers.train(net, spec, shape, new ImageAugmenter(List.of(Augmentation.SHIFT,
                  Augmentation.ROTATE), shape, seed).epochs(Tensors.features(part)),
              Tensors.oneHot(part.labels(), part.numClasses()), seed,
              Classifiers.EpochListener.NONE, TrainingEngine.ONEDNN);
          int[] predicted = Classifiers.predict(net, evalFeatures);
          sum += Classifiers.accuracy(predicted, truth);
          for (int i = 0; i < truth.length; i++) {
            votes[i][predicted[i]]++;
          }
        }
      }
      int plurality = 0;
      for (int i = 0; i < truth.length; i++) {
        int best = 0;
        for (int c = 1; c < votes[i].length; c++) {
          best = votes[i][c] > votes[i][best] ? c : best;
        }
        plurality += best == truth[i] ? 1 : 0;
      }
      System.out.printf(Locale.ROOT, "%s: %d teachers of %d images, mean accuracy %.4f,"
          + " plurality %.4f%n", pretrained ? "pretrained" : "scratch", teachers, partition,
          sum / teachers, plurality / (double) truth.length);
    }
  }

  /** The pool labelled by its k-means cluster on raw pixels. */
  static ImageDataset clustered(ImageDataset images, int k) {
    int width = images.featureCount();
    float[] row = new float[width];
    List<org.apache.commons.math3.ml.clustering.DoublePoint> points = new java.util.ArrayList<>();
    for (int i = 0; i < images.size(); i++) {
      images.featuresAsFloats(i, i + 1, row, 0);
      double[] p = new double[width];
      for (int j = 0; j < width; j++) {
        p[j] = row[j];
      }
      points.add(new org.apache.commons.math3.ml.clustering.DoublePoint(p));
    }
    var kmeans = new org.apache.commons.math3.ml.clustering.KMeansPlusPlusClusterer<
        org.apache.commons.math3.ml.clustering.DoublePoint>(k, 30,
        new org.apache.commons.math3.ml.distance.EuclideanDistance(),
        new org.apache.commons.math3.random.Well19937c(5));
    var result = kmeans.cluster(points);
    java.util.Map<org.apache.commons.math3.ml.clustering.DoublePoint, Integer> of =
        new java.util.IdentityHashMap<>();
    for (int c = 0; c < result.size(); c++) {
      for (var p : result.get(c).getPoints()) {
        of.put(p, c);
      }
    }
    int size = images.pixelsPerImage();
    byte[] pixels = new byte[images.size() * size];
    int[] labels = new int[images.size()];
    for (int i = 0; i < images.size(); i++) {
      images.copyPixels(i, pixels, i * size);
      labels[i] = of.get(points.get(i));
    }
    return ImageDataset.wrap("clusters", images.shape(), k, pixels, labels);
  }

  /** Each image four times, turned 0, 90, 180 and 270 degrees, labelled by the turn. */
  static ImageDataset rotations(ImageDataset images) {
    int side = images.rows();
    int size = side * side;
    byte[] one = new byte[size];
    byte[] pixels = new byte[images.size() * 4 * size];
    int[] labels = new int[images.size() * 4];
    for (int i = 0; i < images.size(); i++) {
      images.copyPixels(i, one, 0);
      for (int k = 0; k < 4; k++) {
        int base = (i * 4 + k) * size;
        labels[i * 4 + k] = k;
        for (int r = 0; r < side; r++) {
          for (int c = 0; c < side; c++) {
            int sr = r;
            int sc = c;
            for (int turn = 0; turn < k; turn++) {
              int tmp = sr;
              sr = side - 1 - sc;
              sc = tmp;
            }
            pixels[base + r * side + c] = one[sr * side + sc];
          }
        }
      }
    }
    return ImageDataset.wrap("rotations", images.shape(), 4, pixels, labels);
  }
}
