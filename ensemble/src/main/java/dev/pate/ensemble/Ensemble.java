package dev.pate.ensemble;

import dev.pate.ensemble.nn.Classifiers;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import org.deeplearning4j.nn.multilayer.MultiLayerNetwork;
import org.nd4j.linalg.api.ndarray.INDArray;

/** Trained teachers and their provenance; answers queries with vote counts. */
public final class Ensemble {
  private final List<MultiLayerNetwork> teachers;
  private final List<TeacherRecord> records;
  private final int numClasses;

  Ensemble(List<MultiLayerNetwork> teachers, List<TeacherRecord> records, int numClasses) {
    this.teachers = List.copyOf(teachers);
    this.records = List.copyOf(records);
    this.numClasses = numClasses;
  }

  /**
   * The ensemble saved by an earlier training: each teacher loaded from {@code teacherDir} after
   * its file is checked against the sha256 of its record.
   *
   * @param records the teachers' records, in teacher order
   * @param numClasses the number of classes they vote for
   */
  public static Ensemble load(Path teacherDir, List<TeacherRecord> records, int numClasses) {
    if (records.isEmpty()) {
      throw new IllegalArgumentException("records: an ensemble has at least one teacher");
    }
    List<MultiLayerNetwork> teachers = new ArrayList<>();
    for (TeacherRecord record : records) {
      teachers.add(TeacherFiles.load(teacherDir, record));
    }
    return new Ensemble(teachers, records, numClasses);
  }

  /**
   * Checks the saved teacher {@code dir/record.file()} against its record's sha256 without
   * loading it: for a file copied from elsewhere (another machine's training) before it is kept.
   *
   * @throws IllegalStateException if the file is not the recorded one
   */
  public static void verify(Path dir, TeacherRecord record) {
    TeacherFiles.verify(dir, record);
  }

  public int size() {
    return teachers.size();
  }

  public List<TeacherRecord> records() {
    return records;
  }

  public double meanTestAccuracy() {
    return records.stream().mapToDouble(TeacherRecord::testAccuracy).average().orElse(Double.NaN);
  }

  /**
   * Vote counts: {@code counts[q][c]} = number of teachers whose arg-max for query q is class c.
   * Each teacher predicts all queries in one batched pass; teachers are spread over
   * {@code workers} threads with {@code threadsPerWorker} native threads each.
   */
  public int[][] voteCounts(INDArray queries, int workers, int threadsPerWorker) {
    int[] ones = new int[teachers.size()];
    java.util.Arrays.fill(ones, 1);
    return voteCounts(queries, workers, threadsPerWorker, ones);
  }

  /**
   * Weighted vote counts: {@code counts[q][c]} = the sum of {@code weights[t]} over the teachers
   * t whose arg-max for query q is class c (individualized PATE's weighting: a teacher of a
   * privacy group with a larger budget votes with an integer weight above 1).
   *
   * @param weights one weight >= 1 per teacher, in teacher order
   */
  public int[][] voteCounts(INDArray queries, int workers, int threadsPerWorker, int[] weights) {
    if (weights.length != teachers.size()) {
      throw new IllegalArgumentException("weights: " + weights.length + " weights for "
          + teachers.size() + " teachers");
    }
    for (int w : weights) {
      dev.pate.files.DpPreconditions.checkAtLeast(w, 1, "weights");
    }
    int n = (int) queries.rows();
    int[][] counts = new int[n][numClasses];
    try (Workers.PinnedPool pool = new Workers.PinnedPool("pate-vote", workers,
        threadsPerWorker)) {
      List<Future<int[]>> predictions = new ArrayList<>();
      for (MultiLayerNetwork teacher : teachers) {
        predictions.add(pool.submit(() -> Classifiers.predict(teacher, queries)));
      }
      for (int t = 0; t < predictions.size(); t++) {
        int[] labels = predictions.get(t).get();
        for (int q = 0; q < n; q++) {
          counts[q][labels[q]] += weights[t];
        }
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while collecting votes", e);
    } catch (ExecutionException e) {
      throw Workers.unwrap(e);
    }
    return counts;
  }
}
