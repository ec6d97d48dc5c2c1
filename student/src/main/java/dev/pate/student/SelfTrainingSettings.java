package dev.pate.student;

import static java.util.Objects.requireNonNull;

import dev.pate.ensemble.augment.Augmentation;
import java.util.List;

/**
 * Settings of the self-training student (the YAML block {@code student.self_training} reads into
 * this). Each training step takes a batch of labelled queries (weakly augmented) and {@code
 * unlabelledRatio} times as many pseudo-labelled pool images (strongly augmented); an epoch is one
 * pass over the unlabelled pool. Pseudo-labels are the student's own confident predictions,
 * renewed at the start of every epoch after the warm-up. Checked at construction.
 *
 * @param confidence smallest softmax probability for a pool image to get a pseudo-label, in (0, 1)
 * @param warmupEpochs epochs on the labelled queries only, before the first pseudo-labels, >= 0
 * @param unlabelledRatio pseudo-labelled images per labelled one in each step (FixMatch's mu), >= 1
 * @param strongAugment augmentations of pseudo-labelled images
 * @param emaDecay decay of the exponential moving average of the student's weights that labels the
 *     pool, is evaluated and is released (0: the trained weights themselves), in [0, 1)
 * @param alignment how the pool's probabilities are aligned to a class prior before the
 *     confidence test ({@link PseudoLabelAlignment})
 * @param restarts how many students to train from different seeds, >= 1; the one kept is the one
 *     whose predicted class shares over the unlabelled pool lie nearest {@code restartPrior}. A
 *     self-training student can fold part of one class into another and confirm it (on MNIST,
 *     7s taken for 9s), which shows as one class swollen and another shrunk; restarts differ in
 *     initialisation, order and augmentation, so rarely all fold. Restart 0 is the student of
 *     {@code restarts: 1}.
 * @param restartPrior the class shares restarts are judged against
 */
public record SelfTrainingSettings(double confidence, int warmupEpochs, int unlabelledRatio,
    List<Augmentation> strongAugment, double emaDecay, PseudoLabelAlignment alignment,
    int restarts, ClassPrior restartPrior) {

  private static final SelfTrainingSettings DEFAULTS = new SelfTrainingSettings(0.95, 2, 3,
      List.of(Augmentation.SHIFT, Augmentation.ROTATE, Augmentation.CUTOUT), 0.0,
      PseudoLabelAlignment.NONE, 1, ClassPrior.LABELS);

  /** Checks every value; see the parameters for what each may be. */
  public SelfTrainingSettings {
    if (!(confidence > 0 && confidence < 1)) {
      throw new IllegalArgumentException("confidence: " + confidence + " is not in (0, 1)");
    }
    if (warmupEpochs < 0) {
      throw new IllegalArgumentException("warmupEpochs: " + warmupEpochs + " is not >= 0");
    }
    if (unlabelledRatio < 1) {
      throw new IllegalArgumentException("unlabelledRatio: " + unlabelledRatio
          + " is not >= 1");
    }
    strongAugment = List.copyOf(requireNonNull(strongAugment, "strongAugment"));
    if (!(emaDecay >= 0 && emaDecay < 1)) {
      throw new IllegalArgumentException("emaDecay: " + emaDecay + " is not in [0, 1)");
    }
    requireNonNull(alignment, "alignment");
    if (restarts < 1) {
      throw new IllegalArgumentException("restarts: " + restarts + " is not >= 1");
    }
    requireNonNull(restartPrior, "restartPrior");
  }

  /** These settings, with {@code restarts} students judged against {@code prior}. */
  public SelfTrainingSettings withRestarts(int restarts, ClassPrior prior) {
    return new SelfTrainingSettings(confidence, warmupEpochs, unlabelledRatio, strongAugment,
        emaDecay, alignment, restarts, prior);
  }

  /**
   * FixMatch's choices at a small scale: confidence 0.95, 2 warm-up epochs, 3 pool images per
   * labelled one, strong augmentation shift, rotate and cutout, no weight average, no alignment,
   * one student (no restarts).
   */
  public static SelfTrainingSettings defaults() {
    return DEFAULTS;
  }
}
