package dev.pate.config;

import java.util.List;

/**
 * What a study's frontier is compared with and aimed at (YAML {@code frontier}).
 *
 * @param targets published epsilons to choose the best setting for (each gets a ready-to-run
 *     {@code best-eps-<target>.yaml}), ascending
 * @param anchors published results drawn beside the study's points
 */
public record Frontier(List<Double> targets, List<Anchor> anchors) {
  /** A study without a frontier section. */
  public static final Frontier NONE = new Frontier(List.of(), List.of());

  public Frontier {
    targets = targets.stream().sorted().toList();
    anchors = List.copyOf(anchors);
  }
}
