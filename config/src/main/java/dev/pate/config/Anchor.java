package dev.pate.config;

import static java.util.Objects.requireNonNull;

/**
 * A published result a study's frontier is compared with (YAML {@code frontier.anchors}).
 *
 * @param label how the plot and report name it, e.g. {@code "PATE 2018 Confident-GNMax"}
 * @param accuracy its reported accuracy, in [0, 1]
 * @param epsilon its reported epsilon (at its own delta, which {@code source} should name)
 * @param kind what that epsilon is
 * @param source where it is published, e.g. {@code "Papernot et al. 2018, Table 2"}
 */
public record Anchor(String label, double accuracy, double epsilon, AnchorKind kind,
    String source) {

  public Anchor {
    requireNonNull(label, "label");
    requireNonNull(kind, "kind");
    requireNonNull(source, "source");
    if (!(accuracy >= 0 && accuracy <= 1)) {
      throw new IllegalArgumentException("accuracy: " + accuracy + " is not in [0, 1]");
    }
    if (!(epsilon > 0) || Double.isInfinite(epsilon)) {
      throw new IllegalArgumentException("epsilon: " + epsilon + " is not > 0 and finite");
    }
  }
}
