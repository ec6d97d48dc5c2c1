package dev.pate.pipeline;

import dev.pate.datasets.split.PublicSplit;
import dev.pate.datasets.split.Partitions;
import dev.pate.pipeline.data.RunData;
import dev.pate.pipeline.labelling.QuerySelector;
import java.util.Objects;
import java.util.Optional;

/**
 * What a run reads before it trains anything: the data (images or CSV tables, or data given in
 * code), its split into teacher partitions, query pool and held-out examples (checked disjoint),
 * and the query selector; with privacy groups, the digest of every example's group (the teachers
 * learn from it: part of the teacher cache's key) and each teacher's vote weight under weighting.
 */
public record RunInputs(RunData data, Partitions partitions, QuerySelector selector,
    Optional<String> membership, Optional<int[]> weights) {

  public RunInputs {
    Objects.requireNonNull(data, "data");
    Objects.requireNonNull(partitions, "partitions");
    Objects.requireNonNull(selector, "selector");
    Objects.requireNonNull(membership, "membership");
    weights = Objects.requireNonNull(weights, "weights").map(int[]::clone);
  }

  /** A copy of each teacher's vote weight, if the votes are weighted. */
  @Override
  public Optional<int[]> weights() {
    return weights.map(int[]::clone);
  }

  public PublicSplit publicSplit() {
    return data.publicSplit();
  }
}
