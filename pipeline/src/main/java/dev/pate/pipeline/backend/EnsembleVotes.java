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
}
