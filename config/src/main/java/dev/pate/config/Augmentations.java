package dev.pate.config;

import dev.pate.ensemble.augment.Augmentation;

/** The value type of the augmentation keys of teachers, student and self-training. */
final class Augmentations {

  private Augmentations() {}

  /** A list of augmentations, possibly empty. */
  static ListType<Augmentation> listType() {
    return new ListType<>(new ChoiceType<>(Augmentation.class), 0,
        Augmentation.values().length);
  }
}
