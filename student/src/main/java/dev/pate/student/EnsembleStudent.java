package dev.pate.student;

import dev.pate.datasets.Dataset;
import dev.pate.ensemble.nn.InputShape;
import dev.pate.ensemble.nn.JoinedNetworks;
import dev.pate.ensemble.nn.NetworkSettings;
import dev.pate.ensemble.nn.NetworkSpec;
import dev.pate.ensemble.nn.Seeds;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.deeplearning4j.nn.multilayer.MultiLayerNetwork;

/**
 * Several students of one method trained alike from different seeds ({@code student.ensemble}),
 * joined into one network that predicts the mean of their logits ({@link JoinedNetworks}): the
 * student released. Every member learns from the same answered labels and public pool, so the
 * ensemble is post-processing of what was charged, at no further privacy cost; students that
 * err differently on the images they were not told about outvote each other's mistakes.
 */
final class EnsembleStudent implements StudentTrainer {
  private final StudentTrainer member;
  private final NetworkSettings network;
  private final int members;

  /**
   * @param member how each member trains
   * @param network the members' network: a built-in one, which {@link JoinedNetworks} can widen
   * @param members how many, >= 2
   */
  EnsembleStudent(StudentTrainer member, NetworkSpec network, int members) {
    this.member = java.util.Objects.requireNonNull(member, "member");
    this.network = network.builtIn().orElseThrow(() -> new IllegalArgumentException(
        "ensemble: joining students needs the built-in cnn or mlp network, not a "
            + network.name() + " one"));
    if (members < 2) {
      throw new IllegalArgumentException("members: " + members + " is not >= 2");
    }
    this.members = members;
  }

  /** Member 0 trains from {@code seed}, the others from seeds derived from it. */
  @Override
  public StudentResult train(StudentData data, long seed, EpochListener onEpoch) {
    long start = System.nanoTime();
    List<StudentResult> trained = new ArrayList<>();
    List<StudentResult.Member> records = new ArrayList<>();
    for (int m = 0; m < members; m++) {
      long memberSeed = m == 0 ? seed : Seeds.derive(seed, "ensemble", m);
      StudentResult student = member.train(data, memberSeed, onEpoch);
      trained.add(student);
      records.add(new StudentResult.Member(memberSeed, student.monitoredAccuracy()));
    }
    Dataset labelled = data.labelled();
    MultiLayerNetwork joined = JoinedNetworks.of(
        trained.stream().map(StudentResult::network).toList(), network, InputShape.of(labelled),
        labelled.numClasses());
    double monitored = new Evaluator(data.monitor()).accuracy(joined);
    double heldOut = data.monitorsEvaluation() ? monitored
        : new Evaluator(data.evaluation()).accuracy(joined);
    StudentResult first = trained.get(0);
    return new StudentResult(joined, heldOut, first.learningCurve(), first.trainingExamples(),
        first.finalPseudoLabels(), (System.nanoTime() - start) / 1e9, first.restarts(),
        Optional.of(new StudentResult.Ensemble(records, monitored)));
  }
}
