package dev.pate.pipeline.labelling;

import dev.pate.datasets.Dataset;
import dev.pate.ensemble.augment.Augmentation;
import dev.pate.ensemble.nn.Classifiers;
import dev.pate.ensemble.nn.NativeThreads;
import dev.pate.ensemble.nn.NetworkSpec;
import dev.pate.ensemble.nn.Seeds;
import dev.pate.ensemble.nn.Tensors;
import dev.pate.ensemble.nn.TrainingEngine;
import dev.pate.student.StudentData;
import dev.pate.student.StudentResult;
import dev.pate.student.StudentTrainer;
import dev.pate.student.SupervisedStudent;

/**
 * The interim students of active selection: the run's student network, trained supervised on the
 * answers released so far for {@code aggregator.active_epochs} epochs (kept short: it only ranks
 * the pool, and is never released or reported as the student). Its StudentData asserts it never
 * trains on a held-out or validation image. The accuracy it reports, on the run's validation split
 * when there is one (a study never sees held-out figures while it chooses), else on the held-out
 * images, is a diagnostic of the selection and does not influence it.
 */
final class InterimStudent implements ActiveSelector.Scorer {
  private final StudentTrainer trainer;
  private final Dataset heldOut;
  private final Dataset judgedOn;
  private final long runSeed;

  /**
   * @param network the run's student network, with the interim number of epochs
   * @param augment the run's student augmentation
   * @param engine the run's student engine
   * @param judgedOn what its accuracy is measured on ({@link
   *     dev.pate.datasets.split.PublicSplit#judgedOn})
   */
  InterimStudent(NetworkSpec network, java.util.List<Augmentation> augment,
      TrainingEngine engine, Dataset heldOut, Dataset judgedOn, long runSeed) {
    this.trainer = new SupervisedStudent(network, augment, engine);
    this.heldOut = heldOut;
    this.judgedOn = judgedOn;
    this.runSeed = runSeed;
  }

  @Override
  public ActiveSelector.Scores score(Dataset labelled, int[] labels,
      Dataset candidates, int round) {
    Dataset noPool = candidates.range(candidates.name() + "/unused", 0, 0);
    // One network at a time, as the student: every core, whatever an earlier stage pinned.
    try (NativeThreads.Scope cores = NativeThreads.allCores()) {
      StudentResult student = trainer.train(
          new StudentData(labelled, labels, noPool, heldOut, judgedOn),
          Seeds.derive(runSeed, "interim-student", round), StudentTrainer.EpochListener.NONE);
      double[][] probabilities = Classifiers.probabilities(student.network(),
          Tensors.features(candidates)).toDoubleMatrix();
      return new ActiveSelector.Scores(probabilities, student.monitoredAccuracy());
    }
  }
}
