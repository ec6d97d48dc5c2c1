package dev.pate.student;

import dev.pate.datasets.Dataset;
import dev.pate.ensemble.nn.Classifiers;
import dev.pate.ensemble.nn.Tensors;
import dev.pate.ensemble.nn.TrainingSession;
import org.deeplearning4j.nn.multilayer.MultiLayerNetwork;
import org.nd4j.linalg.api.ndarray.INDArray;

/** A network's accuracy on one labelled set, with its features converted once. */
final class Evaluator {
  private final INDArray features;
  private final int[] labels;

  Evaluator(Dataset examples) {
    this.features = Tensors.features(examples);
    this.labels = examples.labels();
  }

  double accuracy(MultiLayerNetwork net) {
    return Classifiers.accuracy(Classifiers.predict(net, features), labels);
  }

  /** The accuracy of the network the session predicts with, on the session's engine. */
  double accuracy(TrainingSession session) {
    return Classifiers.accuracy(Classifiers.argMaxRows(session.probabilities(features)), labels);
  }
}
