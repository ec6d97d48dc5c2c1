package dev.pate.benchmarks;

import dev.pate.ensemble.nn.Architecture;
import dev.pate.ensemble.nn.InputShape;
import dev.pate.ensemble.nn.LearningRateSchedule;
import dev.pate.ensemble.nn.MovingAverage;
import dev.pate.ensemble.nn.NativeThreads;
import dev.pate.ensemble.nn.NetworkSettings;
import dev.pate.ensemble.nn.NetworkSpec;
import dev.pate.ensemble.nn.TrainingEngine;
import dev.pate.ensemble.nn.TrainingSession;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.OptionalInt;
import java.util.SplittableRandom;
import java.util.stream.IntStream;

/**
 * Benchmark (not a test): the headline teacher network as pate builds it, trained on batches of
 * 32, 64, 128 and 256 images by one of the {@code teachers.engine}s, one native thread,
 * processor time per image. It bounds what a vectorised ensemble (G teachers' batches of 32
 * through one operation) could gain: such an ensemble's operations are as large as one
 * network's on G x 32 images, but grouped operations run no faster than shared-weight ones, so
 * the batch of G x 32 images is its best case. Both engines are timed alike: a {@link
 * TrainingSession} stepping on the same batch again and again (building the session is not
 * timed).
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
    List<TrainingSession> sessions = new ArrayList<>();
    try (NativeThreads.Scope one = NativeThreads.pin(1)) {
      float[][] features = new float[batches.length][];
      int[][] classes = new int[batches.length][];
      SplittableRandom random = new SplittableRandom(1);
      for (int b = 0; b < batches.length; b++) {
        sessions.add(TrainingSession.open(spec, InputShape.image(28, 28), 10, batches[b],
            100_000, new MovingAverage(0), 7, engine));
        features[b] = new float[batches[b] * 28 * 28];
        for (int i = 0; i < features[b].length; i++) {
          features[b][i] = random.nextFloat();
        }
        classes[b] = IntStream.range(0, batches[b]).map(i -> i % 10).toArray();
      }
      for (int round = -1; round < rounds; round++) { // round -1 warms up, untimed
        for (int b = 0; b < batches.length; b++) {
          int steps = images / batches[b];
          long start = threads.getCurrentThreadCpuTime();
          for (int s = 0; s < steps; s++) {
            sessions.get(b).step(features[b], classes[b], batches[b]);
          }
          if (round >= 0) {
            microsPerImage[b][round] = (threads.getCurrentThreadCpuTime() - start) / 1e3
                / (steps * batches[b]);
          }
        }
      }
    }
    // Each session's native objects are held by a scope of this thread: closed last-opened first.
    for (int b = sessions.size() - 1; b >= 0; b--) {
      sessions.get(b).close();
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
