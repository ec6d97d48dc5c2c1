package dev.pate.pipeline;

import dev.pate.datasets.split.PublicSplit;
import dev.pate.datasets.split.TeacherPartitions;
import dev.pate.pipeline.data.RunData;
import dev.pate.pipeline.labelling.QuerySelector;
import java.util.Objects;

/**
 * What a run reads before it trains anything: the data (images or CSV tables, or data given in
 * code), its split into teacher partitions, query pool and held-out examples (checked disjoint),
 * and the query selector.
 */
public record RunInputs(RunData data, TeacherPartitions partitions, QuerySelector selector) {

  public RunInputs {
    Objects.requireNonNull(data, "data");
    Objects.requireNonNull(partitions, "partitions");
    Objects.requireNonNull(selector, "selector");
  }

  public PublicSplit publicSplit() {
    return data.publicSplit();
  }
}
