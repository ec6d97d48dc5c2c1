package dev.pate.ensemble.pretrain;

/**
 * How the pretext network trains on the public pool (the YAML block {@code teachers.pretraining}).
 * Its architecture is the teachers' own, with one output per turn.
 *
 * @param epochs passes over the pool's turned images (four per pool image), >= 1
 * @param batchSize images per gradient step, >= 1
 * @param learningRate Adam learning rate, > 0, decayed linearly to 0 over the pretraining
 */
public record PretrainSettings(int epochs, int batchSize, double learningRate) {

  private static final PretrainSettings DEFAULTS = new PretrainSettings(10, 64, 0.002);

  /** Checks every value; see the parameters for what each may be. */
  public PretrainSettings {
    if (epochs < 1) {
      throw new IllegalArgumentException("epochs: " + epochs + " is not >= 1");
    }
    if (batchSize < 1) {
      throw new IllegalArgumentException("batchSize: " + batchSize + " is not >= 1");
    }
    if (!(learningRate > 0) || Double.isInfinite(learningRate)) {
      throw new IllegalArgumentException("learningRate: " + learningRate + " is not > 0");
    }
  }

  /**
   * 10 epochs of 64 images at 0.002: on Fashion-MNIST's 8000 pool images the turn is then told
   * right on 98% of them, and longer pretraining made teachers no better (docs/training.md).
   */
  public static PretrainSettings defaults() {
    return DEFAULTS;
  }
}
