package dev.pate.study;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pate.config.ConfigLoader;
import dev.pate.config.ConfigWriter;
import dev.pate.config.RunConfig;
import java.util.List;
import org.junit.jupiter.api.Test;

class CostModelTest {
  private static RunConfig student(String method) {
    return ConfigLoader.parse("""
        name: cost
        student:
          method: %s
          self_training: {warmup_epochs: 2, unlabelled_ratio: 3}
          network: {epochs: 5, batch_size: 16}
        """.formatted(method), "CostModelTest", List.of());
  }

  @Test
  void supervisedStudentPassesOverItsLabelsOncePerEpoch() {
    assertEquals(400.0 * 5, CostModel.studentImageEpochs(student("supervised"), 400, 9000));
  }

  /** Counts what SelfTrainingStudent's loop does, step by step, against the closed form. */
  @Test
  void selfTrainingStudentCountsItsStepsAndThePseudoLabellingPass() {
    RunConfig config = student("self-training");
    int pool = 1000;
    int batch = 16;
    int poolBatch = 3 * batch;
    int steps = (pool + poolBatch - 1) / poolBatch;
    double counted = 0;
    for (int epoch = 1; epoch <= 5; epoch++) {
      boolean pseudo = epoch > 2;
      if (pseudo) {
        counted += CostModel.FORWARD_SHARE * pool;
      }
      for (int step = 0; step < steps; step++) {
        counted += batch + (pseudo ? poolBatch : 0);
      }
    }
    assertEquals(counted, CostModel.studentImageEpochs(config, 400, pool), 1e-9);
  }

  /** A self-training teacher is counted as the student's method on its partition and the pool. */
  @Test
  void teachersAreCountedByTheirOwnMethod() {
    RunConfig supervised = ConfigLoader.parse("""
        name: cost
        teachers: {network: {epochs: 5, batch_size: 16}}
        """, "CostModelTest", List.of());
    RunConfig self = ConfigLoader.parse("""
        name: cost
        teachers:
          method: self-training
          self_training: {warmup_epochs: 2, unlabelled_ratio: 3}
          network: {epochs: 5, batch_size: 16}
        """, "CostModelTest", List.of());
    assertEquals(240.0 * 5, CostModel.teacherImageEpochs(supervised, 240, 1000));
    assertEquals(CostModel.studentImageEpochs(student("self-training"), 240, 1000),
        CostModel.teacherImageEpochs(self, 240, 1000), 1e-9);
  }

  /** Every network a run's student trains counts: each restart of each ensemble member. */
  @Test
  void restartsAndEnsembleMembersEachCountAsAStudent() {
    double one = CostModel.studentImageEpochs(student("self-training"), 400, 1000);
    RunConfig six = ConfigLoader.parse("""
        name: cost
        student:
          method: self-training
          ensemble: 3
          self_training: {warmup_epochs: 2, unlabelled_ratio: 3, restarts: 2}
          network: {epochs: 5, batch_size: 16}
        """, "CostModelTest", List.of());
    assertEquals(6, CostModel.studentsTrained(six));
    assertEquals(6 * one, CostModel.studentImageEpochs(six, 400, 1000), 1e-9);
    RunConfig supervisedThree = ConfigLoader.parse("""
        name: cost
        student: {ensemble: 3, self_training: {restarts: 2}, network: {epochs: 5}}
        """, "CostModelTest", List.of());
    assertEquals(3 * 400.0 * 5, CostModel.studentImageEpochs(supervisedThree, 400, 9000),
        "restarts belong to self-training only");
  }

  /** oneDNN's and DL4J's steps differ several times over: one engine's time is not the other's. */
  @Test
  void aMeasuredTrainingCountsOnlyForItsOwnEngine() {
    RunConfig config = student("supervised");
    String engine = config.studentEngine().id();
    assertEquals("onednn", engine, "auto takes onednn for the built-in cnn");
    var values = ConfigWriter.values(config);
    CostModel other = new CostModel(List.of(
        new CostModel.Sample(values, "student.network.", "dl4j", 50.0, 1000.0)));
    assertTrue(other.student(config, 28, 28).source().startsWith("a guess"),
        other.student(config, 28, 28).source());
    CostModel same = new CostModel(List.of(
        new CostModel.Sample(values, "student.network.", "dl4j", 50.0, 1000.0),
        new CostModel.Sample(values, "student.network.", engine, 2.0, 1000.0)));
    CostModel.Estimate estimate = same.student(config, 28, 28);
    assertEquals(0.002, estimate.secondsPerImageEpoch(), 1e-12);
    assertEquals("measured on 1 earlier training of this network by onednn", estimate.source());
  }

  /**
   * A network of a shape never trained here is guessed from its size, scaled by how far the guess
   * was off for the other networks the same engine trained here (its students ran 3x faster than
   * the guess on oneDNN).
   */
  @Test
  void aNewShapeIsGuessedFromItsSizeScaledByOtherNetworksMeasuredHere() {
    RunConfig narrow = student("supervised");
    RunConfig wide = ConfigLoader.parse("""
        name: cost
        student:
          method: supervised
          network: {epochs: 5, batch_size: 16, conv_filters: [64, 128], dense: [256]}
        """, "CostModelTest", List.of());
    String engine = narrow.studentEngine().id();
    double narrowGuess = CostModel.guess(narrow.student().network(), 28, 28);
    double wideGuess = CostModel.guess(wide.student().network(), 28, 28);
    assertTrue(wideGuess > 2 * narrowGuess, "four times the multiply-adds of the second layer");
    // Measured at a third of its guess: 1000 image-epochs in a third of the guessed seconds.
    CostModel.Sample measured = new CostModel.Sample(ConfigWriter.values(narrow),
        "student.network.", engine, narrowGuess * 1000 / 3, 1000.0, narrowGuess);
    CostModel.Estimate estimate = new CostModel(List.of(measured)).student(wide, 28, 28);
    assertEquals(wideGuess / 3, estimate.secondsPerImageEpoch(), 1e-12);
    assertEquals("a guess from the network's size, scaled by 0.33 as measured on 1 earlier"
        + " training of other networks by " + engine, estimate.source());

    CostModel.Sample otherEngine = new CostModel.Sample(ConfigWriter.values(narrow),
        "student.network.", "dl4j", narrowGuess * 1000 / 3, 1000.0, narrowGuess);
    assertTrue(new CostModel(List.of(otherEngine)).student(wide, 28, 28).source()
        .contains("none of this shape trained here"), "another engine's times do not scale it");
  }

  @Test
  void aSelfTrainingStudentWithoutAPoolIsCountedAsSupervised() {
    assertEquals(400.0 * 5, CostModel.studentImageEpochs(student("self-training"), 400, 0));
  }
}
