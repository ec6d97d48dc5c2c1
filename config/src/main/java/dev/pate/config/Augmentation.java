package dev.pate.config;

/**
 * An image augmentation applied to the student's training images, afresh each epochs (key
 * {@code student.augment}). Magnitudes are fixed to what keeps MNIST-like digits legible.
 */
public enum Augmentation implements Choice {
  /** Translate by up to 2 pixels in each direction, filling with background. */
  SHIFT;
}
