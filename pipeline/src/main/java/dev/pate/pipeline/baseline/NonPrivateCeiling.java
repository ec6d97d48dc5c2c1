package dev.pate.pipeline.baseline;

import dev.pate.config.BaselineConfig;
import dev.pate.datasets.Dataset;
import dev.pate.datasets.split.Partitions;
import dev.pate.ensemble.nn.Classifiers;
import dev.pate.ensemble.nn.InputShape;
import dev.pate.ensemble.nn.NetworkSpec;
import dev.pate.ensemble.nn.Tensors;
import dev.pate.pipeline.progress.PipelineListener;
import dev.pate.pipeline.progress.Stage;
import dev.pate.pipeline.progress.Stopwatch;
import java.util.Arrays;
import org.deeplearning4j.nn.multilayer.MultiLayerNetwork;

/**
 * The yardstick of {@code baseline.non_private}: the student's network (without augmentation, with
 * the epochs and batch size of {@code baseline} where given) trained on every private example the
 * teachers were given, with its true label, and evaluated on the student's held-out set. It is
 * what giving up privacy would buy; the model is not private, so it is never saved and only its
 * accuracy is reported (in report.json's {@code private.non_private_ceiling}), labelled as such
 * and marked private.
 *
 * @param privacy always says that this model is not private
 */
public record NonPrivateCeiling(String privacy, String architecture, int trainingExamples,
    double testAccuracy, double seconds) {
  static final String NOT_PRIVATE = "NOT private: trained on all private examples with their"
      + " true labels, for comparison only; the model is not saved";

  /**
   * @param student the run's student network
   * @param baseline its epochs and batch size, where given
   * @param seed >= 1
   */
  public static NonPrivateCeiling train(NetworkSpec student, BaselineConfig baseline,
      Partitions partitions, Dataset holdout, long seed, PipelineListener listener) {
    Stopwatch time = Stopwatch.start();
    int[] used = new int[0];
    for (int t = 0; t < partitions.count(); t++) {
      int[] part = partitions.indices(t);
      int from = used.length;
      used = Arrays.copyOf(used, from + part.length);
      System.arraycopy(part, 0, used, from, part.length);
    }
    // An upsampled record is in several partitions: the ceiling trains on each record once.
    used = Arrays.stream(used).sorted().distinct().toArray();
    Dataset all = partitions.privateSet().subset(partitions.privateSet().name() + "/all", used);
    NetworkSpec network = student.withTraining(baseline.epochs().orElse(student.epochs()),
        baseline.batchSize().orElse(student.batchSize()));
    listener.stageStarted(Stage.CEILING, network.epochs());
    MultiLayerNetwork net = Classifiers.fit(network, all, InputShape.of(all), all.numClasses(),
        seed, epoch -> listener.step(Stage.CEILING, ""));
    listener.stageDone(Stage.CEILING);
    double accuracy = Classifiers.accuracy(Classifiers.predict(net, Tensors.features(holdout)),
        holdout.labels());
    return new NonPrivateCeiling(NOT_PRIVATE, network.name(), all.size(), accuracy,
        time.seconds());
  }
}
