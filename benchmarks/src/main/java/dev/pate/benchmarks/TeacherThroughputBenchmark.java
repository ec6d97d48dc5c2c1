package dev.pate.benchmarks;

import dev.pate.datasets.ImageDataset;
import dev.pate.datasets.ImageDatasets;
import dev.pate.datasets.TrainTest;
import dev.pate.datasets.files.DataDirectory;
import dev.pate.datasets.split.PartitionLimits;
import dev.pate.datasets.split.TeacherPartitions;
import dev.pate.ensemble.Ensemble;
import dev.pate.ensemble.EnsembleTrainer;
import dev.pate.ensemble.TeacherSettings;
import dev.pate.ensemble.TeacherTraining;
import dev.pate.ensemble.augment.Augmentation;
import dev.pate.ensemble.nn.Architecture;
import dev.pate.ensemble.nn.LearningRateSchedule;
import dev.pate.ensemble.nn.NativeThreads;
import dev.pate.ensemble.nn.NetworkCost;
import dev.pate.ensemble.nn.NetworkSettings;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.OptionalInt;
import org.nd4j.linalg.api.buffer.DataType;
import org.nd4j.linalg.api.ndarray.INDArray;
import org.nd4j.linalg.factory.Nd4j;

/**
 * Benchmark (not a test): how fast teachers train, as teacher images per second and achieved
 * GFLOP/s next to the machine's measured sgemm peak, for the headline's teacher network (the
 * 16/32-filter CNN of experiments/mnist-250-confident-gnmax.yaml, with its augmentation) and the
 * others shipped: one worker with all native threads, one worker with one, and a worker per core
 * with one each.
 *
 * <p>Run from the checkout root after {@code mvn -q -B -pl benchmarks -am package -DskipTests}:
 * <pre>
 * java -Dorg.bytedeco.javacpp.maxPhysicalBytes=0 -Dpate.repo.root=$PWD \
 *     -cp "benchmarks/target/classes:benchmarks/target/lib/*" \
 *     dev.pate.benchmarks.TeacherThroughputBenchmark [teachers=8] [images=240] [epochs=15]
 * </pre>
 */
public final class TeacherThroughputBenchmark {
  public static void main(String[] args) throws Exception {
    int teachers = args.length > 0 ? Integer.parseInt(args[0]) : 8;
    int images = args.length > 1 ? Integer.parseInt(args[1]) : 240;
    int epochs = args.length > 2 ? Integer.parseInt(args[2]) : 15;
    int cores = Runtime.getRuntime().availableProcessors();
    double peakOne = sgemmGflops(1);
    double peakAll = sgemmGflops(cores);
    System.out.printf(Locale.ROOT, "sgemm peak (1024x1024 floats): %.1f GFLOP/s on 1 thread,"
        + " %.1f GFLOP/s on %d threads%n", peakOne, peakAll, cores);

    TrainTest mnist = ImageDatasets.load("mnist", DataDirectory.standard());
    ImageDataset evaluation = mnist.test().range("eval", 9000, 10000);
    TeacherPartitions parts = TeacherPartitions.split(mnist.train(), teachers, 3,
        PartitionLimits.NONE.withMaxPerTeacher(images));
    record Setting(String name, NetworkSettings network, List<Augmentation> augment) {}
    var settings = List.of(
        new Setting("headline cnn[16,32] k5 +shift,rotate",
            new NetworkSettings(Architecture.CNN, List.of(16, 32), OptionalInt.of(5), List.of(128),
                0.0, epochs, 32, 0.006, LearningRateSchedule.LINEAR, 0.0),
            List.of(Augmentation.SHIFT, Augmentation.ROTATE)),
        new Setting("cnn[16,32] k5 plain",
            new NetworkSettings(Architecture.CNN, List.of(16, 32), OptionalInt.of(5), List.of(128),
                0.0, epochs, 32, 0.003, LearningRateSchedule.LINEAR, 0.0), List.of()),
        new Setting("mlp[128] plain",
            new NetworkSettings(Architecture.MLP, List.of(), OptionalInt.empty(), List.of(128),
                0.0, epochs, 32, 0.002, LearningRateSchedule.LINEAR, 0.0), List.of()));
    Path dir = Files.createTempDirectory("pate-bench");
    System.out.printf(Locale.ROOT, "%d teachers x %d images x %d epochs, %d cores%n", teachers,
        images, epochs, cores);
    // Warm-up, untimed: the JIT compiles DL4J's and pate's training path and oneDNN builds its
    // kernels on the first teachers; the pipeline trains hundreds, so the steady state is the
    // figure that matters (on 8 teachers, compilation alone took a fifth of the first layout).
    TeacherPartitions warmUp = TeacherPartitions.split(mnist.train(), cores, 5,
        PartitionLimits.NONE.withMaxPerTeacher(images));
    for (Setting s : settings) {
      time(new TeacherSettings(cores, s.network(), s.augment(), cores, 1), warmUp, evaluation,
          dir);
    }
    for (Setting s : settings) {
      double flopsPerImage = NetworkCost.trainingFlops(s.network(), 28, 28, 10);
      for (int[] layout : layouts(cores)) {
        int workers = layout[0];
        int threads = layout[1];
        int used = workers * threads;
        double peak = used == 1 ? peakOne : peakAll;
        TeacherSettings config = new TeacherSettings(teachers, s.network(), s.augment(),
            workers, threads);
        Result r = time(config, parts, evaluation, dir);
        double imagesPerSecond = (double) teachers * images * epochs / r.seconds();
        double gflops = imagesPerSecond * flopsPerImage / 1e9;
        System.out.printf(Locale.ROOT, "%-36s %d worker(s) x %d thread(s): %6.1f s, %8.0f"
            + " images/s, %5.2f GFLOP/s = %4.1f%% of the %d-thread sgemm peak; mean held-out"
            + " accuracy %.4f%n", s.name(), workers, threads, r.seconds(), imagesPerSecond,
            gflops, 100 * gflops / peak, used, r.accuracy());
      }
    }
  }

  /**
   * Workers x native threads to time: one worker with every thread, one worker with one thread
   * (what a core does alone), and a worker per core with one thread each (pate's default).
   */
  private static List<int[]> layouts(int cores) {
    return cores == 1 ? List.of(new int[] {1, 1})
        : List.of(new int[] {1, cores}, new int[] {1, 1}, new int[] {cores, 1});
  }

  private record Result(double seconds, double accuracy) {}

  private static Result time(TeacherSettings config, TeacherPartitions parts,
      ImageDataset evaluation, Path dir) {
    long start = System.nanoTime();
    Ensemble e = new EnsembleTrainer(TeacherTraining.of(config)).train(parts.teachers(),
        evaluation, 1, dir.resolve("t" + start), r -> {});
    return new Result((System.nanoTime() - start) / 1e9, e.meanTestAccuracy());
  }

  /** Single-precision matrix products of 1024 x 1024, best of a few, on {@code threads}. */
  static double sgemmGflops(int threads) {
    try (NativeThreads.Scope pinned = NativeThreads.pin(threads)) {
      int n = 1024;
      INDArray a = Nd4j.rand(DataType.FLOAT, n, n);
      INDArray b = Nd4j.rand(DataType.FLOAT, n, n);
      INDArray c = Nd4j.create(DataType.FLOAT, n, n);
      double best = Double.POSITIVE_INFINITY;
      for (int i = 0; i < 8; i++) {
        long start = System.nanoTime();
        a.mmuli(b, c);
        best = Math.min(best, (System.nanoTime() - start) / 1e9);
      }
      return 2.0 * n * n * n / best / 1e9;
    }
  }
}
