package dev.pate.ensemble.augment;

/**
 * An image augmentation applied to training images, drawn afresh each epoch (keys {@code
 * teachers.augment}, {@code student.augment} and {@code student.self_training.strong_augment}).
 * Magnitudes are fixed to what keeps MNIST-like digits legible and their label unchanged; each
 * moves every channel of a colour image alike.
 */
public enum Augmentation {
  /** Translate by up to 2 pixels in each direction, filling with background. */
  SHIFT,

  /** Rotate by up to 15 degrees about the image centre (bilinear sampling). */
  ROTATE,

  /** Blank one square of a quarter of the image side at a random place (DeVries and Taylor 2017). */
  CUTOUT,

  /**
   * Elastic distortion (Simard et al. 2003): a smoothed random displacement field, alpha 2 pixels.
   */
  ELASTIC,

  /**
   * Mirror left to right, with probability 1/2: for photographs (CIFAR-10, scans), never for
   * digits or text, whose mirror image is another thing.
   */
  FLIP;

  /** The id in YAML files and reports: the name in lower case, {@code -} for {@code _}. */
  public String id() {
    return name().toLowerCase(java.util.Locale.ROOT).replace('_', '-');
  }
}
