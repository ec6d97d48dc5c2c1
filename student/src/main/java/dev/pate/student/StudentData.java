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
 * @param evaluation held-out public examples with true labels: never queried, never trained on
 */
public record StudentData(Dataset labelled, int[] labels, Dataset unlabelled,
    Dataset evaluation) {

  /**
   * Checks that the labels fit, and that no labelled or unlabelled example is an evaluation example
   * (by {@link ExampleId}): a student that saw its test examples, even unlabelled, would report an
   * accuracy it does not have.
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
    Set<ExampleId> held = new HashSet<>();
    for (int i = 0; i < evaluation.size(); i++) {
      held.add(evaluation.exampleId(i));
    }
    evaluation.requireLabelled("the held-out evaluation set");
    requireOutside(labelled, held, "labelled");
    requireOutside(unlabelled, held, "unlabelled");
  }

  private static void requireOutside(Dataset images, Set<ExampleId> held, String what) {
    for (int i = 0; i < images.size(); i++) {
      if (held.contains(images.exampleId(i))) {
        throw new IllegalArgumentException(what + ": example " + images.exampleId(i)
            + " is also an evaluation example");
      }
    }
  }

  @Override
  public int[] labels() {
    return labels.clone();
  }
}
