package dev.pate.ensemble;

import dev.pate.datasets.Dataset;
import dev.pate.ensemble.augment.ImageAugmenter;
import dev.pate.ensemble.nn.Classifiers;
import dev.pate.ensemble.nn.InputShape;
import dev.pate.ensemble.nn.Seeds;
import dev.pate.ensemble.nn.Tensors;
import dev.pate.files.FileModes;
import dev.pate.files.UserError;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.deeplearning4j.nn.multilayer.MultiLayerNetwork;
import org.nd4j.linalg.api.ndarray.INDArray;

/**
 * Trains one teacher per private partition on a pool of workers. Each teacher is its own network
 * with its own derived seed, so the result does not depend on how the pool schedules them.
 */
public final class EnsembleTrainer {
  private final TeacherTraining config;

  public EnsembleTrainer(TeacherTraining training) {
    this.config = java.util.Objects.requireNonNull(training, "training");
  }

  /** Told once per finished teacher (from worker threads). */
  @FunctionalInterface
  public interface Progress {
    void teacherDone(TeacherRecord record);
  }

  /**
   * Trains {@code partitions.size()} teachers, evaluates each on {@code evaluation}, and saves each
   * to {@code teacherDir/teacher-NNN.zip} (written to a temp file, then renamed).
   */
  public Ensemble train(List<? extends Dataset> partitions, Dataset evaluation, long runSeed,
      Path teacherDir, Progress progress) {
    return train(partitions, evaluation, runSeed, teacherDir, progress, Map.of());
  }

  /**
   * As {@link #train(List, Dataset, long, Path, Progress)}, but the teachers in {@code
   * finished} (by index) were trained before, by an interrupted call with the same arguments: they
   * are loaded from {@code teacherDir} (their files checked against their sha256) instead of
   * trained again, and {@code progress} is told only of the others.
   */
  public Ensemble train(List<? extends Dataset> partitions, Dataset evaluation, long runSeed,
      Path teacherDir, Progress progress, Map<Integer, TeacherRecord> finished) {
    if (partitions.isEmpty()) {
      throw new IllegalArgumentException("teachers.count: no partitions to train on");
    }
    Dataset first = partitions.get(0);
    InputShape shape = InputShape.of(first);
    int numClasses = first.numClasses();
    INDArray evalFeatures = Tensors.features(evaluation);
    int[] evalLabels = evaluation.labels();
    FileModes.createPrivateFolders(teacherDir);

    int workers = Math.min(config.workers(), partitions.size());
    // Pinned for this stage only: the stages after it run one network at a time on every core.
    try (Workers.PinnedPool pool = new Workers.PinnedPool("pate-teacher", workers,
        config.threadsPerWorker())) {
      List<Callable<Trained>> tasks = new ArrayList<>();
      for (int i = 0; i < partitions.size(); i++) {
        int index = i;
        TeacherRecord done = finished.get(index);
        tasks.add(() -> {
          if (done != null) {
            return new Trained(TeacherFiles.load(teacherDir, done), done);
          }
          Trained t = trainOne(index, partitions.get(index), shape, numClasses, runSeed,
              evalFeatures, evalLabels, teacherDir);
          progress.teacherDone(t.record());
          return t;
        });
      }
      List<MultiLayerNetwork> nets = new ArrayList<>();
      List<TeacherRecord> records = new ArrayList<>();
      for (Trained t : pool.all(tasks, "training teachers")) {
        nets.add(t.net());
        records.add(t.record());
      }
      return new Ensemble(nets, records, numClasses);
    }
  }

  /**
   * One trained teacher: its network and its record.
   *
   * @param net the network, ready to vote
   * @param record its record (its model file is saved under the name the record gives)
   */
  public record Trained(MultiLayerNetwork net, TeacherRecord record) {}

  /**
   * Trains teacher {@code index} alone on its {@code partition}, evaluates it on {@code
   * evaluation} and saves it to {@code teacherDir/teacher-NNN.zip}: the very teacher {@link
   * #train} trains for that index (same seed, same data, same steps), for executors that train
   * teachers one at a time elsewhere, such as a Spark task holding only its own partitions. The
   * caller chooses the native threads ({@code NativeThreads}).
   */
  public Trained trainTeacher(int index, Dataset partition, Dataset evaluation, long runSeed,
      Path teacherDir) {
    FileModes.createPrivateFolders(teacherDir);
    try {
      return trainOne(index, partition, InputShape.of(partition), partition.numClasses(), runSeed,
          Tensors.features(evaluation), evaluation.labels(), teacherDir);
    } catch (IOException e) {
      throw new UserError("cannot save teacher " + index + " in " + teacherDir + ": "
          + e.getMessage(), e);
    }
  }

  /** The teacher's augmentation ({@code teachers.augment}), seeded by the teacher's own seed. */
  private ImageAugmenter augmenter(InputShape shape, long teacherSeed) {
    if (!config.augment().isEmpty() && !shape.image()) {
      throw new IllegalArgumentException("teachers.augment: " + config.augment()
          + " augments images, but the partitions are not images");
    }
    return new ImageAugmenter(config.augment(), shape, teacherSeed);
  }

  private Trained trainOne(int index, Dataset partition, InputShape shape, int numClasses,
      long runSeed, INDArray evalFeatures, int[] evalLabels, Path teacherDir) throws IOException {
    long start = System.nanoTime();
    long seed = Seeds.derive(runSeed, "teacher", index);
    MultiLayerNetwork net = config.trainer().isPresent()
        ? config.trainer().get().train(partition, seed)
        : Classifiers.fit(config.network(), partition, shape, numClasses, seed,
            augmenter(shape, seed)::epochs, Classifiers.EpochListener.NONE, config.engine());
    double trainSeconds = (System.nanoTime() - start) / 1e9;
    double accuracy = Classifiers.accuracy(Classifiers.predict(net, evalFeatures), evalLabels);
    String file = String.format("teacher-%03d.zip", index);
    String sha256;
    try {
      sha256 = TeacherFiles.saveAtomically(net, teacherDir.resolve(file));
    } catch (IOException e) {
      // A full disk is the user's to fix: one line naming the file (an IOException from a worker
      // would reach the command line as an internal error).
      throw new UserError("cannot save teacher " + teacherDir.resolve(file) + ": "
          + e.getMessage(), e);
    }
    return new Trained(net, new TeacherRecord(index, seed, partition.size(), accuracy, file, sha256,
        trainSeconds));
  }
}
