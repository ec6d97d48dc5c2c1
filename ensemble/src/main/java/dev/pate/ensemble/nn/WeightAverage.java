package dev.pate.ensemble.nn;

import org.deeplearning4j.nn.multilayer.MultiLayerNetwork;
import org.nd4j.linalg.api.ndarray.INDArray;
import org.nd4j.linalg.factory.Nd4j;

/** A {@link MovingAverage} of a DL4J network's weights, itself a network to predict with. */
final class WeightAverage {
  private final MultiLayerNetwork trained;
  private final MultiLayerNetwork average;
  private final MovingAverage schedule;
  private long updates;

  private WeightAverage(MultiLayerNetwork trained, MultiLayerNetwork average,
      MovingAverage schedule) {
    this.trained = trained;
    this.average = average;
    this.schedule = schedule;
  }

  /**
   * Averages {@code trained}'s weights by {@code schedule}; one that averages nothing makes
   * {@link #network} {@code trained} itself.
   */
  static WeightAverage of(MultiLayerNetwork trained, MovingAverage schedule) {
    return new WeightAverage(trained, schedule.averages() ? trained.clone() : trained, schedule);
  }

  /** The decay the next {@link #update} applies. */
  double nextDecay() {
    return schedule.decayAfter(updates);
  }

  /** Folds the trained network's current weights into the average (after each step). */
  void update() {
    if (average == trained) {
      return;
    }
    double d = nextDecay();
    updates++;
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
