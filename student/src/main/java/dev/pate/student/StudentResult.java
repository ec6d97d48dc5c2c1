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
 * @param seconds wall time of training and evaluation
 */
public record StudentResult(MultiLayerNetwork network, double testAccuracy,
    List<EpochRecord> learningCurve, int trainingExamples,
    Optional<PseudoLabels> finalPseudoLabels, double seconds) {

  public StudentResult {
    learningCurve = List.copyOf(learningCurve);
  }

  /** Accuracy on the monitored examples after each epoch (index 0 = epoch 1). */
  public List<Double> accuracyCurve() {
    return learningCurve.stream().map(EpochRecord::accuracy).toList();
  }
}
