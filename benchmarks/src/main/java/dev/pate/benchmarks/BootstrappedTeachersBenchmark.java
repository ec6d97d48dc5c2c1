package dev.pate.benchmarks;

import dev.pate.config.ConfigLoader;
import dev.pate.config.RunConfig;
import dev.pate.datasets.Dataset;
import dev.pate.datasets.files.DataDirectory;
import dev.pate.ensemble.augment.ImageAugmenter;
import dev.pate.ensemble.nn.Classifiers;
import dev.pate.ensemble.nn.InputShape;
import dev.pate.ensemble.nn.NativeThreads;
import dev.pate.ensemble.nn.NetworkSpec;
import dev.pate.ensemble.nn.Tensors;
import dev.pate.ensemble.nn.TrainingEngine;
import dev.pate.ensemble.pretrain.PretrainedNetwork;
import dev.pate.ensemble.pretrain.Pretext;
import dev.pate.pipeline.data.RunData;
import dev.pate.student.StudentResult;
import dev.pate.student.StudentTrainer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.function.Function;
import org.deeplearning4j.nn.multilayer.MultiLayerNetwork;
import org.nd4j.linalg.api.ndarray.INDArray;
import org.nd4j.linalg.indexing.NDArrayIndex;

/**
 * Benchmark (not a test), a diagnosis of issue 24's lever "teachers built on a previous round's
 * student": do teachers that start from what a first round's student knows learn more from their
 * few private examples than the run's teachers do?
 *
 * <p>From a finished run (RUN_FOLDER, its config.yaml and labels.csv, as {@link
 * StudentFromLabelsBenchmark} reads them) it trains the run's student (one, seed 7) on the run's
 * answers and the pool; labels the pool with that student's predictions (post-processing of a
 * charged output: given it, one private record still changes one teacher's vote, so a second
 * round would be charged as any answers are); trains the teachers' network on the pool so
 * labelled (DISTILL_EPOCHS epochs of 64, from the run's start). Then TEACHERS teachers of
 * PARTITION private examples each (consecutive blocks of the private set, the same for every
 * start), trained as the run's teachers are, start from the run's start (the rotation-pretrained
 * convolutions where the run pretrains, else random weights), from the distilled network's
 * convolutions (image networks), and from the whole distilled network. For each it prints the
 * teachers' mean accuracy and their plurality's on the run's validation split, how often the
 * plurality agrees with the first student there (teachers that only echo the student add nothing
 * a second round could charge for), and an estimate of the labels a run would get: the vote
 * shares scaled to the config's teacher count, each count noised at {@code -Dgnmax.sigma}
 * (180.92 by default, the Fashion-MNIST choice's sigma for 1000 queries at 1.00), the arg-max
 * scored over 20 seeded draws. The held-out examples are not read. Measured:
 * docs/benchmarks.md (the Fashion-MNIST and Adult frontiers).
 *
 * <p>{@code -Danswers.first=N} trains the first student on the first N answers only, as a
 * first round of N queries would.
 *
 * <p>Arguments: RUN_FOLDER [TEACHERS=32] [PARTITION=60] [DISTILL_EPOCHS=10] [key=value overrides
 * of the run's config.yaml, e.g. teachers.count=1000 or teachers.network.learning_rate=0.002].
 * One network at a time on every core:
 * <pre>
 * java -Dpate.repo.root=$PWD -cp "$CP" dev.pate.benchmarks.BootstrappedTeachersBenchmark \
 *     runs/frontier-fashion/points/ID 32 60 10
 * </pre>
 */
public final class BootstrappedTeachersBenchmark {
  public static void main(String[] args) throws Exception {
    Path runFolder = Path.of(args[0]);
    int teachers = args.length > 1 ? Integer.parseInt(args[1]) : 32;
    int partition = args.length > 2 ? Integer.parseInt(args[2]) : 60;
    int distillEpochs = args.length > 3 ? Integer.parseInt(args[3]) : 10;
    List<String> overrides = new ArrayList<>(List.of("student.ensemble=1"));
    overrides.addAll(Arrays.asList(args).subList(Math.min(args.length, 4), args.length));
    RunConfig config = ConfigLoader.load(runFolder.resolve("config.yaml"), overrides);
    RunData data = RunData.load(config, DataDirectory.standard(null));
    JudgedSplit split = new JudgedSplit(data.publicSplit());
    Dataset pool = split.split().pool();
    Dataset validation = split.judgedOn();
    int classes = pool.numClasses();
    InputShape shape = InputShape.of(pool);
    TrainingEngine engine = config.teachers().engine();
    NetworkSpec teacher = NetworkSpec.of(config.teachers().network());
    INDArray validationFeatures = Tensors.features(validation);
    INDArray poolFeatures = Tensors.features(pool);
    int[] truth = validation.labels();
    int asTeachers = config.teachers().count();
    double sigma = Double.parseDouble(System.getProperty("gnmax.sigma", "180.92"));

    try (NativeThreads.Scope cores = NativeThreads.allCores()) {
      RunLabels answers = RunLabels.read(runFolder, pool, false)
          .first(Integer.getInteger("answers.first", Integer.MAX_VALUE));
      long start = System.nanoTime();
      StudentResult student = StudentTrainer.of(config.student().settings(),
              NetworkSpec.of(config.student().network()))
          .train(split.studentData(answers.answered(), answers.labels()), 7,
              StudentTrainer.EpochListener.NONE);
      int[] studentSays = Classifiers.predict(student.network(), validationFeatures);
      int[] pseudo = Classifiers.predict(student.network(), poolFeatures);
      System.out.printf(Locale.ROOT, "first student: %d answers, %s accuracy %.4f, %.0f s;"
              + " its labels of the %d pool images right on %.4f%n", answers.labels().length,
          split.judgedOnName(), Classifiers.accuracy(studentSays, truth),
          (System.nanoTime() - start) / 1e9, pool.size(), pool.isLabelled(0)
              ? Classifiers.accuracy(pseudo, pool.labels()) : Double.NaN);

      // The run's own start: rotation-pretrained convolutions where the run pretrains, else the
      // teachers' seeded random weights.
      NetworkSpec runStart = teacher;
      if (config.teachers().pretrain() != Pretext.NONE) {
        PretrainedNetwork rotation = PretrainedNetwork.pretrain(teacher,
            config.teachers().pretrain(), config.teachers().pretraining().orElseThrow(), pool,
            11, engine.resolve(teacher));
        System.out.println(rotation.describe());
        runStart = rotation;
      }
      start = System.nanoTime();
      NetworkSpec distilling = runStart.withTraining(distillEpochs, 64);
      MultiLayerNetwork distilled = distilling.create(shape, classes, 17,
          distilling.trainingSteps(pool.size()));
      Classifiers.train(distilled, distilling, shape,
          epochFeatures(config, shape, 17).apply(poolFeatures),
          Tensors.oneHot(pseudo, classes), 17, Classifiers.EpochListener.NONE, engine);
      System.out.printf(Locale.ROOT, "distilled: the teachers' network on the student's pool"
              + " labels, %d epochs, %.0f s, %s accuracy %.4f%n", distillEpochs,
          (System.nanoTime() - start) / 1e9, split.judgedOnName(),
          Classifiers.accuracy(Classifiers.predict(distilled, validationFeatures), truth));

      long convolutions = PretrainedNetwork.convolutionParameters(distilled);
      NetworkSpec runStartSpec = runStart;
      Map<String, Function<Long, MultiLayerNetwork>> starts = new LinkedHashMap<>();
      starts.put(runStart == teacher ? "random weights (the run's start)"
          : "rotation-pretrained convolutions (the run's start)", seed -> runStartSpec.create(
              shape, classes, seed, teacher.trainingSteps(partition)));
      if (convolutions > 0) {
        starts.put("distilled convolutions", seed -> {
          MultiLayerNetwork net = teacher.create(shape, classes, seed,
              teacher.trainingSteps(partition));
          net.params().get(NDArrayIndex.interval(0, convolutions))
              .assign(distilled.params().get(NDArrayIndex.interval(0, convolutions)));
          return net;
        });
      }
      starts.put("the whole distilled network", seed -> {
        MultiLayerNetwork net = teacher.create(shape, classes, seed,
            teacher.trainingSteps(partition));
        net.params().assign(distilled.params());
        return net;
      });
      for (Map.Entry<String, Function<Long, MultiLayerNetwork>> from : starts.entrySet()) {
        start = System.nanoTime();
        int[][] votes = new int[truth.length][classes];
        double accuracySum = 0;
        for (int t = 0; t < teachers; t++) {
          Dataset part = data.privateSet().range("teacher-" + t, t * partition,
              (t + 1) * partition);
          long seed = 100 + t;
          MultiLayerNetwork net = from.getValue().apply(seed);
          Classifiers.train(net, teacher, shape,
              epochFeatures(config, shape, seed).apply(Tensors.features(part)),
              Tensors.oneHot(part.labels(), classes), seed, Classifiers.EpochListener.NONE,
              engine);
          int[] predicted = Classifiers.predict(net, validationFeatures);
          accuracySum += Classifiers.accuracy(predicted, truth);
          for (int i = 0; i < truth.length; i++) {
            votes[i][predicted[i]]++;
          }
        }
        int[] plurality = new int[truth.length];
        for (int i = 0; i < truth.length; i++) {
          for (int c = 1; c < classes; c++) {
            plurality[i] = votes[i][c] > votes[i][plurality[i]] ? c : plurality[i];
          }
        }
        System.out.printf(Locale.ROOT, "%s: %d teachers of %d examples, mean accuracy %.4f,"
                + " plurality right on %.4f, agrees with the first student on %.4f; noised as %d"
                + " teachers' votes at sigma %.1f, right on %.4f; %.0f s%n",
            from.getKey(), teachers, partition, accuracySum / teachers,
            Classifiers.accuracy(plurality, truth), Classifiers.accuracy(plurality, studentSays),
            asTeachers, sigma, noisedRight(votes, truth, asTeachers / (double) teachers, sigma),
            (System.nanoTime() - start) / 1e9);
      }
    }
  }

  /**
   * The share of {@code truth} a GNMax answer gets right when each image's vote shares are those
   * of {@code votes} scaled by {@code scale} (as if the run's teacher count had voted alike) and
   * every count is noised at {@code sigma}; the mean of 20 seeded draws. An estimate of the labels
   * a run would get, for comparing starts, not a run's figure.
   */
  static double noisedRight(int[][] votes, int[] truth, double scale, double sigma) {
    Random random = new Random(5);
    int draws = 20;
    int right = 0;
    for (int draw = 0; draw < draws; draw++) {
      for (int i = 0; i < truth.length; i++) {
        int best = 0;
        double bestCount = Double.NEGATIVE_INFINITY;
        for (int c = 0; c < votes[i].length; c++) {
          double count = votes[i][c] * scale + sigma * random.nextGaussian();
          if (count > bestCount) {
            bestCount = count;
            best = c;
          }
        }
        right += best == truth[i] ? 1 : 0;
      }
    }
    return right / (double) (draws * truth.length);
  }

  /** The teachers' augmentations redrawn each epoch, or the same features every epoch. */
  private static Function<INDArray, Classifiers.EpochFeatures> epochFeatures(RunConfig config,
      InputShape shape, long seed) {
    return config.teachers().augment().isEmpty() ? Classifiers.EpochFeatures::fixed
        : new ImageAugmenter(config.teachers().augment(), shape, seed)::epochs;
  }
}
