package dev.pate.config;

import dev.pate.ensemble.augment.Augmentation;
import dev.pate.student.ClassPrior;
import dev.pate.student.PseudoLabelAlignment;
import dev.pate.student.SelfTrainingSettings;
import java.util.List;

/**
 * The YAML block {@code student.self_training} (used when {@code student.method} is {@code
 * self-training}), read into {@link SelfTrainingSettings}, whose defaults it takes. Each training
 * step takes {@code student.network.batch_size} labelled queries (weakly augmented with {@code
 * student.augment}) and {@code unlabelled_ratio} times as many pseudo-labelled pool images
 * (strongly augmented); an epoch is one pass over the unlabelled pool.
 */
final class SelfTrainingConfig {

  private static final SelfTrainingSettings DEFAULTS = SelfTrainingSettings.defaults();

  static final Key<SelfTrainingSettings, Double> CONFIDENCE =
      Key.of(
          "confidence",
          NumberType.number().strictlyBetween(0, 1),
          DEFAULTS.confidence(),
          "smallest softmax probability on the (un-augmented) pool image for it to be"
              + " pseudo-labelled (FixMatch's tau)",
          SelfTrainingSettings::confidence);

  static final Key<SelfTrainingSettings, Integer> WARMUP_EPOCHS =
      Key.of(
          "warmup_epochs",
          NumberType.integer().atLeast(0),
          DEFAULTS.warmupEpochs(),
          "epochs on the labelled examples only (the answered queries; a teacher's partition)"
              + " before the first pseudo-labels (same number of"
              + " steps as a full epoch)",
          SelfTrainingSettings::warmupEpochs);

  static final Key<SelfTrainingSettings, Integer> UNLABELLED_RATIO =
      Key.of(
          "unlabelled_ratio",
          NumberType.integer().atLeast(1),
          DEFAULTS.unlabelledRatio(),
          "pseudo-labelled pool images per labelled example in each training step (FixMatch's mu)",
          SelfTrainingSettings::unlabelledRatio);

  static final Key<SelfTrainingSettings, List<Augmentation>> STRONG_AUGMENT =
      Key.of(
          "strong_augment",
          Augmentations.listType(),
          DEFAULTS.strongAugment(),
          "augmentations of the pseudo-labelled images (rotate up to 15 degrees, cutout a blanked"
              + " square, flip only where a mirror image keeps its label); [] for table rows"
              + " (dataset.name csv), which are pseudo-labelled and trained on as they are",
          SelfTrainingSettings::strongAugment);

  static final Key<SelfTrainingSettings, Double> EMA_DECAY =
      Key.of(
          "ema_decay",
          NumberType.number().between(0, 1, false),
          DEFAULTS.emaDecay(),
          "decay per step of an exponential moving average of the network's weights (e.g. 0.99);"
              + " the average pseudo-labels the pool, is evaluated and is the student released (or"
              + " the teacher that votes)"
              + " (mean-teacher style). 0: the trained weights themselves",
          SelfTrainingSettings::emaDecay);

  static final Key<SelfTrainingSettings, PseudoLabelAlignment> ALIGNMENT =
      Key.of(
          "alignment",
          new ChoiceType<>(PseudoLabelAlignment.class),
          DEFAULTS.alignment(),
          "distribution alignment of the pseudo-labels (ReMixMatch): before the confidence test,"
              + " each pool image's probabilities are multiplied by prior / (the student's mean"
              + " probability of the class over the pool) and renormalised, so that a class the"
              + " student over-predicts gets fewer pseudo-labels; labels: the prior is the"
              + " labelled examples' class frequencies (add-one smoothed), uniform: every class"
              + " alike, none: the student's own probabilities",
          SelfTrainingSettings::alignment);

  static final Key<SelfTrainingSettings, Integer> RESTARTS =
      Key.of(
          "restarts",
          NumberType.integer().atLeast(1),
          DEFAULTS.restarts(),
          "students trained from different seeds (restarts times the training time); the one"
              + " kept is the one whose predicted class shares over the unlabelled pool lie"
              + " nearest restart_prior (total variation), which turns away a student that folded"
              + " part of one class into another. The choice reads only public pool images and"
              + " the answered labels: no privacy cost. 1: one student",
          SelfTrainingSettings::restarts);

  static final Key<SelfTrainingSettings, ClassPrior> RESTART_PRIOR =
      Key.of(
          "restart_prior",
          new ChoiceType<>(ClassPrior.class),
          DEFAULTS.restartPrior(),
          "the class shares restarts are judged against: labels, the labelled examples' class"
              + " frequencies (add-one smoothed); uniform, every class alike (for pools known to be"
              + " balanced)",
          SelfTrainingSettings::restartPrior);

  static final Section<SelfTrainingSettings> SECTION =
      Section.of(
          "self_training",
          "self-training on the unlabelled public pool (method: self-training)",
          List.of(CONFIDENCE, WARMUP_EPOCHS, UNLABELLED_RATIO, STRONG_AUGMENT, EMA_DECAY,
              ALIGNMENT, RESTARTS, RESTART_PRIOR),
          v -> new SelfTrainingSettings(v.get(CONFIDENCE), v.get(WARMUP_EPOCHS),
              v.get(UNLABELLED_RATIO), v.get(STRONG_AUGMENT), v.get(EMA_DECAY),
              v.get(ALIGNMENT), v.get(RESTARTS), v.get(RESTART_PRIOR)));

  private SelfTrainingConfig() {}
}
