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
import dev.pate.ensemble.nn.NetworkSettings;
import dev.pate.ensemble.nn.Tensors;
import dev.pate.student.StudentData;
import dev.pate.student.StudentMethod;
import dev.pate.student.StudentResult;
import dev.pate.student.StudentSettings;
import dev.pate.student.StudentTrainer;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.OptionalInt;
import org.bytedeco.javacpp.Pointer;
import org.nd4j.linalg.api.memory.MemoryWorkspace;
import org.nd4j.linalg.api.ndarray.INDArray;
import org.nd4j.linalg.factory.Nd4j;

/**
 * Benchmark (not a test): the process's memory as a long {@code pate sweep} uses it. In one JVM it
 * trains several small ensembles of CNN teachers through the real {@link EnsembleTrainer} on MNIST
 * (two pinned workers, as a sweep point does), lets each vote on a query pool, trains a
 * self-training student on the arg-max labels on the main thread with every core, and drops
 * them; after each stage it prints the resident size (VmRSS), JavaCPP's count of the bytes it
 * allocated (ND4J 1.0.0-M2.1 allocates its arrays in libnd4j, so this stays near 0), the Java
 * heap (RSS counts the committed heap, which G1 grows and shrinks) and the main thread's ND4J
 * workspaces. Memory left behind by a finished ensemble shows as RSS, less the committed heap,
 * that grows from one ensemble to the next. {@code -Dmemory.gc=true} adds a full collection after
 * each ensemble, as {@code pate sweep} does after each point.
 *
 * <p>Run from the checkout root after {@code mvn -q -B -pl benchmarks -am package -DskipTests},
 * with the launcher's JavaCPP setting:
 * <pre>
 * java -Xmx6g -Dorg.bytedeco.javacpp.maxPhysicalBytes=0 -Dpate.repo.root=$PWD \
 *     -cp "benchmarks/target/classes:benchmarks/target/lib/*" \
 *     dev.pate.benchmarks.MemoryGrowth [ensembles=4] [teachers=24] [images=240] [epochs=3]
 *     [studentEpochs=3]
 * </pre>
 * ({@code docs/platforms.md#memory} has the figures this printed.)
 */
public final class MemoryGrowth {
  public static void main(String[] args) throws IOException {
    int ensembles = args.length > 0 ? Integer.parseInt(args[0]) : 4;
    int teachers = args.length > 1 ? Integer.parseInt(args[1]) : 24;
    int images = args.length > 2 ? Integer.parseInt(args[2]) : 240;
    int epochs = args.length > 3 ? Integer.parseInt(args[3]) : 3;
    int studentEpochs = args.length > 4 ? Integer.parseInt(args[4]) : 3;

    TrainTest mnist = ImageDatasets.load("mnist", DataDirectory.standard());
    ImageDataset pool = mnist.test().range("pool", 0, 2000);
    ImageDataset evaluation = mnist.test().range("eval", 9000, 10000);
    NetworkSettings cnn = new NetworkSettings(Architecture.CNN, List.of(16, 32),
        OptionalInt.of(5), List.of(128), 0.0, epochs, 32, 0.006, LearningRateSchedule.LINEAR, 0.0);
    StudentSettings student = StudentSettings.defaults().withMethod(StudentMethod.SELF_TRAINING)
        .withNetwork(cnn).withEpochs(studentEpochs);
    Path dir = Files.createTempDirectory("pate-memory");
    System.out.printf(Locale.ROOT, "%d ensembles of %d teachers x %d images x %d epochs, student"
        + " %d epochs; -Xmx %d MiB%n", ensembles, teachers, images, epochs, studentEpochs,
        Runtime.getRuntime().maxMemory() >> 20);
    print("start");
    for (int e = 1; e <= ensembles; e++) {
      // A different split and seed per ensemble, as the points of a sweep have.
      TeacherPartitions parts = TeacherPartitions.split(mnist.train(), teachers, e,
          PartitionLimits.NONE.withMaxPerTeacher(images));
      TeacherSettings settings = new TeacherSettings(teachers, cnn,
          List.of(Augmentation.SHIFT, Augmentation.ROTATE), 2, 1);
      Ensemble ensemble = new EnsembleTrainer(TeacherTraining.of(settings)).train(
          parts.teachers(), evaluation, e, dir.resolve("e" + e), r -> {});
      print("ensemble " + e + " trained");
      INDArray queries = Tensors.features(pool);
      int[][] votes = ensemble.voteCounts(queries, 2, 1);
      print("ensemble " + e + " voted");
      int[] labels = new int[votes.length];
      for (int q = 0; q < votes.length; q++) {
        for (int c = 1; c < votes[q].length; c++) {
          if (votes[q][c] > votes[q][labels[q]]) {
            labels[q] = c;
          }
        }
      }
      ImageDataset labelled = pool.range("labelled", 0, 500);
      int[] answered = java.util.Arrays.copyOf(labels, 500);
      try (NativeThreads.Scope all = NativeThreads.allCores()) {
        StudentResult r = StudentTrainer.of(student).train(
            new StudentData(labelled, answered, pool.range("unlabelled", 500, 2000), evaluation),
            e, StudentTrainer.EpochListener.NONE);
        System.out.printf(Locale.ROOT, "  teachers %.4f, student %.4f%n",
            ensemble.meanTestAccuracy(), r.testAccuracy());
      }
      print("ensemble " + e + " student");
      if (Boolean.getBoolean("memory.gc")) {
        // Diagnostic: is what stays reachable from nothing, and waits only for a collection?
        System.gc();
        print("ensemble " + e + " after gc");
      }
    }
  }

  private static void print(String stage) {
    long workspaceBytes = 0;
    int workspaces = 0;
    for (MemoryWorkspace w : Nd4j.getWorkspaceManager().getAllWorkspacesForCurrentThread()) {
      workspaceBytes += w.getCurrentSize();
      workspaces++;
    }
    long committed = Runtime.getRuntime().totalMemory();
    long used = committed - Runtime.getRuntime().freeMemory();
    long rss = rssKib() << 10;
    System.out.printf(Locale.ROOT, "%-22s RSS %6d MiB (less the committed heap %6d MiB),"
        + " JavaCPP totalBytes %4d MiB, heap used %5d of %5d MiB committed, threads %3d,"
        + " main-thread workspaces %d (%d MiB)%n", stage, rss >> 20, (rss - committed) >> 20,
        Pointer.totalBytes() >> 20, used >> 20, committed >> 20,
        Thread.activeCount(), workspaces, workspaceBytes >> 20);
  }

  /** VmRSS of this process, in KiB, from /proc/self/status (Linux). */
  private static long rssKib() {
    try {
      for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
        if (line.startsWith("VmRSS:")) {
          return Long.parseLong(line.replaceAll("[^0-9]", ""));
        }
      }
    } catch (IOException e) {
      throw new IllegalStateException("cannot read /proc/self/status", e);
    }
    throw new IllegalStateException("no VmRSS in /proc/self/status");
  }
}
