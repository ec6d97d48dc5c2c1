package dev.pate.config;

import static java.util.Objects.requireNonNull;

import java.util.List;

/**
 * Settings of the self-training student (YAML block {@code student.self_training}, used when
 * {@code student.method} is {@code self-training}). Each training step takes {@code
 * student.network.batch_size} labelled queries (weakly augmented with {@code student.augment}) and
 * {@code unlabelled_ratio} times as many pseudo-labelled pool images (strongly augmented); an epoch
 * is one pass over the unlabelled pool. Pseudo-labels are the student's own confident predictions,
 * renewed at the start of every epoch after the warm-up.
 *
 * @param confidence smallest softmax probability for a pool image to get a pseudo-label
 * @param warmupEpochs epochs on the labelled queries only, before the first pseudo-labels
 * @param unlabelledRatio pseudo-labelled images per labelled one in each step (FixMatch's mu)
 * @param strongAugment augmentations of pseudo-labelled images
 * @param emaDecay decay of the exponential moving average of the student's weights that labels the
 *     pool, is evaluated and is released (0: the trained weights themselves)
 */
public record SelfTrainingConfig(double confidence, int warmupEpochs, int unlabelledRatio,
    List<Augmentation> strongAugment, double emaDecay) {

  static final Key<SelfTrainingConfig, Double> CONFIDENCE =
      Key.of(
          "confidence",
          NumberType.number().strictlyBetween(0, 1),
          0.95,
          "smallest softmax probability on the (un-augmented) pool image for it to be"
              + " pseudo-labelled (FixMatch's tau)",
          SelfTrainingConfig::confidence);

  static final Key<SelfTrainingConfig, Integer> WARMUP_EPOCHS =
      Key.of(
          "warmup_epochs",
          NumberType.integer().atLeast(0),
          2,
          "epochs on the labelled queries only before the first pseudo-labels (same number of"
              + " steps as a full epoch)",
          SelfTrainingConfig::warmupEpochs);

  static final Key<SelfTrainingConfig, Integer> UNLABELLED_RATIO =
      Key.of(
          "unlabelled_ratio",
          NumberType.integer().atLeast(1),
          3,
          "pseudo-labelled pool images per labelled query in each training step (FixMatch's mu)",
          SelfTrainingConfig::unlabelledRatio);

  static final Key<SelfTrainingConfig, List<Augmentation>> STRONG_AUGMENT =
      Key.of(
          "strong_augment",
          Augmentation.listType(),
          List.of(Augmentation.SHIFT, Augmentation.ROTATE, Augmentation.CUTOUT),
          "augmentations of the pseudo-labelled images: any of shift, rotate (up to 15 degrees),"
              + " cutout (a blanked square), elastic",
          SelfTrainingConfig::strongAugment);

  static final Key<SelfTrainingConfig, Double> EMA_DECAY =
      Key.of(
          "ema_decay",
          NumberType.number().between(0, 1, false),
          0.0,
          "decay per step of an exponential moving average of the student's weights (e.g. 0.99);"
              + " the average pseudo-labels the pool, is evaluated and is the released student"
              + " (mean-teacher style). 0: the trained weights themselves",
          SelfTrainingConfig::emaDecay);

  static final Section<SelfTrainingConfig> SECTION =
      Section.of(
          "self_training",
          "the self-training student (student.method: self-training)",
          List.of(CONFIDENCE, WARMUP_EPOCHS, UNLABELLED_RATIO, STRONG_AUGMENT, EMA_DECAY),
          v -> new SelfTrainingConfig(v.get(CONFIDENCE), v.get(WARMUP_EPOCHS),
              v.get(UNLABELLED_RATIO), v.get(STRONG_AUGMENT), v.get(EMA_DECAY)));

  /** Checks for nulls only; value ranges are checked by {@link ConfigLoader}. */
  public SelfTrainingConfig {
    requireNonNull(strongAugment, "strongAugment");
    strongAugment = List.copyOf(strongAugment);
  }

  /** The defaults, as a file without a {@code self_training} block gets them. */
  public static SelfTrainingConfig defaults() {
    return new SelfTrainingConfig(0.95, 2, 3,
        List.of(Augmentation.SHIFT, Augmentation.ROTATE, Augmentation.CUTOUT), 0.0);
  }
}
