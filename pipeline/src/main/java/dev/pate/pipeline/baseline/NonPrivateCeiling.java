package dev.pate.pipeline.baseline;

import dev.pate.pipeline.Stopwatch;
import dev.pate.pipeline.report.RunReport;
import dev.pate.config.NetworkConfig;
import dev.pate.config.RunConfig;
import dev.pate.datasets.Dataset;
import dev.pate.datasets.progress.ProgressBar;
import dev.pate.datasets.split.TeacherPartitions;
import dev.pate.ensemble.nn.Classifiers;
import dev.pate.ensemble.nn.InputShape;
import dev.pate.ensemble.nn.Seeds;
import dev.pate.ensemble.nn.Tensors;
import java.io.PrintStream;
import java.util.Arrays;
import org.deeplearning4j.nn.multilayer.MultiLayerNetwork;

/**
 * The yardstick of {@code baseline.non_private}: the student's network (without augmentation, with
 * the epochs and batch size of {@code baseline} where given) trained on every private example the
 * teachers were given, with its true label, and evaluated on the student's held-out set. It is what giving up privacy would buy; the model is not private, so
 * it is never saved and only its accuracy is reported, labelled as such.
 */
public final class NonPrivateCeiling {
  static final String NOT_PRIVATE = "NOT private: trained on all private examples with their"
      + " true labels, for comparison only; the model is not saved";

  private NonPrivateCeiling() {}

  public static RunReport.NonPrivateCeiling train(RunConfig config, TeacherPartitions partitions,
      Dataset holdout, PrintStream console) {
    Stopwatch time = Stopwatch.start();
    int[] used = new int[0];
    for (int t = 0; t < partitions.count(); t++) {
      int[] part = partitions.indices(t);
      int from = used.length;
      used = Arrays.copyOf(used, from + part.length);
      System.arraycopy(part, 0, used, from, part.length);
    }
    Arrays.sort(used);
    Dataset all = partitions.privateSet().subset(partitions.privateSet().name() + "/all", used);
    NetworkConfig student = config.student().network();
    var baseline = config.baseline();
    NetworkConfig network = new NetworkConfig(student.architecture(), student.convFilters(),
        student.kernel(), student.dense(), student.dropout(),
        baseline.epochs().orElse(student.epochs()),
        baseline.batchSize().orElse(student.batchSize()), student.learningRate(),
        student.learningRateSchedule(), student.l2());
    ProgressBar bar = new ProgressBar("ceiling", network.epochs(), console);
    MultiLayerNetwork net = Classifiers.fit(network, all, InputShape.of(all), all.numClasses(),
        Seeds.derive(config.seed(), "non-private-ceiling", 0), epoch -> bar.step());
    bar.done();
    double accuracy = Classifiers.accuracy(Classifiers.predict(net, Tensors.features(holdout)),
        holdout.labels());
    return new RunReport.NonPrivateCeiling(NOT_PRIVATE, network.architecture().id(), all.size(),
        accuracy, time.seconds());
  }
}
