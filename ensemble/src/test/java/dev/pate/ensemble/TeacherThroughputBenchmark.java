package dev.pate.ensemble;

import dev.pate.config.Architecture;
import dev.pate.config.LearningRateSchedule;
import dev.pate.config.NetworkConfig;
import dev.pate.config.TeachersConfig;
import dev.pate.datasets.ImageDataset;
import dev.pate.datasets.ImageDatasets;
import dev.pate.datasets.TrainTest;
import dev.pate.datasets.files.DataDirectory;
import dev.pate.datasets.split.PartitionLimits;
import dev.pate.datasets.split.TeacherPartitions;
import dev.pate.ensemble.nn.NativeThreads;
import dev.pate.ensemble.nn.Tensors;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.OptionalInt;

/**
 * Benchmark (not a test): teachers per minute, one by one with all native threads versus a pool
 * of workers with one native thread each, for the MNIST teacher architectures.
 *
 * <p>Run from the checkout root after {@code mvn -q -Dmaven.test.skip=false test-compile}:
 * <pre>java -cp "ensemble/target/test-classes:ensemble/target/classes:cli/target/lib/*" \
 *   dev.pate.ensemble.TeacherThroughputBenchmark [teachers=8] [images=240] [epochs=10]</pre>
 */
public final class TeacherThroughputBenchmark {
  public static void main(String[] args) throws Exception {
    int teachers = args.length > 0 ? Integer.parseInt(args[0]) : 8;
    int images = args.length > 1 ? Integer.parseInt(args[1]) : 240;
    int epochs = args.length > 2 ? Integer.parseInt(args[2]) : 10;
    int cores = Runtime.getRuntime().availableProcessors();
    TrainTest mnist = ImageDatasets.load("mnist", DataDirectory.standard());
    ImageDataset evaluation = mnist.test().range("eval", 9000, 10000);
    TeacherPartitions parts = TeacherPartitions.split(mnist.train(), teachers, 3,
        PartitionLimits.NONE.withMaxPerTeacher(images));
    var architectures = List.of(
        new NetworkConfig(Architecture.CNN, List.of(32, 64), OptionalInt.of(3), List.of(128),
            0.0, epochs, 32, 0.001, LearningRateSchedule.CONSTANT, 0.0),
        new NetworkConfig(Architecture.CNN, List.of(16, 32), OptionalInt.of(5), List.of(128),
            0.0, epochs, 32, 0.001, LearningRateSchedule.CONSTANT, 0.0),
        new NetworkConfig(Architecture.MLP, List.of(), OptionalInt.empty(), List.of(128),
            0.0, epochs, 32, 0.002, LearningRateSchedule.CONSTANT, 0.0));
    Path dir = Files.createTempDirectory("pate-bench");
    System.out.printf(Locale.ROOT, "%d teachers x %d images x %d epochs, %d cores%n", teachers,
        images, epochs, cores);
    for (NetworkConfig network : architectures) {
      String name = network.architecture().id() + network.convFilters() + network.dense();
      double sequential = time(new TeachersConfig(teachers, 1, cores, network), parts, evaluation,
          dir);
      double parallel = time(new TeachersConfig(teachers, cores, 1, network), parts, evaluation,
          dir);
      System.out.printf(Locale.ROOT,
          "%-22s sequential (1 worker x %d threads): %6.1f s = %5.1f teachers/min | parallel"
              + " (%d workers x 1 thread): %6.1f s = %5.1f teachers/min | speed-up %.2fx%n",
          name, cores, sequential, 60 * teachers / sequential, cores, parallel,
          60 * teachers / parallel, sequential / parallel);
    }
  }

  private static double time(TeachersConfig config, TeacherPartitions parts,
      ImageDataset evaluation, Path dir) {
    NativeThreads.set(config.threadsPerWorker());
    long start = System.nanoTime();
    Ensemble e = new EnsembleTrainer(TeacherTraining.of(config)).train(parts.teachers(), evaluation, 1,
        dir.resolve("t" + start), r -> {});
    double seconds = (System.nanoTime() - start) / 1e9;
    e.voteCounts(Tensors.features(evaluation), config.workers(), config.threadsPerWorker());
    System.out.printf(Locale.ROOT, "  (%d workers: mean held-out accuracy %.4f)%n",
        config.workers(), e.meanTestAccuracy());
    return seconds;
  }
}
