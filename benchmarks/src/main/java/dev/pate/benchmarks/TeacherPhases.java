package dev.pate.benchmarks;

import dev.pate.datasets.Dataset;
import dev.pate.datasets.ImageDatasets;
import dev.pate.datasets.TrainTest;
import dev.pate.datasets.files.DataDirectory;
import dev.pate.datasets.split.PartitionLimits;
import dev.pate.datasets.split.TeacherPartitions;
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
import java.io.IOException;
import java.io.OutputStream;
import java.util.List;
import java.util.Locale;
import java.util.OptionalInt;
import org.deeplearning4j.nn.multilayer.MultiLayerNetwork;
import org.deeplearning4j.util.ModelSerializer;
import org.nd4j.linalg.api.ndarray.INDArray;

/**
 * Benchmark (not a test): where one teacher's time goes, phase by phase, for the headline teacher
 * (the 16/32-filter CNN, 240 images x 15 epochs, shift and rotate) on one native thread: building
 * the network, augmenting its 15 epochs of images, the training steps, scoring it on 1000
 * held-out images, and serialising it. Each round trains every teacher once; the first round
 * includes the JIT's and oneDNN's warm-up, the later ones are the steady state a run of hundreds
 * of teachers sees.
 *
 * <pre>java -Dorg.bytedeco.javacpp.maxPhysicalBytes=0 -cp "$CP" dev.pate.benchmarks.TeacherPhases
 *   [teachers=8] [rounds=2] [engine=dl4j or onednn]</pre>
 */
public final class TeacherPhases {
  private static final int IMAGES = 240;
  private static final int EPOCHS = 15;
  private static final int BATCH = 32;

  private TeacherPhases() {}

  public static void main(String[] args) throws IOException {
    int teachers = args.length > 0 ? Integer.parseInt(args[0]) : 8;
    int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 2;
    TrainingEngine engine = TrainingEngine.valueOf((args.length > 2 ? args[2] : "dl4j")
        .toUpperCase(Locale.ROOT));
    TrainTest mnist = ImageDatasets.load("mnist", DataDirectory.standard());
    Dataset held = mnist.test().range("eval", 9000, 10000);
    INDArray evaluation = Tensors.features(held);
    int[] evaluationLabels = held.labels();
    TeacherPartitions parts = TeacherPartitions.split(mnist.train(), teachers, 3,
        PartitionLimits.NONE.withMaxPerTeacher(IMAGES));
    NetworkSpec network = NetworkSpec.of(new NetworkSettings(Architecture.CNN, List.of(16, 32),
        OptionalInt.of(5), List.of(128), 0.0, EPOCHS, BATCH, 0.006, LearningRateSchedule.LINEAR,
        0.0));
    List<Augmentation> augment = List.of(Augmentation.SHIFT, Augmentation.ROTATE);
    System.out.printf(Locale.ROOT, "%d teachers x %d images x %d epochs, one native thread,"
        + " engine %s; milliseconds per teacher%n", teachers, IMAGES, EPOCHS, engine.id());
    try (NativeThreads.Scope one = NativeThreads.pin(1)) {
      for (int round = 1; round <= rounds; round++) {
        long[] phases = new long[5];
        int steps = 0;
        double accuracy = 0;
        for (int t = 0; t < teachers; t++) {
          Dataset part = parts.teachers().get(t);
          InputShape shape = InputShape.of(part);
          long seed = 7 + t;
          long start = System.nanoTime();
          MultiLayerNetwork net = network.create(shape, 10, seed,
              network.trainingSteps(part.size()));
          long built = System.nanoTime();
          INDArray features = Tensors.features(part);
          Classifiers.EpochFeatures epochs = new ImageAugmenter(augment, shape, seed)
              .epochs(features);
          INDArray[] augmented = new INDArray[EPOCHS];
          for (int e = 1; e <= EPOCHS; e++) {
            augmented[e - 1] = epochs.forEpoch(e);
          }
          long readyToTrain = System.nanoTime();
          Classifiers.train(net, network, shape, e -> augmented[e - 1],
              Tensors.oneHot(part.labels(), 10), seed, Classifiers.EpochListener.NONE, engine);
          long trained = System.nanoTime();
          accuracy += Classifiers.accuracy(Classifiers.predict(net, evaluation), evaluationLabels);
          long scored = System.nanoTime();
          ModelSerializer.writeModel(net, OutputStream.nullOutputStream(), false);
          long saved = System.nanoTime();
          phases[0] += built - start;
          phases[1] += readyToTrain - built;
          phases[2] += trained - readyToTrain;
          phases[3] += scored - trained;
          phases[4] += saved - scored;
          steps += EPOCHS * ((part.size() + BATCH - 1) / BATCH);
        }
        long total = java.util.Arrays.stream(phases).sum();
        System.out.printf(Locale.ROOT, "round %d: build %.1f, augment %.1f, train %.1f (%.2f a"
            + " step), score 1000 images %.1f, serialise %.1f; all %.1f ms = %.0f images/s;"
            + " mean held-out accuracy %.4f%n", round, ms(phases[0], teachers),
            ms(phases[1], teachers), ms(phases[2], teachers), ms(phases[2], steps),
            ms(phases[3], teachers), ms(phases[4], teachers), ms(total, teachers),
            (double) teachers * IMAGES * EPOCHS / (total / 1e9), accuracy / teachers);
      }
    }
  }

  private static double ms(long nanos, int count) {
    return nanos / 1e6 / count;
  }
}
