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
import dev.pate.ensemble.pretrain.PretrainSettings;
import dev.pate.ensemble.pretrain.PretrainedNetwork;
import dev.pate.ensemble.pretrain.Pretext;
import java.util.List;
import java.util.Locale;
import java.util.OptionalInt;
import org.nd4j.linalg.api.ndarray.INDArray;

/**
 * Benchmark (not a test) of {@code teachers.pretrain: rotation}: do teachers whose convolutions
 * first learnt the turn of the public pool's images learn more from a few private images than
 * teachers from random weights?
 *
 * <p>Pretrains once on the first 8000 test images (the frontier studies' pool), then trains
 * TEACHERS teachers twice on the same partitions of PARTITION training images each (the frontier
 * files' teacher: cnn 16/32, dense 128, EPOCHS epochs of 32 at Adam 0.006, shifted and rotated):
 * from random weights and from the pretrained convolutions. Prints each ensemble's mean teacher
 * accuracy and the accuracy of its plurality vote on test images 8000-8999 (the studies'
 * validation split, never in the pool); the held-out images 9000-9999 are not read.
 *
 * <p>Arguments: [DATASET=fashion-mnist] [TEACHERS=16] [PARTITION=60] [PRETRAIN_EPOCHS=10]
 * [EPOCHS=60]. One network at a time on every core.
 */
public final class PretrainedTeachersBenchmark {
  public static void main(String[] args) {
    String dataset = args.length > 0 ? args[0] : "fashion-mnist";
    int teachers = args.length > 1 ? Integer.parseInt(args[1]) : 16;
    int partition = args.length > 2 ? Integer.parseInt(args[2]) : 60;
    int pretrainEpochs = args.length > 3 ? Integer.parseInt(args[3]) : 10;
    int epochs = args.length > 4 ? Integer.parseInt(args[4]) : 60;
    TrainTest data = ImageDatasets.load(dataset, DataDirectory.standard(null));
    ImageDataset pool = data.test().range("pool", 0, 8000);
    ImageDataset validation = data.test().range("validation", 8000, 9000);
    NetworkSpec teacher = NetworkSpec.of(new NetworkSettings(Architecture.CNN, List.of(16, 32),
        OptionalInt.of(5), List.of(128), 0.0, epochs, 32, 0.006, LearningRateSchedule.LINEAR,
        0.0));
    PretrainedNetwork pretrained = PretrainedNetwork.pretrain(teacher, Pretext.ROTATION,
        new PretrainSettings(pretrainEpochs, 64, 0.002), pool, 11, TrainingEngine.ONEDNN);
    System.out.println(pretrained.describe());
    InputShape shape = InputShape.of(pool);
    INDArray validationFeatures = Tensors.features(validation);
    int[] truth = validation.labels();
    for (NetworkSpec network : List.of(teacher, pretrained)) {
      int[][] votes = new int[truth.length][validation.numClasses()];
      double accuracySum = 0;
      try (NativeThreads.Scope cores = NativeThreads.allCores()) {
        for (int t = 0; t < teachers; t++) {
          ImageDataset part = data.train().range("teacher-" + t, t * partition,
              (t + 1) * partition);
          long seed = 100 + t;
          int[] predicted = Classifiers.predict(Classifiers.fit(network, part, shape,
              part.numClasses(), seed, new ImageAugmenter(List.of(Augmentation.SHIFT,
                  Augmentation.ROTATE), shape, seed)::epochs, Classifiers.EpochListener.NONE,
              TrainingEngine.ONEDNN), validationFeatures);
          accuracySum += Classifiers.accuracy(predicted, truth);
          for (int i = 0; i < truth.length; i++) {
            votes[i][predicted[i]]++;
          }
        }
      }
      int pluralityRight = 0;
      for (int i = 0; i < truth.length; i++) {
        int top = 0;
        for (int c = 1; c < votes[i].length; c++) {
          top = votes[i][c] > votes[i][top] ? c : top;
        }
        pluralityRight += top == truth[i] ? 1 : 0;
      }
      System.out.printf(Locale.ROOT, "%s: %d teachers of %d images, mean accuracy %.4f,"
              + " plurality right on %.4f of the validation images%n",
          network == teacher ? "random weights" : "pretrained convolutions", teachers, partition,
          accuracySum / teachers, pluralityRight / (double) truth.length);
    }
  }
}
