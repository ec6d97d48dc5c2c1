package dev.pate.benchmarks;

import dev.pate.datasets.ImageDataset;
import dev.pate.datasets.ImageDatasets;
import dev.pate.datasets.TrainTest;
import dev.pate.datasets.files.DataDirectory;
import dev.pate.ensemble.augment.Augmentation;
import dev.pate.ensemble.nn.Architecture;
import dev.pate.ensemble.nn.Classifiers;
import dev.pate.ensemble.nn.LearningRateSchedule;
import dev.pate.ensemble.nn.NativeThreads;
import dev.pate.ensemble.nn.NetworkSettings;
import dev.pate.ensemble.nn.Tensors;
import dev.pate.ensemble.nn.TrainingEngine;
import dev.pate.files.AtomicFiles;
import dev.pate.student.SelfTrainingSettings;
import dev.pate.student.StudentData;
import dev.pate.student.StudentMethod;
import dev.pate.student.StudentSettings;
import dev.pate.student.StudentTrainer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.OptionalInt;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.nd4j.linalg.api.ndarray.INDArray;

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
 * Two workers of one native thread each, as the pipeline trains teachers.
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
    for (boolean self : new boolean[] {false, true}) {
      Ensemble e = train(data, teachers, settings(self, selfEpochs), pool, validation, queries);
      String name = self ? "self-training" : "supervised";
      AtomicFiles.writeString(out.resolve("votes-" + name + ".csv"), votesCsv(e.votes()));
      int[] truth = queries.labels();
      int plurality = 0;
      int above200 = 0;
      for (int q = 0; q < truth.length; q++) {
        int top = argMax(e.votes()[q]);
        plurality += top == truth[q] ? 1 : 0;
        above200 += e.votes()[q][top] >= 200 * teachers / 250 ? 1 : 0;
      }
      System.out.printf(Locale.ROOT, "%s: %d teachers, validation accuracy mean %.4f (min %.4f),"
          + " plurality right on %d of %d queries, top count >= %d on %d, %.1f s%n", name,
          teachers, e.meanAccuracy(), e.minAccuracy(), plurality, truth.length,
          200 * teachers / 250, above200, e.seconds());
    }
  }

  /** The headline's teacher recipe, or the student's self-training recipe on a teacher's net. */
  private static StudentSettings settings(boolean self, int selfEpochs) {
    NetworkSettings network = new NetworkSettings(Architecture.CNN, List.of(16, 32),
        OptionalInt.of(5), List.of(128), self ? 0.25 : 0.0, self ? selfEpochs : 15,
        self ? 16 : 32, self ? 0.005 : 0.006, LearningRateSchedule.LINEAR, self ? 1e-4 : 0.0);
    return new StudentSettings(self ? StudentMethod.SELF_TRAINING : StudentMethod.SUPERVISED,
        network, self ? List.of(Augmentation.SHIFT) : List.of(Augmentation.SHIFT,
            Augmentation.ROTATE),
        new SelfTrainingSettings(0.95, 2, 3,
            List.of(Augmentation.SHIFT, Augmentation.ROTATE, Augmentation.CUTOUT), 0.995),
        TrainingEngine.ONEDNN);
  }

  private record Ensemble(int[][] votes, double meanAccuracy, double minAccuracy,
      double seconds) {}

  private static Ensemble train(TrainTest data, int teachers, StudentSettings settings,
      ImageDataset pool, ImageDataset validation, ImageDataset queries) throws Exception {
    long start = System.nanoTime();
    INDArray queryFeatures = Tensors.features(queries);
    int classes = queries.numClasses();
    int[][] votes = new int[queries.size()][classes];
    double[] accuracy = new double[teachers];
    ExecutorService workers = Executors.newFixedThreadPool(WORKERS);
    try {
      List<Future<int[]>> predictions = new ArrayList<>();
      for (int t = 0; t < teachers; t++) {
        int teacher = t;
        predictions.add(workers.submit(() -> {
          NativeThreads.pin(1);
          ImageDataset partition = data.train().range("teacher-" + teacher,
              teacher * PARTITION, (teacher + 1) * PARTITION);
          var result = StudentTrainer.of(settings).train(new StudentData(partition,
              partition.labels(), pool, validation), 1000 + teacher,
              StudentTrainer.EpochListener.NONE);
          accuracy[teacher] = result.testAccuracy();
          return Classifiers.predict(result.network(), queryFeatures);
        }));
      }
      for (Future<int[]> f : predictions) {
        int[] predicted = f.get();
        for (int q = 0; q < predicted.length; q++) {
          votes[q][predicted[q]]++;
        }
      }
    } finally {
      workers.shutdownNow();
    }
    return new Ensemble(votes, java.util.Arrays.stream(accuracy).average().orElseThrow(),
        java.util.Arrays.stream(accuracy).min().orElseThrow(), (System.nanoTime() - start) / 1e9);
  }

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
