package dev.pate.benchmarks;

import dev.pate.ensemble.nn.Architecture;
import dev.pate.ensemble.nn.Classifiers;
import dev.pate.ensemble.nn.InputShape;
import dev.pate.ensemble.nn.LearningRateSchedule;
import dev.pate.ensemble.nn.NativeThreads;
import dev.pate.ensemble.nn.NetworkSettings;
import dev.pate.ensemble.nn.NetworkSpec;
import dev.pate.ensemble.nn.OneDnnTrainer;
import dev.pate.ensemble.nn.TrainingEngine;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.OptionalInt;
import org.deeplearning4j.nn.multilayer.MultiLayerNetwork;
import org.nd4j.linalg.api.buffer.DataType;
import org.nd4j.linalg.api.ndarray.INDArray;
import org.nd4j.linalg.factory.Nd4j;
import org.nd4j.linalg.schedule.FixedSchedule;

/**
 * Benchmark (not a test): the headline teacher network as pate builds it, trained on batches of
 * 32, 64, 128 and 256 images by one of the {@code teachers.engine}s, one native thread,
 * processor time per image. It bounds what a vectorised ensemble (G teachers' batches of 32
 * through one operation) could gain: such an ensemble's operations are as large as one
 * network's on G x 32 images, but grouped operations run no faster than shared-weight ones, so
 * the batch of G x 32 images is its best case. The two engines are not timed alike: dl4j's figure
 * is {@code fit} on the same batch again and again; onednn's goes through its trainer, so it also
 * pays for building its graph, copying rows into each batch and handing the parameters back to
 * DL4J each round (its advantage is understated, not overstated).
 *
 * <p>Its PyTorch twin is {@code python3 benchmarks/python/pate_teacher_student.py batches 4096 6
 * channels-last}.
 *
 * <pre>java -cp ... dev.pate.benchmarks.BatchScaling [images a round=4096] [rounds=6]
 *   [batch sizes separated by commas=32,64,128,256] [engine=dl4j or onednn]</pre>
 */
public final class BatchScaling {
  private BatchScaling() {}

  public static void main(String[] args) {
    int images = args.length > 0 ? Integer.parseInt(args[0]) : 4096;
    int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 6;
    int[] batches = Arrays.stream((args.length > 2 ? args[2] : "32,64,128,256").split(","))
        .mapToInt(Integer::parseInt).toArray();
    TrainingEngine engine = TrainingEngine.valueOf((args.length > 3 ? args[3] : "dl4j")
        .toUpperCase(Locale.ROOT));
    NetworkSettings settings = new NetworkSettings(Architecture.CNN, List.of(16, 32),
        OptionalInt.of(5), List.of(128), 0.0, 1, 32, 0.006, LearningRateSchedule.LINEAR, 0.0);
    NetworkSpec spec = NetworkSpec.of(settings);
    ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    double[][] microsPerImage = new double[batches.length][rounds];
    try (NativeThreads.Scope one = NativeThreads.pin(1)) {
      MultiLayerNetwork[] nets = new MultiLayerNetwork[batches.length];
      INDArray[] features = new INDArray[batches.length];
      INDArray[] labels = new INDArray[batches.length];
      Nd4j.getRandom().setSeed(1);
      for (int b = 0; b < batches.length; b++) {
        nets[b] = spec.create(InputShape.image(28, 28), 10, 7, 100_000);
        features[b] = Nd4j.rand(DataType.FLOAT, batches[b], 28 * 28);
        labels[b] = Nd4j.zeros(DataType.FLOAT, batches[b], 10);
        for (int i = 0; i < batches[b]; i++) {
          labels[b].putScalar(i, i % 10, 1);
        }
      }
      for (int round = -1; round < rounds; round++) { // round -1 warms up, untimed
        for (int b = 0; b < batches.length; b++) {
          int steps = images / batches[b];
          long start = threads.getCurrentThreadCpuTime();
          if (engine == TrainingEngine.ONEDNN) {
            // One epoch over the batch repeated: the same steps, through oneDNN's primitives.
            INDArray repeated = features[b].repeat(0, steps);
            OneDnnTrainer.train(nets[b], settings, InputShape.image(28, 28),
                new FixedSchedule(0.006), Classifiers.EpochFeatures.fixed(repeated),
                labels[b].repeat(0, steps), 1, batches[b], 3, Classifiers.EpochListener.NONE);
          } else {
            for (int s = 0; s < steps; s++) {
              nets[b].fit(features[b], labels[b]);
            }
          }
          if (round >= 0) {
            microsPerImage[b][round] = (threads.getCurrentThreadCpuTime() - start) / 1e3
                / (steps * batches[b]);
          }
        }
      }
    }
    System.out.printf(Locale.ROOT, "engine %s, %d images a round x %d rounds, one native thread;"
        + " processor time per image (median, min, max) and images/s of processor time:%n",
        engine.id(), images, rounds);
    double base = median(microsPerImage[0]);
    for (int b = 0; b < batches.length; b++) {
      double[] sorted = microsPerImage[b].clone();
      Arrays.sort(sorted);
      System.out.printf(Locale.ROOT, "  batch %3d: %6.1f us (%.1f-%.1f), %5.0f images/s, %.2f x"
          + " batch 32's%n", batches[b], median(sorted), sorted[0], sorted[sorted.length - 1],
          1e6 / median(sorted), base / median(sorted));
    }
  }

  private static double median(double[] values) {
    double[] sorted = values.clone();
    Arrays.sort(sorted);
    return sorted[sorted.length / 2];
  }
}
