package dev.pate.ensemble;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pate.datasets.ImageDataset;
import dev.pate.datasets.ImageDatasets;
import dev.pate.datasets.TrainTest;
import dev.pate.datasets.files.DataDirectory;
import dev.pate.datasets.split.PartitionLimits;
import dev.pate.datasets.split.TeacherPartitions;
import dev.pate.ensemble.augment.Augmentation;
import dev.pate.ensemble.nn.Architecture;
import dev.pate.ensemble.nn.LearningRateSchedule;
import dev.pate.ensemble.nn.NetworkSettings;
import dev.pate.ensemble.nn.Tensors;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.OptionalInt;
import java.util.concurrent.atomic.AtomicInteger;
import org.deeplearning4j.nn.multilayer.MultiLayerNetwork;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.nd4j.linalg.api.ndarray.INDArray;

/** Small real-MNIST ensembles: a few hundred images, seconds. */
class EnsembleTrainerTest {
  private static TrainTest mnist;

  @BeforeAll
  static void load() {
    mnist = ImageDatasets.load("mnist", DataDirectory.standard());
  }

  private static TeacherSettings teachers(int count, int workers) {
    NetworkSettings mlp = new NetworkSettings(Architecture.MLP, List.of(), OptionalInt.empty(),
        List.of(32), 0.0, 3, 32, 0.006, LearningRateSchedule.LINEAR, 0.0);
    return new TeacherSettings(count, mlp, List.of(), workers, 1);
  }

  private static TeacherPartitions partitions(int count) {
    return TeacherPartitions.split(mnist.train(), count, 7,
        PartitionLimits.NONE.withMaxTotal(count * 150));
  }

  @Test
  void teachersAreTheSameWhetherTrainedInParallelOrOneByOne(@TempDir Path dir) {
    ImageDataset evaluation = mnist.test().range("eval", 9800, 10000);
    ImageDataset queries = mnist.test().range("queries", 0, 60);
    var parts = partitions(4);

    Ensemble sequential = new EnsembleTrainer(TeacherTraining.of(teachers(4, 1))).train(parts.teachers(), evaluation,
        11, dir.resolve("a"), r -> {});
    Ensemble parallel = new EnsembleTrainer(TeacherTraining.of(teachers(4, 2))).train(parts.teachers(), evaluation,
        11, dir.resolve("b"), r -> {});

    int[][] votesA = sequential.voteCounts(Tensors.features(queries), 1, 1);
    int[][] votesB = parallel.voteCounts(Tensors.features(queries), 2, 1);
    assertArrayEquals(votesA, votesB);
    for (int i = 0; i < 4; i++) {
      assertEquals(sequential.records().get(i).testAccuracy(),
          parallel.records().get(i).testAccuracy());
      assertEquals(sequential.records().get(i).seed(), parallel.records().get(i).seed());
    }
  }

  /**
   * The same for convolutional teachers, whose first layer and ReLUs are pate's own
   * (InputConvolutionLayer, ReluActivation): the same seeds give the same weights, bit for bit,
   * on one worker or two.
   */
  @Test
  void cnnTeachersAreTheSameOnOneWorkerOrTwo(@TempDir Path dir) throws IOException {
    ImageDataset evaluation = mnist.test().range("eval", 9800, 10000);
    var parts = partitions(2);
    NetworkSettings cnn = new NetworkSettings(Architecture.CNN, List.of(4, 8), OptionalInt.of(5),
        List.of(16), 0.0, 2, 32, 0.006, LearningRateSchedule.LINEAR, 0.0);
    new EnsembleTrainer(TeacherTraining.of(new TeacherSettings(2, cnn, List.of(), 1, 1)))
        .train(parts.teachers(), evaluation, 11, dir.resolve("a"), r -> {});
    new EnsembleTrainer(TeacherTraining.of(new TeacherSettings(2, cnn, List.of(), 2, 1)))
        .train(parts.teachers(), evaluation, 11, dir.resolve("b"), r -> {});
    for (String teacher : List.of("teacher-000.zip", "teacher-001.zip")) {
      assertArrayEquals(weights(dir.resolve("a").resolve(teacher)).data().asFloat(),
          weights(dir.resolve("b").resolve(teacher)).data().asFloat(), teacher);
    }
  }

  /** teachers.augment: each teacher's shifted images are drawn from its own seed. */
  @Test
  void augmentedTeachersAreReproducibleAndTrainOnOtherImages(@TempDir Path dir)
      throws IOException {
    ImageDataset evaluation = mnist.test().range("eval", 9800, 10000);
    var parts = partitions(2);
    NetworkSettings network = teachers(2, 1).network();
    List<Augmentation> shift = List.of(Augmentation.SHIFT);
    new EnsembleTrainer(TeacherTraining.of(new TeacherSettings(2, network, shift, 1, 1)))
        .train(parts.teachers(), evaluation, 11, dir.resolve("a"), r -> {});
    new EnsembleTrainer(TeacherTraining.of(new TeacherSettings(2, network, shift, 2, 1)))
        .train(parts.teachers(), evaluation, 11, dir.resolve("b"), r -> {});
    new EnsembleTrainer(TeacherTraining.of(new TeacherSettings(2, network, List.of(), 1, 1)))
        .train(parts.teachers(), evaluation, 11, dir.resolve("c"), r -> {});
    for (String teacher : List.of("teacher-000.zip", "teacher-001.zip")) {
      INDArray a = weights(dir.resolve("a").resolve(teacher));
      assertEquals(a, weights(dir.resolve("b").resolve(teacher)), teacher);
      assertNotEquals(a, weights(dir.resolve("c").resolve(teacher)), teacher);
    }
  }

  private static INDArray weights(Path model) throws IOException {
    return MultiLayerNetwork.load(model.toFile(), false).params();
  }

  @Test
  void votesCountEveryTeacherOnceAndTeachersAreSavedWithTheirDigest(@TempDir Path dir)
      throws Exception {
    ImageDataset evaluation = mnist.test().range("eval", 9800, 10000);
    ImageDataset queries = mnist.test().range("queries", 0, 40);
    AtomicInteger done = new AtomicInteger();
    Ensemble ensemble = new EnsembleTrainer(TeacherTraining.of(teachers(3, 2))).train(partitions(3).teachers(),
        evaluation, 5, dir, r -> done.incrementAndGet());

    assertEquals(3, done.get());
    int[][] votes = ensemble.voteCounts(Tensors.features(queries), 2, 1);
    int agree = 0;
    for (int q = 0; q < votes.length; q++) {
      assertEquals(3, java.util.Arrays.stream(votes[q]).sum(), "votes of query " + q);
      int best = 0;
      for (int c = 1; c < votes[q].length; c++) {
        best = votes[q][c] > votes[q][best] ? c : best;
      }
      agree += best == queries.label(q) ? 1 : 0;
    }
    // 150 images and 3 epochs make weak teachers, but far better than chance (0.1).
    assertTrue(agree >= 20, "plurality correct on only " + agree + " of 40");

    // Weighted votes (privacy groups' weighting): each teacher's one vote, times its weight.
    int[] weights = {3, 1, 2};
    int[][] weighted = ensemble.voteCounts(Tensors.features(queries), 2, 1, weights);
    int[][] expected = new int[votes.length][votes[0].length];
    for (int t = 0; t < 3; t++) {
      int[][] alone = Ensemble.load(dir, List.of(ensemble.records().get(t)), 10)
          .voteCounts(Tensors.features(queries), 1, 1);
      for (int q = 0; q < votes.length; q++) {
        for (int c = 0; c < votes[q].length; c++) {
          expected[q][c] += weights[t] * alone[q][c];
        }
      }
    }
    assertArrayEquals(expected, weighted);
    for (TeacherRecord r : ensemble.records()) {
      Path file = dir.resolve(r.file());
      assertTrue(Files.exists(file), r.file());
      assertEquals(dev.pate.files.Sha256.of(file), r.sha256());
      assertEquals(150, r.trainingExamples());
      assertTrue(r.seed() >= 1);
    }
  }

  /**
   * An interrupted training resumed with its finished teachers trains only the others, and gives
   * the same ensemble; a saved ensemble loads with the same votes, and a changed file is refused.
   */
  @Test
  void finishedTeachersAreLoadedNotRetrainedAndChangedFilesAreRefused(@TempDir Path dir)
      throws Exception {
    ImageDataset evaluation = mnist.test().range("eval", 9800, 10000);
    ImageDataset queries = mnist.test().range("queries", 0, 50);
    var parts = partitions(3);
    Ensemble whole = new EnsembleTrainer(TeacherTraining.of(teachers(3, 2))).train(parts.teachers(), evaluation, 9,
        dir.resolve("whole"), r -> {});

    Path resumed = dir.resolve("resumed");
    Ensemble firstTwo = new EnsembleTrainer(TeacherTraining.of(teachers(2, 2))).train(parts.teachers().subList(0, 2),
        evaluation, 9, resumed, r -> {});
    java.util.Map<Integer, TeacherRecord> finished = new java.util.HashMap<>();
    firstTwo.records().forEach(r -> finished.put(r.index(), r));
    List<Integer> trained = new java.util.concurrent.CopyOnWriteArrayList<>();
    Ensemble completed = new EnsembleTrainer(TeacherTraining.of(teachers(3, 2))).train(parts.teachers(), evaluation,
        9, resumed, r -> trained.add(r.index()), finished);

    assertEquals(List.of(2), trained);
    var features = Tensors.features(queries);
    int[][] expected = whole.voteCounts(features, 2, 1);
    assertArrayEquals(expected, completed.voteCounts(features, 2, 1));
    // Model files hold timestamps, so compare what the teachers do, not their bytes.
    assertEquals(whole.records().stream().map(TeacherRecord::testAccuracy).toList(),
        completed.records().stream().map(TeacherRecord::testAccuracy).toList());

    Ensemble loaded = Ensemble.load(dir.resolve("whole"), whole.records(), 10);
    assertArrayEquals(expected, loaded.voteCounts(features, 1, 1));

    Files.write(dir.resolve("whole").resolve(whole.records().get(1).file()), new byte[] {1, 2});
    IllegalStateException changed = org.junit.jupiter.api.Assertions.assertThrows(
        IllegalStateException.class, () -> Ensemble.load(dir.resolve("whole"), whole.records(),
            10));
    assertTrue(changed.getMessage().contains("teacher-001.zip: sha256"), changed.getMessage());
  }

  /** A teacher trained alone (as a Spark task trains it) is the one the ensemble trains. */
  @Test
  void aTeacherTrainedAloneIsTheEnsemblesTeacher(@TempDir Path dir) {
    ImageDataset evaluation = mnist.test().range("eval", 9800, 10000);
    var features = Tensors.features(mnist.test().range("queries", 0, 50));
    var parts = partitions(3);
    EnsembleTrainer trainer = new EnsembleTrainer(TeacherTraining.of(teachers(3, 2)));
    Ensemble whole = trainer.train(parts.teachers(), evaluation, 9, dir.resolve("whole"), r -> {});

    EnsembleTrainer.Trained alone = trainer.trainTeacher(2, parts.teacher(2), evaluation, 9,
        dir.resolve("alone"));
    TeacherRecord expected = whole.records().get(2);
    assertEquals(expected.seed(), alone.record().seed());
    assertEquals(expected.testAccuracy(), alone.record().testAccuracy());
    assertEquals(expected.file(), alone.record().file());
    assertTrue(Files.isRegularFile(dir.resolve("alone").resolve(expected.file())));
    assertArrayEquals(Ensemble.load(dir.resolve("whole"), List.of(expected), 10)
        .voteCounts(features, 1, 1), Ensemble.load(dir.resolve("alone"),
            List.of(alone.record()), 10).voteCounts(features, 1, 1));
  }
}
