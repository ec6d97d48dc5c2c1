package dev.pate.student;

import dev.pate.config.NetworkConfig;
import dev.pate.config.StudentConfig;
import dev.pate.datasets.Dataset;
import dev.pate.ensemble.nn.Classifiers;
import dev.pate.ensemble.nn.InputShape;
import dev.pate.ensemble.nn.NetworkBuilder;
import dev.pate.ensemble.nn.Tensors;
import dev.pate.student.augment.ImageAugmenter;
import java.util.ArrayList;
import java.util.List;
import java.util.function.IntConsumer;
import org.deeplearning4j.nn.multilayer.MultiLayerNetwork;
import org.nd4j.linalg.api.ndarray.INDArray;

/**
 * The baseline student: trained only on the answered queries with their noisy labels. Every other
 * student method is compared against it on the same labels.
 */
public final class SupervisedStudent {
  private final StudentConfig config;

  public SupervisedStudent(StudentConfig config) {
    this.config = config;
  }

  /**
   * @param images the answered query images
   * @param noisyLabels the aggregator's label for each image (same order)
   * @param evaluation held-out images with true labels, never queried
   * @param seed >= 1
   * @param onEpoch told the epoch number after each epoch (for progress display)
   */
  public StudentResult train(Dataset images, int[] noisyLabels, Dataset evaluation,
      long seed, IntConsumer onEpoch) {
    if (images.size() != noisyLabels.length) {
      throw new IllegalArgumentException("noisyLabels: " + noisyLabels.length + " labels for "
          + images.size() + " images");
    }
    if (images.size() == 0) {
      throw new IllegalArgumentException("student: no answered queries to train on");
    }
    long start = System.nanoTime();
    NetworkConfig network = config.network();
    InputShape shape = InputShape.of(images);
    MultiLayerNetwork net = NetworkBuilder.build(network, shape, images.numClasses(), seed,
        NetworkBuilder.trainingSteps(network, images.size()));
    INDArray evalFeatures = Tensors.features(evaluation);
    int[] evalLabels = evaluation.labels();
    List<Double> curve = new ArrayList<>();
    var epochImages = new ImageAugmenter(config.augment(), shape.height(), shape.width(), seed)
        .epochs(Tensors.features(images));
    Classifiers.train(net, epochImages, Tensors.oneHot(noisyLabels, images.numClasses()),
        network.epochs(), network.batchSize(), seed, epoch -> {
          curve.add(Classifiers.accuracy(Classifiers.predict(net, evalFeatures), evalLabels));
          onEpoch.accept(epoch);
        });
    double seconds = (System.nanoTime() - start) / 1e9;
    return new StudentResult(net, curve.get(curve.size() - 1), List.copyOf(curve), images.size(),
        seconds);
  }
}
