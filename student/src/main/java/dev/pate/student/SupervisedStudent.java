package dev.pate.student;

import dev.pate.ensemble.augment.Augmentation;
import dev.pate.ensemble.augment.ImageAugmenter;
import dev.pate.ensemble.nn.Classifiers;
import dev.pate.ensemble.nn.InputShape;
import dev.pate.ensemble.nn.NetworkSpec;
import dev.pate.ensemble.nn.Tensors;
import dev.pate.ensemble.nn.TrainingEngine;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.deeplearning4j.nn.multilayer.MultiLayerNetwork;
import org.nd4j.linalg.api.ndarray.INDArray;

/**
 * The baseline student: trained only on the answered queries with their noisy labels (augmented
 * with {@code student.augment}). Every other student method is compared against it on the same
 * labels. It ignores the unlabelled pool.
 */
public final class SupervisedStudent implements StudentTrainer {
  private final NetworkSpec network;
  private final List<Augmentation> augment;
  private final TrainingEngine engine;

  /**
   * @param network the student's network
   * @param augment augmentations of the labelled images (images only; empty for none)
   * @param engine what runs the training steps
   */
  public SupervisedStudent(NetworkSpec network, List<Augmentation> augment,
      TrainingEngine engine) {
    this.network = java.util.Objects.requireNonNull(network, "network");
    this.augment = List.copyOf(augment);
    this.engine = java.util.Objects.requireNonNull(engine, "engine");
    engine.requireCanTrain(network);
  }

  @Override
  public StudentResult train(StudentData data, long seed, EpochListener onEpoch) {
    long start = System.nanoTime();
    var images = data.labelled();
    InputShape shape = InputShape.of(images);
    MultiLayerNetwork net = network.create(shape, images.numClasses(), seed,
        network.trainingSteps(images.size()));
    Evaluator monitor = new Evaluator(data.monitor());
    List<EpochRecord> curve = new ArrayList<>();
    var epochImages = new ImageAugmenter(augment, shape, seed)
        .epochs(Tensors.features(images));
    INDArray labels = Tensors.oneHot(data.labels(), images.numClasses());
    Classifiers.train(net, network, shape, epochImages, labels, seed,
        epoch -> {
          EpochRecord record = new EpochRecord(epoch, monitor.accuracy(net), Optional.empty());
          curve.add(record);
          onEpoch.epochDone(record);
        }, engine);
    double heldOut = data.monitorsEvaluation() ? curve.get(curve.size() - 1).accuracy()
        : new Evaluator(data.evaluation()).accuracy(net);
    return new StudentResult(net, heldOut, curve,
        images.size(), Optional.empty(), (System.nanoTime() - start) / 1e9);
  }
}
