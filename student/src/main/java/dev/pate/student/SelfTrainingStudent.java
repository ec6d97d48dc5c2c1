package dev.pate.student;

import dev.pate.datasets.Dataset;
import dev.pate.ensemble.TeacherTraining;
import dev.pate.ensemble.augment.Augmentation;
import dev.pate.ensemble.augment.ImageAugmenter;
import dev.pate.ensemble.nn.Classifiers;
import dev.pate.ensemble.nn.InputShape;
import dev.pate.ensemble.nn.MovingAverage;
import dev.pate.ensemble.nn.NetworkSpec;
import dev.pate.ensemble.nn.Seeds;
import dev.pate.ensemble.nn.Tensors;
import dev.pate.ensemble.nn.TrainingEngine;
import dev.pate.ensemble.nn.TrainingSession;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import org.nd4j.linalg.api.ndarray.INDArray;
import org.nd4j.linalg.factory.Nd4j;

/**
 * FixMatch-style self-training (Sohn et al., NeurIPS 2020) on the labelled queries plus the
 * unlabelled public pool.
 *
 * <p>Each training step takes {@code B = network.batch_size} labelled queries, weakly augmented
 * ({@code student.augment}), and {@code mu * B} pseudo-labelled pool images, strongly augmented
 * ({@code self_training.strong_augment}), in one mini-batch. A pool image's pseudo-label is the
 * student's own prediction on it when that prediction's probability reaches {@code confidence}.
 *
 * <p>Where FixMatch predicts on a fresh weak view inside every step, we pseudo-label the whole
 * pool once at the start of each epoch, on the un-augmented images: one batched forward pass over
 * the pool instead of one per step, which on a CPU halves the epoch's cost, at the price of
 * pseudo-labels up to one epoch old. The first {@code warmup_epochs} epochs train on the labelled
 * queries only, so the first pseudo-labels come from a student that already fits them.
 *
 * <p>With {@code ema_decay > 0} a moving average of the weights ({@link MovingAverage}) makes
 * the pseudo-labels, is evaluated and is released, as in mean teacher; the steps train the
 * weights themselves. The steps run on the engine given ({@link TrainingSession}).
 *
 * <p>On table rows (CSV) there is nothing to augment: both augmentations must be empty, and
 * the method is classic self-training (Lee's Pseudo-Label, 2013), the pool's confident
 * predictions trained on as they are. Its consistency then comes from the weight average and the
 * network's dropout alone.
 *
 * <p>An epoch is {@code ceil(pool / (mu * B))} steps: one pass over the pool's worth of
 * pseudo-labelled images, and many passes over the (small) labelled set, drawn without
 * replacement and reshuffled when used up. The step count is fixed in advance, so the linear
 * learning-rate schedule ends exactly at the last step.
 */
public final class SelfTrainingStudent implements StudentTrainer {
  private final NetworkSpec network;
  private final List<Augmentation> augment;
  private final SelfTrainingSettings settings;
  private final TrainingEngine engine;

  /**
   * @param network the student's network ({@code batchSize} labelled images per step)
   * @param augment the weak augmentation of the labelled images
   * @param settings the pool's share of each step, the confidence, the strong augmentation
   * @param engine what runs the training steps
   */
  public SelfTrainingStudent(NetworkSpec network, List<Augmentation> augment,
      SelfTrainingSettings settings, TrainingEngine engine) {
    this.network = java.util.Objects.requireNonNull(network, "network");
    this.augment = List.copyOf(augment);
    this.settings = java.util.Objects.requireNonNull(settings, "settings");
    this.engine = java.util.Objects.requireNonNull(engine, "engine");
    engine.requireCanTrain(network);
  }

  /**
   * This method as the training of each teacher ({@code teachers.method: self-training}): the
   * teacher's private partition its labelled set, the public {@code pool} its unlabelled one
   * ({@link StudentData} checks that the pool holds no {@code evaluation} example), measured each
   * epoch on {@code evaluation}.
   */
  public TeacherTraining.PartitionTrainer forTeachers(Dataset pool, Dataset evaluation) {
    return (partition, seed) -> train(new StudentData(partition, partition.labels(), pool,
        evaluation), seed, EpochListener.NONE).network();
  }

  /**
   * Trains {@code self_training.restarts} students (restart 0 from {@code seed}, the others from
   * seeds derived from it) and keeps the one whose predictions over the unlabelled pool are nearest
   * the restart prior ({@link PoolBalance}). The choice reads only the students' predictions on
   * the public pool and, for the {@code labels} prior, the answered labels they learnt from:
   * post-processing, no further privacy cost. {@code onEpoch} hears every restart's epochs.
   */
  @Override
  public StudentResult train(StudentData data, long seed, EpochListener onEpoch) {
    if (settings.restarts() == 1) {
      return trainOnce(data, seed, onEpoch);
    }
    long start = System.nanoTime();
    double[] prior = settings.restartPrior().of(data.labels(), data.labelled().numClasses());
    INDArray poolFeatures = Tensors.features(data.unlabelled());
    StudentResult kept = null;
    int keptIndex = -1;
    List<StudentResult.Restart> restarts = new ArrayList<>();
    for (int k = 0; k < settings.restarts(); k++) {
      long restartSeed = k == 0 ? seed : Seeds.derive(seed, "restart", k);
      StudentResult student = trainOnce(data, restartSeed, onEpoch);
      restarts.add(new StudentResult.Restart(restartSeed,
          PoolBalance.distance(Classifiers.predict(student.network(), poolFeatures), prior),
          student.monitoredAccuracy(), false));
      // Of equally near students the first is kept: restart 0 unless another is strictly nearer.
      if (kept == null || restarts.get(k).poolDistance() < restarts.get(keptIndex).poolDistance()) {
        kept = student;
        keptIndex = k;
      }
    }
    restarts.set(keptIndex, restarts.get(keptIndex).asKept());
    return new StudentResult(kept.network(), kept.testAccuracy(), kept.learningCurve(),
        kept.trainingExamples(), kept.finalPseudoLabels(), (System.nanoTime() - start) / 1e9,
        restarts);
  }

  private StudentResult trainOnce(StudentData data, long seed, EpochListener onEpoch) {
    long start = System.nanoTime();
    Dataset labelled = data.labelled();
    Dataset pool = data.unlabelled();
    if (pool.size() == 0) {
      throw new IllegalArgumentException("unlabelled: self-training needs a non-empty pool");
    }
    InputShape shape = InputShape.of(labelled);
    if (!shape.image() && !(augment.isEmpty() && settings.strongAugment().isEmpty())) {
      throw new IllegalArgumentException("augmentations need images, but " + labelled.name()
          + " is a table: self-training on table rows takes no augmentation");
    }
    int pixels = shape.features();
    int classes = labelled.numClasses();
    int batch = network.batchSize();
    int poolBatch = settings.unlabelledRatio() * batch;
    int stepsPerEpoch = (pool.size() + poolBatch - 1) / poolBatch;

    float[] labelledPixels = floats(labelled);
    INDArray poolFeatures = Tensors.features(pool);
    float[] poolPixels = poolFeatures.data().asFloat();
    int[] labels = data.labels();
    int[] poolTruth = pool.labels();
    ImageAugmenter weak = new ImageAugmenter(augment, shape, seed);
    ImageAugmenter strong = new ImageAugmenter(settings.strongAugment(), shape, seed);
    Evaluator monitor = new Evaluator(data.monitor());
    Random random = new Random(Seeds.derive(seed, "self-training", 0));
    Cycle labelledDraws = new Cycle(labelled.size(), random);
    // Every step writes its rows over the last step's: one buffer for the run.
    float[] features = new float[(batch + poolBatch) * pixels];
    int[] stepClasses = new int[batch + poolBatch];

    List<EpochRecord> curve = new ArrayList<>();
    Optional<PseudoLabels> last = Optional.empty();
    try (TrainingSession session = TrainingSession.open(network, shape, classes,
        batch + poolBatch, network.epochs() * stepsPerEpoch,
        new MovingAverage(settings.emaDecay()), seed, engine)) {
      for (int epoch = 1; epoch <= network.epochs(); epoch++) {
        Confident pseudo = epoch > settings.warmupEpochs()
            ? Confident.of(aligned(session.probabilities(poolFeatures), labels, classes),
                poolTruth, settings.confidence())
            : Confident.NONE;
        if (pseudo.stats().isPresent()) {
          last = pseudo.stats();
        }
        int[] pseudoIndex = pseudo.index();
        int[] pseudoLabel = pseudo.label();
        Cycle pseudoDraws =
            pseudoIndex.length == 0 ? null : new Cycle(pseudoIndex.length, random);
        int rowsPerStep = batch + (pseudoDraws == null ? 0 : poolBatch);
        for (int step = 0; step < stepsPerEpoch; step++) {
          int[] fromLabelled = labelledDraws.next(batch);
          weak.augmentRows(labelledPixels, fromLabelled, features, 0, random);
          for (int k = 0; k < batch; k++) {
            stepClasses[k] = labels[fromLabelled[k]];
          }
          if (pseudoDraws != null) {
            int[] draws = pseudoDraws.next(poolBatch);
            int[] fromPool = new int[poolBatch];
            for (int k = 0; k < poolBatch; k++) {
              fromPool[k] = pseudoIndex[draws[k]];
              stepClasses[batch + k] = pseudoLabel[draws[k]];
            }
            strong.augmentRows(poolPixels, fromPool, features, batch, random);
          }
          session.step(features, stepClasses, rowsPerStep);
        }
        EpochRecord record =
            new EpochRecord(epoch, monitor.accuracy(session), pseudo.stats());
        curve.add(record);
        onEpoch.epochDone(record);
      }
      double heldOut = data.monitorsEvaluation() ? curve.get(curve.size() - 1).accuracy()
          : new Evaluator(data.evaluation()).accuracy(session);
      return new StudentResult(session.network(), heldOut, curve, labelled.size(), last,
          (System.nanoTime() - start) / 1e9);
    }
  }

  /** The student's pool probabilities as the confidence test reads them (aligned, if asked). */
  private INDArray aligned(INDArray probabilities, int[] labels, int classes) {
    return settings.alignment() == PseudoLabelAlignment.NONE ? probabilities
        : Nd4j.create(settings.alignment().align(probabilities.toFloatMatrix(), labels, classes));
  }

  /**
   * The pool images the student labels with probability at least {@code confidence}, with those
   * labels, from the student's {@code probabilities} for the un-augmented pool (one batched
   * pass; aligned first when {@code self_training.alignment} says so).
   *
   * @param stats counts for the report (empty before the first pseudo-labelling)
   */
  private record Confident(int[] index, int[] label, Optional<PseudoLabels> stats) {
    static final Confident NONE = new Confident(new int[0], new int[0], Optional.empty());

    static Confident of(INDArray probabilities, int[] truth, double confidence) {
      int[] predicted = Classifiers.argMaxRows(probabilities);
      float[] top = probabilities.max(1).toFloatVector();
      int[] index = java.util.stream.IntStream.range(0, predicted.length)
          .filter(i -> top[i] >= confidence).toArray();
      int[] label = java.util.Arrays.stream(index).map(i -> predicted[i]).toArray();
      // An unlabelled pool image (Dataset.UNLABELLED) has no truth to compare with: not checked.
      int checked = (int) java.util.Arrays.stream(index)
          .filter(i -> truth[i] != Dataset.UNLABELLED).count();
      int correct = (int) java.util.Arrays.stream(index).filter(i -> predicted[i] == truth[i])
          .count();
      return new Confident(index, label,
          Optional.of(new PseudoLabels(index.length, checked, correct, predicted.length)));
    }
  }

  private static float[] floats(Dataset examples) {
    float[] out = new float[examples.size() * examples.featureCount()];
    examples.featuresAsFloats(0, examples.size(), out, 0);
    return out;
  }

  /**
   * Draws indices 0..n-1 without replacement in a shuffled order, reshuffling when all are used:
   * every example is seen equally often, whatever the batch size.
   */
  private static final class Cycle {
    private final int[] order;
    private final Random random;
    private int next;

    Cycle(int n, Random random) {
      this.order = new int[n];
      java.util.Arrays.setAll(order, i -> i);
      this.random = random;
      this.next = n;
    }

    int[] next(int count) {
      int[] out = new int[count];
      for (int k = 0; k < count; k++) {
        if (next == order.length) {
          shuffle();
          next = 0;
        }
        out[k] = order[next++];
      }
      return out;
    }

    private void shuffle() {
      for (int i = order.length - 1; i > 0; i--) {
        int j = random.nextInt(i + 1);
        int t = order[i];
        order[i] = order[j];
        order[j] = t;
      }
    }
  }
}
