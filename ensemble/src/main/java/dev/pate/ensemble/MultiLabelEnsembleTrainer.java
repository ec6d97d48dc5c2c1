package dev.pate.ensemble;

import dev.pate.datasets.multilabel.MultiLabelExamples;
import dev.pate.ensemble.multilabel.MultiLabelNetwork;
import dev.pate.ensemble.multilabel.MultiLabelTargets;
import dev.pate.ensemble.nn.NetworkSettings;
import dev.pate.ensemble.nn.Seeds;
import dev.pate.files.FileModes;
import dev.pate.files.UserError;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.Callable;
import java.util.function.ToDoubleFunction;

/**
 * Trains multi-label teachers (one {@link MultiLabelNetwork} per block of private images) on the
 * same pinned worker pool as {@link EnsembleTrainer}, saves each as it finishes, and collects
 * their 0/1 votes. Each teacher has its own network and derived seed, so the teachers do not
 * depend on how many workers train them.
 */
public final class MultiLabelEnsembleTrainer {
  private final NetworkSettings network;
  private final int workers;
  private final int threadsPerWorker;

  /**
   * @param network every teacher's network and training (with a multi-label head)
   * @param workers teachers trained (and queried) at once, >= 1
   * @param threadsPerWorker native threads of each worker, >= 1
   */
  public MultiLabelEnsembleTrainer(NetworkSettings network, int workers, int threadsPerWorker) {
    this.network = Objects.requireNonNull(network, "network");
    if (workers < 1 || threadsPerWorker < 1) {
      throw new IllegalArgumentException("workers, threadsPerWorker: " + workers + ", "
          + threadsPerWorker + " are not both >= 1");
    }
    this.workers = workers;
    this.threadsPerWorker = threadsPerWorker;
  }

  /**
   * Trains teacher {@code t} on {@code partitions.get(t)} for every t, with the seed {@code
   * Seeds.derive(runSeed, "teacher", t)}; scores each with {@code score} (the record's {@code
   * testAccuracy}: for a multi-label run, its micro-F1 on held-out images) and saves it to
   * {@code teacherDir/teacher-NNN.zip} before {@code progress} is told. The teachers in {@code
   * finished} (by index) were saved by an interrupted call with the same arguments: they are
   * loaded, their files checked against their sha256, instead of trained again.
   *
   * @return the teachers in teacher order
   */
  public List<MultiLabelNetwork> train(List<? extends MultiLabelExamples> partitions, long runSeed,
      Path teacherDir, ToDoubleFunction<MultiLabelNetwork> score,
      EnsembleTrainer.Progress progress, Map<Integer, TeacherRecord> finished) {
    if (partitions.isEmpty()) {
      throw new IllegalArgumentException("partitions: no partitions to train on");
    }
    int labels = partitions.get(0).labels();
    FileModes.createPrivateFolders(teacherDir);
    List<Callable<MultiLabelNetwork>> tasks = new ArrayList<>();
    for (int i = 0; i < partitions.size(); i++) {
      int index = i;
      TeacherRecord done = finished.get(index);
      tasks.add(() -> {
        if (done != null) {
          return MultiLabelNetwork.of(TeacherFiles.load(teacherDir, done), labels);
        }
        return trainOne(index, partitions.get(index), runSeed, teacherDir, score, progress);
      });
    }
    // Pinned for this stage only: the student after it runs one network on every core.
    try (Workers.PinnedPool pool = new Workers.PinnedPool("pate-teacher",
        Math.min(workers, partitions.size()), threadsPerWorker)) {
      return pool.all(tasks, "training teachers");
    }
  }

  /**
   * The teachers saved by {@link #train}: each loaded from {@code teacherDir} after its file is
   * checked against its record's sha256.
   */
  public static List<MultiLabelNetwork> load(Path teacherDir, List<TeacherRecord> records,
      int labels) {
    List<MultiLabelNetwork> teachers = new ArrayList<>(records.size());
    for (TeacherRecord record : records) {
      teachers.add(MultiLabelNetwork.of(TeacherFiles.load(teacherDir, record), labels));
    }
    return teachers;
  }

  /**
   * Every teacher's predicted label set on every image: {@code votes[i][t]} is teacher t's bit
   * mask on image i. The teachers are spread over the workers.
   */
  public int[][] votes(List<MultiLabelNetwork> teachers, MultiLabelExamples images) {
    List<Callable<int[]>> tasks = new ArrayList<>(teachers.size());
    for (MultiLabelNetwork teacher : teachers) {
      tasks.add(() -> teacher.predict(images));
    }
    List<int[]> byTeacher;
    try (Workers.PinnedPool pool = new Workers.PinnedPool("pate-vote",
        Math.min(workers, teachers.size()), threadsPerWorker)) {
      byTeacher = pool.all(tasks, "collecting votes");
    }
    int[][] votes = new int[images.size()][teachers.size()];
    for (int t = 0; t < teachers.size(); t++) {
      int[] predicted = byTeacher.get(t);
      for (int i = 0; i < predicted.length; i++) {
        votes[i][t] = predicted[i];
      }
    }
    return votes;
  }

  private MultiLabelNetwork trainOne(int index, MultiLabelExamples partition, long runSeed,
      Path teacherDir, ToDoubleFunction<MultiLabelNetwork> score,
      EnsembleTrainer.Progress progress) {
    long start = System.nanoTime();
    long seed = Seeds.derive(runSeed, "teacher", index);
    MultiLabelNetwork teacher = MultiLabelNetwork.train(network, partition,
        MultiLabelTargets.complete(partition.labels(), partition.labelMasks()), seed);
    double trainSeconds = (System.nanoTime() - start) / 1e9;
    double heldOutScore = score.applyAsDouble(teacher);
    String file = String.format("teacher-%03d.zip", index);
    String sha256;
    try {
      sha256 = TeacherFiles.saveAtomically(teacher.network(), teacherDir.resolve(file));
    } catch (IOException e) {
      throw new UserError("cannot save teacher " + teacherDir.resolve(file) + ": "
          + e.getMessage(), e);
    }
    progress.teacherDone(new TeacherRecord(index, seed, partition.size(), heldOutScore, file,
        sha256, trainSeconds));
    return teacher;
  }
}
