package dev.pate.student;

import org.deeplearning4j.nn.multilayer.MultiLayerNetwork;
import org.nd4j.linalg.api.ndarray.INDArray;
import org.nd4j.linalg.factory.Nd4j;

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
 */
final class WeightAverage {
  private final MultiLayerNetwork trained;
  private final MultiLayerNetwork average;
  private final double decay;
  private long steps;

  private WeightAverage(MultiLayerNetwork trained, MultiLayerNetwork average, double decay) {
    this.trained = trained;
    this.average = average;
    this.decay = decay;
  }

  /**
   * Averages {@code trained}'s weights with this decay, in [0, 1); 0 averages nothing: {@link
   * #network} is {@code trained} itself.
   */
  static WeightAverage of(MultiLayerNetwork trained, double decay) {
    if (!(decay >= 0 && decay < 1)) {
      throw new IllegalArgumentException("decay: " + decay + " is not in [0, 1)");
    }
    return new WeightAverage(trained, decay == 0 ? trained : trained.clone(), decay);
  }

  /** The decay the next {@link #update} applies. */
  double nextDecay() {
    return Math.min(decay, (1.0 + steps) / (10.0 + steps));
  }

  /** Folds the trained network's current weights into the average (after each step). */
  void update() {
    if (average == trained) {
      return;
    }
    double d = nextDecay();
    steps++;
    // params() is the network's live flattened parameter view, so this updates it in place;
    // axpy adds (1 - d) * weights without a temporary copy of every weight at every step.
    INDArray mean = average.params().muli(d);
    Nd4j.getBlasWrapper().level1().axpy(mean.length(), 1 - d, trained.params(), mean);
  }

  /** The averaged network: label, evaluate and release this one. */
  MultiLayerNetwork network() {
    return average;
  }
}
