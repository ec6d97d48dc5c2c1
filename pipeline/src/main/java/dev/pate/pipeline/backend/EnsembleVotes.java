package dev.pate.pipeline.backend;

import dev.pate.datasets.Dataset;

/** A complete ensemble's vote counts on public images, however and wherever it votes. */
@FunctionalInterface
public interface EnsembleVotes {

  /**
   * {@code counts[q][c]}: the teachers whose answer for {@code queries}' example q is class c.
   *
   * @param workers threads that vote at once, where the backend votes in this JVM
   * @param threadsPerWorker native threads of each of them
   */
  int[][] votes(Dataset queries, int workers, int threadsPerWorker);

  /**
   * Weighted vote counts (privacy groups' weighting): {@code counts[q][c]} = the sum of {@code
   * weights[t]} over the teachers t whose answer for example q is class c. Backends that cannot
   * weigh votes keep this default, which takes all weights 1 only: a run with weighting is
   * refused before its teachers train on such a backend.
   *
   * @param weights one integer weight >= 1 per teacher, in teacher order
   */
  default int[][] votes(Dataset queries, int workers, int threadsPerWorker, int[] weights) {
    for (int w : weights) {
      if (w != 1) {
        throw new UnsupportedOperationException("weighted votes: this backend counts every"
            + " teacher's vote once");
      }
    }
    return votes(queries, workers, threadsPerWorker);
  }
}
