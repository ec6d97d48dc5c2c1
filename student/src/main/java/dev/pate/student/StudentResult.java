package dev.pate.student;

import java.util.List;
import org.deeplearning4j.nn.multilayer.MultiLayerNetwork;

/**
 * A trained student and how it got there.
 *
 * @param network the released model
 * @param testAccuracy accuracy on the held-out evaluation images after the last epoch
 * @param learningCurve held-out accuracy after each epoch (index 0 = epoch 1)
 * @param trainingExamples labelled examples it was trained on
 * @param seconds wall time of training and evaluation
 */
public record StudentResult(MultiLayerNetwork network, double testAccuracy,
    List<Double> learningCurve, int trainingExamples, double seconds) {}
