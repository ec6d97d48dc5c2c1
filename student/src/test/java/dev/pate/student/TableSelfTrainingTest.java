package dev.pate.student;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pate.datasets.Dataset;
import dev.pate.datasets.TableDataset;
import dev.pate.ensemble.augment.Augmentation;
import dev.pate.ensemble.nn.Architecture;
import dev.pate.ensemble.nn.LearningRateSchedule;
import dev.pate.ensemble.nn.NativeThreads;
import dev.pate.ensemble.nn.NetworkSettings;
import dev.pate.ensemble.nn.TrainingEngine;
import java.util.List;
import java.util.OptionalInt;
import java.util.Random;
import java.util.stream.IntStream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Self-training on table rows: two overlapping Gaussian classes in 4 features, 30 labelled rows,
 * a pool of 1500 unlabelled ones, 600 held out. Nothing to augment; a small MLP, a second.
 */
class TableSelfTrainingTest {
  private static final int FEATURES = 4;
  private static final int EPOCHS = 6;
  private static final int WARMUP = 2;

  @BeforeAll
  static void pin() {
    NativeThreads.pin(1);
  }

  /** Class c's rows are centred on +-1 in every feature (c = 1: +1), unit variance. */
  private static TableDataset table(String name, int rows, long seed, boolean labelled) {
    Random random = new Random(seed);
    float[] features = new float[rows * FEATURES];
    int[] labels = new int[rows];
    for (int r = 0; r < rows; r++) {
      int c = random.nextInt(2);
      labels[r] = labelled ? c : Dataset.UNLABELLED;
      for (int f = 0; f < FEATURES; f++) {
        features[r * FEATURES + f] = (float) ((c == 1 ? 1 : -1) + random.nextGaussian());
      }
    }
    return TableDataset.wrap(name, name,
        IntStream.range(0, FEATURES).mapToObj(f -> "x" + f).toList(), 2, features, labels,
        IntStream.range(0, rows).toArray());
  }

  private static StudentData data() {
    TableDataset labelled = table("labelled", 30, 1, true);
    return new StudentData(labelled, labelled.labels(), table("pool", 1500, 2, false),
        table("evaluation", 600, 3, true));
  }

  private static StudentSettings settings(List<Augmentation> strong) {
    NetworkSettings network = new NetworkSettings(Architecture.MLP, List.of(), OptionalInt.empty(),
        List.of(8), 0.0, EPOCHS, 10, 0.01, LearningRateSchedule.LINEAR, 0.0);
    return new StudentSettings(StudentMethod.SELF_TRAINING, network, List.of(),
        new SelfTrainingSettings(0.8, WARMUP, 3, strong, 0.9,
            PseudoLabelAlignment.NONE, 1, ClassPrior.LABELS), TrainingEngine.AUTO);
  }

  @Test
  void selfTrainingPseudoLabelsTableRowsAsTheyAre() {
    StudentResult result = StudentTrainer.of(settings(List.of()))
        .train(data(), 4, StudentTrainer.EpochListener.NONE);

    assertEquals(EPOCHS, result.learningCurve().size());
    for (EpochRecord e : result.learningCurve()) {
      assertEquals(e.epoch() > WARMUP, e.pseudoLabels().isPresent(), "epoch " + e.epoch());
      e.pseudoLabels().ifPresent(p -> assertEquals(1500, p.poolSize()));
    }
    PseudoLabels last = result.finalPseudoLabels().orElseThrow();
    assertTrue(last.count() > 500, "only " + last.count() + " of 1500 pool rows pseudo-labelled");
    // The pool is unlabelled: no pseudo-label can be checked against a truth.
    assertEquals(0, last.checked());
    // The Bayes classifier (the sign of the features' sum) is right 97.7% of the time here.
    assertTrue(result.testAccuracy() > 0.9, "held-out accuracy " + result.testAccuracy());
  }

  @Test
  void augmentingTableRowsIsRefused() {
    StudentTrainer trainer = StudentTrainer.of(settings(List.of(Augmentation.SHIFT)));
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> trainer.train(data(), 4, StudentTrainer.EpochListener.NONE));
    assertTrue(e.getMessage().contains("labelled is a table"), e.getMessage());
  }
}
