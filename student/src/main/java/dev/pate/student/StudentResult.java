package dev.pate.student;

import java.util.List;
import java.util.Optional;
import org.deeplearning4j.nn.multilayer.MultiLayerNetwork;

/**
 * A trained student and how it got there.
 *
 * @param network the released model
 * @param testAccuracy accuracy on the held-out evaluation images after the last epoch
 * @param learningCurve one record per epoch, measured on {@link StudentData#monitor}
 * @param trainingExamples labelled examples it was trained on
 * @param finalPseudoLabels the pseudo-labels of the last epoch, for methods that make them
 * @param seconds wall time of training and evaluation (of every restart)
 * @param restarts the students trained to choose this one from ({@link
 *     SelfTrainingSettings#restarts}); empty when one student was trained
 */
public record StudentResult(MultiLayerNetwork network, double testAccuracy,
    List<EpochRecord> learningCurve, int trainingExamples,
    Optional<PseudoLabels> finalPseudoLabels, double seconds, List<Restart> restarts) {

  public StudentResult {
    learningCurve = List.copyOf(learningCurve);
    restarts = List.copyOf(restarts);
  }

  /** A student trained once, without restarts. */
  public StudentResult(MultiLayerNetwork network, double testAccuracy,
      List<EpochRecord> learningCurve, int trainingExamples,
      Optional<PseudoLabels> finalPseudoLabels, double seconds) {
    this(network, testAccuracy, learningCurve, trainingExamples, finalPseudoLabels, seconds,
        List.of());
  }

  /** Accuracy on the monitored examples after each epoch (index 0 = epoch 1). */
  public List<Double> accuracyCurve() {
    return learningCurve.stream().map(EpochRecord::accuracy).toList();
  }

  /**
   * Accuracy on the monitored examples ({@link StudentData#monitor}) after the last epoch: the
   * validation split's in a run that has one.
   */
  public double monitoredAccuracy() {
    return learningCurve.get(learningCurve.size() - 1).accuracy();
  }

  /**
   * One of the students a restarted training chose among.
   *
   * @param seed its training seed
   * @param poolDistance total variation distance between the class shares of its predictions over
   *     the unlabelled pool and the prior: what the choice minimises
   * @param accuracy its last epoch's accuracy on {@link StudentData#monitor} (the validation
   *     split in a run that has one); not read by the choice
   * @param kept whether it is the student returned
   */
  public record Restart(long seed, double poolDistance, double accuracy, boolean kept) {
    /** This restart, marked as the one kept. */
    Restart asKept() {
      return new Restart(seed, poolDistance, accuracy, true);
    }
  }
}
