package dev.pate.ensemble.nn;

/**
 * An exponential moving average of a network's weights, as FixMatch evaluates and mean teacher
 * labels with: after each training step, {@code average = d * average + (1 - d) * weights}.
 *
 * <p>Why: trained on a few hundred noisy labels, the weights swing from step to step (held-out
 * accuracy moves by about a point between epochs). Their average is a smoother network, and
 * pseudo-labels from it echo the student's latest mistakes less.
 *
 * <p>The decay starts small and grows to {@code decay}, {@code d_t = min(decay, (1 + t) / (10 +
 * t))} as in TensorFlow's ExponentialMovingAverage with {@code num_updates}: otherwise the random
 * initial weights would still weigh {@code decay^t} at the end of a short run (6% after 2800 steps
 * at 0.999).
 *
 * @param decay the largest decay, in [0, 1); 0 averages nothing (the weights themselves)
 */
public record MovingAverage(double decay) {
  /** Checks that the decay is in [0, 1). */
  public MovingAverage {
    if (!(decay >= 0 && decay < 1)) {
      throw new IllegalArgumentException("decay: " + decay + " is not in [0, 1)");
    }
  }

  /** Whether this averages anything: false for decay 0. */
  public boolean averages() {
    return decay > 0;
  }

  /** The decay of the update that follows {@code updates} earlier ones. */
  public double decayAfter(long updates) {
    return Math.min(decay, (1.0 + updates) / (10.0 + updates));
  }
}
