package dev.pate.ensemble.pretrain;

import dev.pate.datasets.Dataset;
import dev.pate.ensemble.augment.Augmentation;
import dev.pate.ensemble.augment.ImageAugmenter;
import dev.pate.ensemble.nn.Architecture;
import dev.pate.ensemble.nn.Classifiers;
import dev.pate.ensemble.nn.InputShape;
import dev.pate.ensemble.nn.LearningRateSchedule;
import dev.pate.ensemble.nn.NativeThreads;
import dev.pate.ensemble.nn.NetworkSettings;
import dev.pate.ensemble.nn.NetworkSpec;
import dev.pate.ensemble.nn.Tensors;
import dev.pate.ensemble.nn.TrainingEngine;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.deeplearning4j.nn.conf.layers.ConvolutionLayer;
import org.deeplearning4j.nn.multilayer.MultiLayerNetwork;
import org.nd4j.linalg.api.ndarray.INDArray;
import org.nd4j.linalg.indexing.NDArrayIndex;

/**
 * A built-in cnn whose convolution layers start from those of a network pretrained on a pretext
 * task over the unlabelled public pool ({@link #pretrain}); its dense layers start from their
 * seeded random weights, as do the whole of an unpretrained network's. Every network it creates
 * starts from the same convolutions, then trains as the base network would.
 *
 * <p>Privacy: the pretext reads the public pool's images only (not their labels, not a private
 * record), so a teacher started from it still depends on one private partition alone, and one
 * private record still changes one teacher's vote: no charge. Only convolutions are passed on,
 * measured better than passing the dense layer too (docs/training.md#pretrained-teachers).
 */
public final class PretrainedNetwork implements NetworkSpec {
  private final NetworkSpec base;
  /** The pretext network's convolution parameters, in DL4J's flat order (a prefix of it). */
  private final INDArray convolutions;
  private final String origin;
  private final double pretextAccuracy;
  private final double seconds;

  private PretrainedNetwork(NetworkSpec base, INDArray convolutions, String origin,
      double pretextAccuracy, double seconds) {
    this.base = base;
    this.convolutions = convolutions;
    this.origin = origin;
    this.pretextAccuracy = pretextAccuracy;
    this.seconds = seconds;
  }

  /**
   * Trains the pretext network, the base's architecture with one output per turn, on the turned
   * images of {@code pool} ({@link Rotations}; shifted afresh each epoch), on every core, and
   * returns the base network started from its convolutions.
   *
   * @param base a built-in cnn
   * @param pool public images, square; their labels are not read
   * @param seed the pretext network's initial weights, shuffles and shifts
   * @param engine what runs the pretext's training steps
   * @throws IllegalArgumentException if the base is not a built-in cnn, the pool is not of square
   *     images, or the pretext is {@link Pretext#NONE}
   */
  public static PretrainedNetwork pretrain(NetworkSpec base, Pretext pretext,
      PretrainSettings settings, Dataset pool, long seed, TrainingEngine engine) {
    NetworkSettings network = base.builtIn().filter(n -> n.architecture() == Architecture.CNN)
        .orElseThrow(() -> new IllegalArgumentException("base: " + base.name()
            + " has no convolutions to pretrain (a built-in cnn has)"));
    if (pretext != Pretext.ROTATION) {
      throw new IllegalArgumentException("pretext: " + pretext.id() + " trains nothing");
    }
    long start = System.nanoTime();
    Dataset turned = Rotations.of(pool);
    InputShape shape = InputShape.of(turned);
    NetworkSpec pretextNetwork = NetworkSpec.of(network.toBuilder().epochs(settings.epochs())
        .batchSize(settings.batchSize()).learningRate(settings.learningRate())
        .learningRateSchedule(LearningRateSchedule.LINEAR).build());
    MultiLayerNetwork trained = pretextNetwork.create(shape, Rotations.TURNS, seed,
        pretextNetwork.trainingSteps(turned.size()));
    double accuracy;
    // One network at a time, as the student: every core. The turned images' features are made
    // once, for training and for the accuracy (Classifiers.fit would make its own copy).
    try (NativeThreads.Scope cores = NativeThreads.allCores()) {
      INDArray features = Tensors.features(turned);
      Classifiers.train(trained, pretextNetwork, shape,
          new ImageAugmenter(List.of(Augmentation.SHIFT), shape, seed).epochs(features),
          Tensors.oneHot(turned.labels(), Rotations.TURNS), seed, Classifiers.EpochListener.NONE,
          engine);
      accuracy = Classifiers.accuracy(Classifiers.predict(trained, features), turned.labels());
    }
    INDArray convolutions = trained.params()
        .get(NDArrayIndex.interval(0, convolutionParameters(trained))).dup();
    String origin = String.format(Locale.ROOT, "%s on %d turned images of %s, %d epochs of %d at"
            + " %s, seed %d", pretext.id(), turned.size(), pool.name(), settings.epochs(),
        settings.batchSize(), settings.learningRate(), seed);
    return new PretrainedNetwork(base, convolutions, origin, accuracy,
        (System.nanoTime() - start) / 1e9);
  }

  /**
   * How many of {@code net}'s parameters are its convolutions': the built-in cnn puts its
   * convolution layers first, so theirs lead the flat parameter vector.
   */
  public static long convolutionParameters(MultiLayerNetwork net) {
    long count = 0;
    boolean convolutionsDone = false;
    for (int i = 0; i < net.getnLayers(); i++) {
      boolean convolution = net.getLayer(i).conf().getLayer() instanceof ConvolutionLayer;
      long parameters = net.getLayer(i).numParams();
      if (convolution && convolutionsDone) {
        throw new IllegalStateException("layer " + i + ": a convolution after other parameters");
      }
      if (convolution) {
        count += parameters;
      } else if (parameters > 0) {
        convolutionsDone = true;
      }
    }
    return count;
  }

  /** The base network's, its convolutions replaced by the pretrained ones. */
  @Override
  public MultiLayerNetwork create(InputShape shape, int numClasses, long seed, int trainingSteps) {
    MultiLayerNetwork net = base.create(shape, numClasses, seed, trainingSteps);
    long count = convolutionParameters(net);
    if (count != convolutions.length()) {
      throw new IllegalArgumentException("shape: " + shape + " gives " + count
          + " convolution parameters; the pretrained network has " + convolutions.length());
    }
    net.params().get(NDArrayIndex.interval(0, count)).assign(convolutions);
    return net;
  }

  @Override
  public Optional<NetworkSettings> builtIn() {
    return base.builtIn();
  }

  @Override
  public Optional<String> problemWithInput(InputShape shape) {
    return base.problemWithInput(shape);
  }

  @Override
  public String name() {
    return base.name();
  }

  @Override
  public int epochs() {
    return base.epochs();
  }

  @Override
  public int batchSize() {
    return base.batchSize();
  }

  @Override
  public NetworkSpec withTraining(int epochs, int batchSize) {
    return new PretrainedNetwork(base.withTraining(epochs, batchSize), convolutions, origin,
        pretextAccuracy, seconds);
  }

  @Override
  public String identity(InputShape shape, int numClasses) {
    return base.identity(shape, numClasses) + ", convolutions pretrained: " + origin;
  }

  /** The share of the turned pool images the pretext network told the turn of (public data). */
  public double pretextAccuracy() {
    return pretextAccuracy;
  }

  /** One line for the console: what was pretrained on what, how well, how long. */
  public String describe() {
    return String.format(Locale.ROOT, "pretrained the teachers' convolutions: %s; turn told"
        + " right on %.1f%% of them, %.0f s", origin, 100 * pretextAccuracy, seconds);
  }
}
