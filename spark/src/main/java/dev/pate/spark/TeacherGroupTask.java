package dev.pate.spark;

import dev.pate.datasets.Dataset;
import dev.pate.ensemble.Ensemble;
import dev.pate.ensemble.EnsembleTrainer;
import dev.pate.ensemble.TeacherRecord;
import dev.pate.ensemble.TeacherSettings;
import dev.pate.ensemble.TeacherTraining;
import dev.pate.ensemble.nn.Classifiers;
import dev.pate.ensemble.nn.NativeThreads;
import dev.pate.ensemble.nn.Tensors;
import dev.pate.files.UserError;
import dev.pate.pipeline.cache.TeacherCache;
import dev.pate.pipeline.output.Json;
import java.io.IOException;
import java.io.Serializable;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.apache.spark.api.java.function.Function;
import org.apache.spark.broadcast.Broadcast;
import org.nd4j.linalg.api.ndarray.INDArray;

/**
 * One Spark task: a group of teachers, on an executor. Each teacher the shared directory holds is
 * loaded from it; each other one is trained on the partition the driver sent (with the seed its
 * index derives, on one native thread, so it is the teacher a local run trains), saved to the
 * shared directory (model, then record), and then votes. A task that Spark runs again after a
 * failure finds the teachers its first attempt saved and trains only the rest.
 */
final class TeacherGroupTask implements Function<List<TeacherWork>, GroupResult> {
  private static final long serialVersionUID = 1L;

  private final Training training;
  private final int numClasses;
  private final SharedDir shared;
  private final Broadcast<Examples> evaluation;
  private final Broadcast<Examples> queries;

  /**
   * How a task trains the teachers the shared directory lacks: sent to every executor with the
   * task, so it is the settings, never a network object or the run's config.
   *
   * @param teachers the ensemble's settings, from which the task rebuilds the training
   * @param runSeed the seed each teacher's seed derives from
   */
  record Training(TeacherSettings teachers, long runSeed) implements Serializable {
    private static final long serialVersionUID = 1L;
  }

  /**
   * @param training how teachers train; null for a job that only votes
   * @param evaluation the held-out examples (public); null for a job that only votes
   * @param queries the public images to vote on (possibly none)
   */
  TeacherGroupTask(Training training, int numClasses, SharedDir shared,
      Broadcast<Examples> evaluation, Broadcast<Examples> queries) {
    this.training = training;
    this.numClasses = numClasses;
    this.shared = shared;
    this.evaluation = evaluation;
    this.queries = queries;
  }

  @Override
  public GroupResult call(List<TeacherWork> group) throws IOException {
    // One native thread per task for the executor's whole life: its task slots train teachers
    // side by side, as the local executor's workers do (not restored: a slot's other tasks run
    // concurrently in the same JVM).
    NativeThreads.pin(1);
    Path scratch = Files.createTempDirectory("pate-teachers-");
    try {
      Examples asked = queries.value();
      INDArray features = asked.size() == 0 ? null : Tensors.features(asked.toDataset());
      int[][] votes = new int[asked.size()][numClasses];
      List<String> records = new ArrayList<>();
      Trainer trainer = new Trainer();
      for (TeacherWork work : group) {
        Optional<TeacherRecord> saved = shared.record(work.index());
        TeacherRecord record;
        if (saved.isPresent()) {
          record = saved.get();
          if (features != null) {
            shared.download(record.file(), scratch.resolve(record.file()));
            add(votes, Ensemble.load(scratch, List.of(record), numClasses)
                .voteCounts(features, 1, 1));
          }
        } else {
          EnsembleTrainer.Trained trained = trainer.train(work, scratch);
          record = trained.record();
          shared.upload(scratch.resolve(record.file()), record.file());
          shared.writeString(TeacherCache.recordFile(record.index()), Json.write(record));
          if (features != null) {
            int[] answers = Classifiers.predict(trained.net(), features);
            for (int q = 0; q < answers.length; q++) {
              votes[q][answers[q]]++;
            }
          }
        }
        records.add(Json.write(record));
      }
      return new GroupResult(records, votes);
    } finally {
      delete(scratch);
    }
  }

  /** The trainer and the held-out examples, made once per task and only if a teacher trains. */
  private final class Trainer {
    private EnsembleTrainer trainer;
    private Dataset heldOut;

    EnsembleTrainer.Trained train(TeacherWork work, Path scratch) {
      if (work.partition() == null) {
        throw new IllegalStateException(SharedDir.KEY + " " + shared.uri() + ": teacher "
            + work.index() + " is gone from it since the driver looked; run again");
      }
      if (trainer == null) {
        trainer = new EnsembleTrainer(TeacherTraining.of(training.teachers()));
        heldOut = evaluation.value().toDataset();
      }
      return trainer.trainTeacher(work.index(), work.partition().toDataset(), heldOut,
          training.runSeed(), scratch);
    }
  }

  private static void add(int[][] total, int[][] counts) {
    for (int q = 0; q < total.length; q++) {
      for (int c = 0; c < total[q].length; c++) {
        total[q][c] += counts[q][c];
      }
    }
  }

  private static void delete(Path folder) {
    try (Stream<Path> files = Files.walk(folder)) {
      for (Path file : files.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(file);
      }
    } catch (IOException e) {
      throw new UserError("cannot delete " + folder + ": " + e.getMessage(), e);
    }
  }
}
