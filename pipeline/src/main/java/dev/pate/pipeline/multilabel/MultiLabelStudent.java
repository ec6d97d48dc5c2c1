package dev.pate.pipeline.multilabel;

import dev.pate.datasets.multilabel.MultiLabelExamples;
import dev.pate.ensemble.multilabel.MultiLabelNetwork;
import dev.pate.ensemble.multilabel.MultiLabelTargets;
import dev.pate.ensemble.nn.NetworkSettings;
import dev.pate.ensemble.nn.Seeds;
import java.util.Arrays;
import java.util.OptionalDouble;

/**
 * The multi-label student: a network with one sigmoid per label trained on the released label
 * sets of the answered queries; with a pool confidence, also on per-label pseudo-labels of the
 * pool canvases that were not asked. A first student (the answers only) scores those canvases;
 * a label it gives probability {@code >= c} is taken as positive, {@code <= 1 - c} as negative,
 * anything between is left out of the loss (its label mask), so a canvas may teach some of its
 * labels only; a second student, from a fresh initialisation, trains on the answers and the
 * pseudo-labels. Everything it sees is released answers and public canvases: no privacy cost.
 *
 * @param network the trained student
 * @param method {@code supervised} or {@code pool-pseudo-labels}
 * @param trainingExamples answered queries trained on
 * @param unlabelledExamples pool canvases scored for pseudo-labels (0 for supervised)
 * @param pseudoLabels what the pseudo-labels were; null for supervised
 */
record MultiLabelStudent(MultiLabelNetwork network, String method, int trainingExamples,
    int unlabelledExamples, PseudoLabels pseudoLabels) {

  /**
   * The pseudo-labels the second student trained on.
   *
   * @param canvases pool canvases with at least one pseudo-labelled label
   * @param labelsKnown pseudo-labels (canvas, label) in all
   * @param coverage {@code labelsKnown} over every label of every scored canvas
   * @param precision the pseudo-labels against the pool's true label sets (public data, never
   *     trained on); null when there is none
   */
  record PseudoLabels(int canvases, int labelsKnown, double coverage, Double precision) {}

  /**
   * Trains the student on the answered queries at {@code answeredPositions} of {@code pool} with
   * {@code answeredMasks}, and, with {@code poolConfidence}, the pseudo-labels of the others.
   */
  static MultiLabelStudent train(NetworkSettings settings, MultiLabelExamples pool,
      int[] answeredPositions, int[] answeredMasks, OptionalDouble poolConfidence, long seed) {
    int labels = pool.labels();
    MultiLabelNetwork supervised = MultiLabelNetwork.train(settings,
        pool.subset("answered queries", answeredPositions),
        MultiLabelTargets.complete(labels, answeredMasks), Seeds.derive(seed, "student", 0));
    if (poolConfidence.isEmpty()) {
      return new MultiLabelStudent(supervised, "supervised", answeredPositions.length, 0, null);
    }
    double c = poolConfidence.getAsDouble();
    boolean[] asked = new boolean[pool.size()];
    for (int position : answeredPositions) {
      asked[position] = true;
    }
    int[] unasked = new int[pool.size() - answeredPositions.length];
    int u = 0;
    for (int i = 0; i < pool.size(); i++) {
      if (!asked[i]) {
        unasked[u++] = i;
      }
    }
    float[][] p = supervised.probabilities(pool.subset("unasked pool", unasked));
    int[] positions = Arrays.copyOf(answeredPositions, answeredPositions.length + unasked.length);
    int[] positive = Arrays.copyOf(answeredMasks, positions.length);
    int[] known = new int[positions.length];
    Arrays.fill(known, 0, answeredPositions.length, (1 << labels) - 1);
    int used = answeredPositions.length;
    int labelsKnown = 0;
    int right = 0;
    for (int k = 0; k < unasked.length; k++) {
      int pos = 0;
      int kn = 0;
      for (int j = 0; j < labels; j++) {
        if (p[k][j] >= c) {
          pos |= 1 << j;
          kn |= 1 << j;
        } else if (p[k][j] <= 1 - c) {
          kn |= 1 << j;
        }
      }
      if (kn != 0) {
        int truth = pool.labelMask(unasked[k]);
        labelsKnown += Integer.bitCount(kn);
        right += Integer.bitCount(kn & ~(pos ^ truth));
        positions[used] = unasked[k];
        positive[used] = pos;
        known[used] = kn;
        used++;
      }
    }
    int pseudoCanvases = used - answeredPositions.length;
    MultiLabelNetwork student = MultiLabelNetwork.train(settings,
        pool.subset("answered queries and pseudo-labelled pool", Arrays.copyOf(positions, used)),
        new MultiLabelTargets(labels, Arrays.copyOf(positive, used), Arrays.copyOf(known, used)),
        Seeds.derive(seed, "student", 1));
    return new MultiLabelStudent(student, "pool-pseudo-labels", answeredPositions.length,
        unasked.length, new PseudoLabels(pseudoCanvases, labelsKnown,
            unasked.length == 0 ? 0 : labelsKnown / (double) (unasked.length * labels),
            labelsKnown == 0 ? null : right / (double) labelsKnown));
  }
}
