package dev.pate.ensemble.pretrain;

/**
 * The self-supervised task a network first learns on the unlabelled public pool (key {@code
 * teachers.pretrain}).
 */
public enum Pretext {
  /** No pretraining: every network starts from its seeded random weights. */
  NONE,

  /**
   * Which quarter turn (0, 90, 180 or 270 degrees) was applied to a pool image (Gidaris, Singh and
   * Komodakis, ICLR 2018): telling a turned shirt from an upright one takes the shapes the classes
   * are made of.
   */
  ROTATION;

  /** The id in YAML files and reports: the name in lower case. */
  public String id() {
    return name().toLowerCase(java.util.Locale.ROOT);
  }
}
