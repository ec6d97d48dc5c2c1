package dev.pate.student;

import dev.pate.config.NetworkConfig;
import dev.pate.config.StudentConfig;
import dev.pate.ensemble.augment.ImageAugmenter;
import dev.pate.ensemble.nn.Classifiers;
import dev.pate.ensemble.nn.InputShape;
import dev.pate.ensemble.nn.NetworkBuilder;
import dev.pate.ensemble.nn.Tensors;
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
  private final StudentConfig config;

  public SupervisedStudent(StudentConfig config) {
    this.config = config;
  }

  @Override
  public StudentResult train(StudentData data, long seed, EpochListener onEpoch) {
    long start = System.nanoTime();
    var images = data.labelled();
    NetworkConfig network = config.network();
    InputShape shape = InputShape.of(images);
    MultiLayerNetwork net = NetworkBuilder.build(network, shape, images.numClasses(), seed,
        NetworkBuilder.trainingSteps(network, images.size()));
    Evaluator evaluator = new Evaluator(data.evaluation());
    List<EpochRecord> curve = new ArrayList<>();
    var epochImages = new ImageAugmenter(config.augment(), shape.height(), shape.width(), seed)
        .epochs(Tensors.features(images));
    INDArray labels = Tensors.oneHot(data.labels(), images.numClasses());
    Classifiers.train(net, epochImages, labels, network.epochs(), network.batchSize(), seed,
        epoch -> {
          EpochRecord record = new EpochRecord(epoch, evaluator.accuracy(net), Optional.empty());
          curve.add(record);
          onEpoch.epochDone(record);
        });
    return new StudentResult(net, curve.get(curve.size() - 1).testAccuracy(), curve,
        images.size(), Optional.empty(), (System.nanoTime() - start) / 1e9);
  }
}
