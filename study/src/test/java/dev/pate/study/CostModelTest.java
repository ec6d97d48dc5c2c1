package dev.pate.study;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.pate.config.ConfigLoader;
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

  @Test
  void aSelfTrainingStudentWithoutAPoolIsCountedAsSupervised() {
    assertEquals(400.0 * 5, CostModel.studentImageEpochs(student("self-training"), 400, 0));
  }
}
