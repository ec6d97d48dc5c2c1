package dev.pate.student;

import dev.pate.datasets.Dataset;
import dev.pate.datasets.ExampleId;
import java.util.HashSet;
import java.util.Set;

/**
 * What a student may learn from, and what it is judged on.
 *
 * @param labelled the answered queries
 * @param labels the aggregator's (noisy) label of each answered query, in the same order
 * @param unlabelled public examples the student may use without labels (the query pool); their true
 *     labels are read only to measure pseudo-label precision for the report, never to train
 * @param evaluation held-out public examples with true labels: never queried, never trained on;
 *     the student's final accuracy ({@link StudentResult#testAccuracy}) is measured on them
 * @param monitor public examples with true labels, never queried nor trained on, that the
 *     learning curve ({@link EpochRecord#accuracy}) is measured on after each epoch: a run's
 *     validation split when it has one, so that a study choosing settings never watches the
 *     held-out examples while a student trains; else {@code evaluation} itself
 */
public record StudentData(Dataset labelled, int[] labels, Dataset unlabelled,
    Dataset evaluation, Dataset monitor) {

  /**
   * Checks that the labels fit, and that no labelled or unlabelled example is an evaluation or a
   * monitored example (by {@link ExampleId}): a student that saw its test examples, even
   * unlabelled, would report an accuracy it does not have.
   */
  public StudentData {
    if (labelled.size() != labels.length) {
      throw new IllegalArgumentException("labels: " + labels.length + " labels for "
          + labelled.size() + " labelled examples");
    }
    if (labelled.size() == 0) {
      throw new IllegalArgumentException("labelled: no answered queries to train on");
    }
    for (int i = 0; i < labels.length; i++) {
      if (labels[i] < 0 || labels[i] >= labelled.numClasses()) {
        throw new IllegalArgumentException("labels: " + labels[i] + " at " + i + " is not in 0.."
            + (labelled.numClasses() - 1));
      }
    }
    labels = labels.clone();
    evaluation.requireLabelled("the held-out evaluation set");
    monitor.requireLabelled("the monitored set");
    Set<ExampleId> evaluated = ids(evaluation);
    requireOutside(labelled, evaluated, "labelled", "an evaluation");
    requireOutside(unlabelled, evaluated, "unlabelled", "an evaluation");
    if (monitor != evaluation) {
      Set<ExampleId> monitored = ids(monitor);
      requireOutside(labelled, monitored, "labelled", "a monitored");
      requireOutside(unlabelled, monitored, "unlabelled", "a monitored");
    }
  }

  /** The learning curve measured on the held-out {@code evaluation} examples themselves. */
  public StudentData(Dataset labelled, int[] labels, Dataset unlabelled, Dataset evaluation) {
    this(labelled, labels, unlabelled, evaluation, evaluation);
  }

  /** Whether the learning curve is measured on the held-out examples (no separate monitor). */
  public boolean monitorsEvaluation() {
    return monitor == evaluation;
  }

  private static Set<ExampleId> ids(Dataset examples) {
    Set<ExampleId> ids = new HashSet<>();
    for (int i = 0; i < examples.size(); i++) {
      ids.add(examples.exampleId(i));
    }
    return ids;
  }

  private static void requireOutside(Dataset images, Set<ExampleId> held, String what,
      String kind) {
    for (int i = 0; i < images.size(); i++) {
      if (held.contains(images.exampleId(i))) {
        throw new IllegalArgumentException(what + ": example " + images.exampleId(i)
            + " is also " + kind + " example");
      }
    }
  }

  @Override
  public int[] labels() {
    return labels.clone();
  }
}
