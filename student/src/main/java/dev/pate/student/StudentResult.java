package dev.pate.student;

import java.util.List;
import java.util.Optional;
import org.deeplearning4j.nn.multilayer.MultiLayerNetwork;

/**
 * A trained student and how it got there.
 *
 * @param network the released model (of an ensemble: its members joined into one network)
 * @param testAccuracy accuracy on the held-out evaluation images after the last epoch
 * @param learningCurve one record per epoch, measured on {@link StudentData#monitor} (of an
 *     ensemble: its first member's)
 * @param trainingExamples labelled examples it was trained on
 * @param finalPseudoLabels the pseudo-labels of the last epoch, for methods that make them (of an
 *     ensemble: its first member's)
 * @param seconds wall time of training and evaluation (of every restart)
 * @param restarts the students trained to choose this one from ({@link
 *     SelfTrainingSettings#restarts}); empty when one student was trained (of an ensemble: its
 *     first member's)
 * @param ensemble the students this one joins ({@link StudentSettings#ensemble}); empty for one
 */
public record StudentResult(MultiLayerNetwork network, double testAccuracy,
    List<EpochRecord> learningCurve, int trainingExamples,
    Optional<PseudoLabels> finalPseudoLabels, double seconds, List<Restart> restarts,
    Optional<Ensemble> ensemble) {

  public StudentResult {
    learningCurve = List.copyOf(learningCurve);
    restarts = List.copyOf(restarts);
  }

  /** A student trained once or chosen among restarts: not an ensemble. */
  public StudentResult(MultiLayerNetwork network, double testAccuracy,
      List<EpochRecord> learningCurve, int trainingExamples,
      Optional<PseudoLabels> finalPseudoLabels, double seconds, List<Restart> restarts) {
    this(network, testAccuracy, learningCurve, trainingExamples, finalPseudoLabels, seconds,
        restarts, Optional.empty());
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
   * validation split's in a run that has one; of an ensemble, the joined network's.
   */
  public double monitoredAccuracy() {
    return ensemble.map(Ensemble::monitoredAccuracy)
        .orElseGet(() -> learningCurve.get(learningCurve.size() - 1).accuracy());
  }

  /**
   * Students trained alike from different seeds and joined into the one released.
   *
   * @param members each student, in training order
   * @param monitoredAccuracy the joined network's accuracy on {@link StudentData#monitor}
   */
  public record Ensemble(List<Member> members, double monitoredAccuracy) {
    public Ensemble {
      members = List.copyOf(members);
    }
  }

  /**
   * One student of an {@link Ensemble}.
   *
   * @param seed its training seed
   * @param accuracy its own last epoch's accuracy on {@link StudentData#monitor}
   */
  public record Member(long seed, double accuracy) {}

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
