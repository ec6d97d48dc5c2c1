package dev.pate.student;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pate.datasets.ImageDataset;
import dev.pate.datasets.ImageDatasets;
import dev.pate.datasets.TrainTest;
import dev.pate.datasets.files.DataDirectory;
import dev.pate.ensemble.augment.Augmentation;
import dev.pate.ensemble.nn.Architecture;
import dev.pate.ensemble.nn.Classifiers;
import dev.pate.ensemble.nn.InputShape;
import dev.pate.ensemble.nn.JoinedNetworks;
import dev.pate.ensemble.nn.LearningRateSchedule;
import dev.pate.ensemble.nn.NativeThreads;
import dev.pate.ensemble.nn.NetworkSettings;
import dev.pate.ensemble.nn.Tensors;
import dev.pate.ensemble.nn.TrainingEngine;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import org.deeplearning4j.nn.multilayer.MultiLayerNetwork;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Both student methods on real MNIST images: 100 labelled (10% of labels wrong, as from a noisy
 * aggregator), a pool of 1000 unlabelled, 300 held out. A small CNN, seconds.
 */
class StudentMethodsTest {
  private static final int EPOCHS = 6;
  private static final int WARMUP = 2;
  private static StudentData data;
  private static int wrongLabels;
  /** Test images 300-600, each labelled one class off: a student is right on few of them. */
  private static ImageDataset mislabelled;

  @BeforeAll
  static void load() {
    NativeThreads.pin(1);
    Path dir = Path.of(System.getProperty("pate.repo.root"), "..", "shared", "data");
    TrainTest mnist = ImageDatasets.load("mnist", DataDirectory.standard(dir));
    ImageDataset labelled = mnist.train().range("labelled", 0, 100);
    int[] labels = labelled.labels();
    for (int i = 0; i < labels.length; i += 10) {
      labels[i] = (labels[i] + 1) % 10;
      wrongLabels++;
    }
    data = new StudentData(labelled, labels, mnist.train().range("pool", 1000, 2000),
        mnist.test().range("evaluation", 0, 300));
    ImageDataset monitored = mnist.test().range("monitored", 300, 600);
    byte[] pixels = new byte[monitored.size() * monitored.pixelsPerImage()];
    int[] offByOne = new int[monitored.size()];
    for (int i = 0; i < monitored.size(); i++) {
      monitored.copyPixels(i, pixels, i * monitored.pixelsPerImage());
      offByOne[i] = (monitored.label(i) + 1) % 10;
    }
    mislabelled = ImageDataset.copyOf("mislabelled", monitored.shape(), 10, pixels, offByOne);
  }

  private static StudentSettings config(StudentMethod method) {
    return config(method, PseudoLabelAlignment.NONE);
  }

  private static StudentSettings config(StudentMethod method, PseudoLabelAlignment alignment) {
    NetworkSettings network = new NetworkSettings(Architecture.CNN, List.of(16), OptionalInt.of(5),
        List.of(64), 0.0, EPOCHS, 10, 0.003, LearningRateSchedule.LINEAR, 0.0);
    return new StudentSettings(method, network, List.of(Augmentation.SHIFT),
        new SelfTrainingSettings(0.9, WARMUP, 3, List.of(Augmentation.SHIFT, Augmentation.CUTOUT),
            0.0, alignment, 1, ClassPrior.LABELS), TrainingEngine.AUTO);
  }

  @Test
  void selfTrainingPseudoLabelsThePoolAfterWarmUpAndBeatsSupervisedOnTheSameLabels() {
    StudentResult supervised = StudentTrainer.of(config(StudentMethod.SUPERVISED))
        .train(data, 3, StudentTrainer.EpochListener.NONE);
    StudentResult self = StudentTrainer.of(config(StudentMethod.SELF_TRAINING))
        .train(data, 3, StudentTrainer.EpochListener.NONE);

    assertEquals(EPOCHS, self.learningCurve().size());
    for (EpochRecord e : self.learningCurve()) {
      assertEquals(e.epoch() > WARMUP, e.pseudoLabels().isPresent(), "epoch " + e.epoch());
      e.pseudoLabels().ifPresent(p -> assertEquals(1000, p.poolSize()));
    }
    PseudoLabels last = self.finalPseudoLabels().orElseThrow();
    assertEquals(last, self.learningCurve().get(EPOCHS - 1).pseudoLabels().orElseThrow());
    assertTrue(last.count() > 300, "only " + last.count() + " of 1000 pool images pseudo-labelled");
    assertTrue(last.precision().orElseThrow() > 0.85, "pseudo-label precision " + last.precision());
    assertEquals(supervised.learningCurve().stream().allMatch(e -> e.pseudoLabels().isEmpty()),
        true);
    assertTrue(self.testAccuracy() > supervised.testAccuracy(), "self-training "
        + self.testAccuracy() + " vs supervised " + supervised.testAccuracy() + " with "
        + wrongLabels + " wrong labels of 100");
  }

  /** Alignment reaches the pseudo-labels: the same seed and labels, other pseudo-labels. */
  @Test
  void alignmentChangesWhichPoolImagesArePseudoLabelled() {
    PseudoLabels own = StudentTrainer.of(config(StudentMethod.SELF_TRAINING))
        .train(data, 3, StudentTrainer.EpochListener.NONE).finalPseudoLabels().orElseThrow();
    PseudoLabels aligned = StudentTrainer.of(config(StudentMethod.SELF_TRAINING,
        PseudoLabelAlignment.UNIFORM)).train(data, 3, StudentTrainer.EpochListener.NONE)
        .finalPseudoLabels().orElseThrow();
    assertNotEquals(own, aligned);
    assertTrue(aligned.count() > 300, "only " + aligned.count() + " pseudo-labels");
    assertTrue(aligned.precision().orElseThrow() > 0.85, "precision " + aligned.precision());
  }

  /**
   * A run with a validation split watches its curve there, not on the held-out images: the curve
   * follows the monitored set (here one whose labels are all wrong), while the final held-out
   * accuracy, and the student, are those of the same seed without a monitor.
   */
  @ParameterizedTest
  @EnumSource(StudentMethod.class)
  void theCurveIsMeasuredOnTheMonitorAndTheFinalAccuracyOnTheHeldOutImages(StudentMethod method) {
    StudentData monitored = new StudentData(data.labelled(), data.labels(), data.unlabelled(),
        data.evaluation(), mislabelled);
    StudentTrainer trainer = StudentTrainer.of(config(method));
    StudentResult plain = trainer.train(data, 7, StudentTrainer.EpochListener.NONE);
    StudentResult watched = trainer.train(monitored, 7, StudentTrainer.EpochListener.NONE);

    assertEquals(plain.network().params(), watched.network().params());
    assertEquals(plain.testAccuracy(), watched.testAccuracy());
    assertEquals(plain.testAccuracy(), plain.accuracyCurve().get(EPOCHS - 1));
    assertTrue(plain.testAccuracy() > 0.5, "held-out " + plain.testAccuracy());
    for (double accuracy : watched.accuracyCurve()) {
      assertTrue(accuracy < 0.2, "the curve on the mislabelled monitor " + watched.accuracyCurve());
    }
  }

  /**
   * Two restarts: restart 0 is the student of the same seed alone, and the student kept is the one
   * whose predictions over the pool are nearer the prior, exactly as one trained from its seed.
   */
  @Test
  void restartsKeepTheStudentNearestThePriorOverThePool() {
    StudentSettings one = config(StudentMethod.SELF_TRAINING);
    StudentResult restarted = StudentTrainer.of(one.withSelfTraining(
        one.selfTraining().withRestarts(2, ClassPrior.UNIFORM)))
        .train(data, 3, StudentTrainer.EpochListener.NONE);

    List<StudentResult.Restart> restarts = restarted.restarts();
    assertEquals(2, restarts.size());
    assertEquals(3, restarts.get(0).seed());
    assertNotEquals(3, restarts.get(1).seed());
    double[] uniform = ClassPrior.UNIFORM.of(data.labels(), 10);
    var poolFeatures = Tensors.features(data.unlabelled());
    for (StudentResult.Restart restart : restarts) {
      StudentResult alone = StudentTrainer.of(one).train(data, restart.seed(),
          StudentTrainer.EpochListener.NONE);
      assertEquals(PoolBalance.distance(Classifiers.predict(alone.network(), poolFeatures),
          uniform), restart.poolDistance());
      assertEquals(alone.accuracyCurve().get(EPOCHS - 1), restart.accuracy());
      if (restart.kept()) {
        assertEquals(alone.network().params(), restarted.network().params());
        assertEquals(alone.testAccuracy(), restarted.testAccuracy());
      }
    }
    assertEquals(1, restarts.stream().filter(StudentResult.Restart::kept).count());
    StudentResult.Restart kept = restarts.stream().filter(StudentResult.Restart::kept)
        .findFirst().orElseThrow();
    assertTrue(restarts.stream().allMatch(r -> kept.poolDistance() <= r.poolDistance()),
        restarts.toString());
    assertEquals(EPOCHS, restarted.learningCurve().size(), "the kept student's curve only");
  }

  @Test
  void anEnsembleReleasesItsMembersJoinedAndJudgesTheJoinedNetwork() {
    StudentSettings one = config(StudentMethod.SUPERVISED);
    StudentResult joined = StudentTrainer.of(one.withEnsemble(2))
        .train(data, 3, StudentTrainer.EpochListener.NONE);

    List<StudentResult.Member> members = joined.ensemble().orElseThrow().members();
    assertEquals(2, members.size());
    assertEquals(3, members.get(0).seed());
    assertNotEquals(3, members.get(1).seed());
    List<MultiLayerNetwork> alone = new java.util.ArrayList<>();
    for (StudentResult.Member member : members) {
      StudentResult student = StudentTrainer.of(one).train(data, member.seed(),
          StudentTrainer.EpochListener.NONE);
      assertEquals(student.monitoredAccuracy(), member.accuracy());
      alone.add(student.network());
    }
    MultiLayerNetwork expected = JoinedNetworks.of(alone, one.network(),
        InputShape.of(data.labelled()), 10);
    assertEquals(expected.params(), joined.network().params());
    int[] predicted = Classifiers.predict(joined.network(), Tensors.features(data.evaluation()));
    assertEquals(Classifiers.accuracy(predicted, data.evaluation().labels()),
        joined.testAccuracy());
    assertEquals(joined.testAccuracy(), joined.monitoredAccuracy(), "monitored: the evaluation");
    assertEquals(EPOCHS, joined.learningCurve().size(), "the first member's curve");
    assertEquals(Optional.empty(), StudentTrainer.of(one).train(data, 3,
        StudentTrainer.EpochListener.NONE).ensemble());
  }

  @ParameterizedTest
  @EnumSource(value = TrainingEngine.class, names = {"DL4J", "ONEDNN"})
  void sameSeedGivesTheSameStudent(TrainingEngine engine) {
    StudentTrainer trainer =
        StudentTrainer.of(config(StudentMethod.SELF_TRAINING).withEngine(engine));
    StudentResult a = trainer.train(data, 5, StudentTrainer.EpochListener.NONE);
    StudentResult b = trainer.train(data, 5, StudentTrainer.EpochListener.NONE);
    assertEquals(a.accuracyCurve(), b.accuracyCurve());
    assertEquals(a.finalPseudoLabels(), b.finalPseudoLabels());
    assertEquals(a.network().params(), b.network().params());
    StudentResult supervised = StudentTrainer.of(config(StudentMethod.SUPERVISED)
        .withEngine(engine)).train(data, 5, StudentTrainer.EpochListener.NONE);
    assertEquals(Optional.empty(), supervised.finalPseudoLabels());
    // Each epoch is evaluated on that epoch's network (the onednn engine writes it out for the
    // listener): the curve moves.
    assertTrue(supervised.learningCurve().stream().map(EpochRecord::accuracy).distinct()
        .count() > 1, "supervised learning curve " + supervised.accuracyCurve());
  }
}
