package dev.pate.benchmarks;

import dev.pate.datasets.ImageDataset;
import dev.pate.datasets.ImageDatasets;
import dev.pate.datasets.TrainTest;
import dev.pate.datasets.files.DataDirectory;
import dev.pate.ensemble.Ensemble;
import dev.pate.ensemble.EnsembleTrainer;
import dev.pate.ensemble.TeacherRecord;
import dev.pate.ensemble.TeacherSettings;
import dev.pate.ensemble.TeacherTraining;
import dev.pate.ensemble.augment.Augmentation;
import dev.pate.ensemble.nn.Architecture;
import dev.pate.ensemble.nn.LearningRateSchedule;
import dev.pate.ensemble.nn.NetworkSettings;
import dev.pate.ensemble.nn.Tensors;
import dev.pate.ensemble.nn.TrainingEngine;
import dev.pate.files.AtomicFiles;
import dev.pate.student.ClassPrior;
import dev.pate.student.PseudoLabelAlignment;
import dev.pate.student.SelfTrainingSettings;
import dev.pate.student.SelfTrainingStudent;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.OptionalInt;
import java.util.stream.IntStream;

/**
 * Benchmark (not a test) of the lever "better teachers agree more" (issue 24): does a teacher that
 * also learns from the unlabelled public pool (FixMatch-style self-training, the student's own
 * method) agree more with the others than one trained on its private partition alone?
 *
 * <p>Trains the same ensemble twice on the same disjoint partitions of MNIST's training images
 * (TEACHERS x 240 images, contiguous): once supervised with the headline's teacher recipe, once
 * self-trained on its partition plus the first POOL test images, unlabelled. Each teacher still
 * sees only its own private partition, so one private image still changes one teacher's vote: the
 * public pool costs no privacy. Every teacher is measured on test images 8000-8999 (the frontier
 * studies' validation split, never in the pool); the held-out test images 9000-9999 are not read.
 * Both ensembles vote on the first QUERIES test images (the headline's queries) and their vote
 * counts are written as OUT/votes-supervised.csv and OUT/votes-self-training.csv, for {@code pate
 * analyze --votes ... --mechanism confident-gnmax}: the privacy cost each ensemble's answers
 * would have.
 *
 * <p>Arguments: OUT [TEACHERS=250] [POOL=8000] [SELF_EPOCHS=5] [QUERIES=640] [DATASET=mnist].
 * Two workers of one native thread each, as the pipeline trains teachers ({@link EnsembleTrainer},
 * each teacher saved under OUT/teachers-METHOD).
 */
public final class SelfTrainedTeachersBenchmark {
  private static final int PARTITION = 240;
  private static final int WORKERS = 2;

  public static void main(String[] args) throws Exception {
    Path out = Path.of(args[0]);
    int teachers = args.length > 1 ? Integer.parseInt(args[1]) : 250;
    int poolSize = args.length > 2 ? Integer.parseInt(args[2]) : 8000;
    int selfEpochs = args.length > 3 ? Integer.parseInt(args[3]) : 5;
    int queryCount = args.length > 4 ? Integer.parseInt(args[4]) : 640;
    String dataset = args.length > 5 ? args[5] : "mnist";
    TrainTest data = ImageDatasets.load(dataset, DataDirectory.standard(null));
    ImageDataset pool = data.test().range("pool", 0, poolSize);
    ImageDataset validation = data.test().range("validation", 8000, 9000);
    ImageDataset queries = data.test().range("queries", 0, queryCount);
    List<ImageDataset> partitions = IntStream.range(0, teachers).mapToObj(t -> data.train()
        .range("teacher-" + t, t * PARTITION, (t + 1) * PARTITION)).toList();
    int[] truth = queries.labels();
    int high = 200 * teachers / 250;
    for (boolean self : new boolean[] {false, true}) {
      String name = self ? "self-training" : "supervised";
      long start = System.nanoTime();
      Ensemble e = new EnsembleTrainer(training(self, selfEpochs, pool, validation)).train(
          partitions, validation, 1000, out.resolve("teachers-" + name), record -> { });
      double seconds = (System.nanoTime() - start) / 1e9;
      int[][] votes = e.voteCounts(Tensors.features(queries), WORKERS, 1);
      AtomicFiles.writeString(out.resolve("votes-" + name + ".csv"), votesCsv(votes));
      int plurality = 0;
      int aboveHigh = 0;
      for (int q = 0; q < truth.length; q++) {
        int top = argMax(votes[q]);
        plurality += top == truth[q] ? 1 : 0;
        aboveHigh += votes[q][top] >= high ? 1 : 0;
      }
      var accuracy = e.records().stream().mapToDouble(TeacherRecord::testAccuracy)
          .summaryStatistics();
      System.out.printf(Locale.ROOT, "%s: %d teachers, validation accuracy mean %.4f (min %.4f),"
          + " plurality right on %d of %d queries, top count >= %d on %d, %.1f s%n", name,
          teachers, accuracy.getAverage(), accuracy.getMin(), plurality, truth.length, high,
          aboveHigh, seconds);
    }
  }

  /**
   * The headline's teacher recipe, or the student's self-training recipe on a teacher's network
   * (as {@code teachers.method: self-training} trains it), two workers of one native thread.
   */
  private static TeacherTraining training(boolean self, int selfEpochs, ImageDataset pool,
      ImageDataset validation) {
    NetworkSettings network = new NetworkSettings(Architecture.CNN, List.of(16, 32),
        OptionalInt.of(5), List.of(128), self ? 0.25 : 0.0, self ? selfEpochs : 15,
        self ? 16 : 32, self ? 0.005 : 0.006, LearningRateSchedule.LINEAR, self ? 1e-4 : 0.0);
    List<Augmentation> augment = self ? List.of(Augmentation.SHIFT)
        : List.of(Augmentation.SHIFT, Augmentation.ROTATE);
    TeacherTraining training = TeacherTraining.of(new TeacherSettings(1, network, augment,
        WORKERS, 1, TrainingEngine.ONEDNN));
    if (!self) {
      return training;
    }
    SelfTrainingSettings settings = new SelfTrainingSettings(0.95, 2, 3,
        List.of(Augmentation.SHIFT, Augmentation.ROTATE, Augmentation.CUTOUT), 0.995,
        PseudoLabelAlignment.NONE, 1, ClassPrior.LABELS);
    return training.withTrainer(new SelfTrainingStudent(training.network(), augment, settings,
        TrainingEngine.ONEDNN).forTeachers(pool, validation));
  }

  /** The plurality class (the first of a tie). */
  private static int argMax(int[] counts) {
    int best = 0;
    for (int c = 1; c < counts.length; c++) {
      best = counts[c] > counts[best] ? c : best;
    }
    return best;
  }

  private static String votesCsv(int[][] votes) {
    StringBuilder csv = new StringBuilder("index");
    for (int c = 0; c < votes[0].length; c++) {
      csv.append(",count_").append(c);
    }
    csv.append('\n');
    for (int q = 0; q < votes.length; q++) {
      csv.append(q);
      for (int count : votes[q]) {
        csv.append(',').append(count);
      }
      csv.append('\n');
    }
    return csv.toString();
  }
}
