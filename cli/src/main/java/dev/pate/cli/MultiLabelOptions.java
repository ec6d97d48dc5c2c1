package dev.pate.cli;

import dev.pate.aggregator.multilabel.MultiLabelMechanism;
import dev.pate.files.UserError;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The multi-label mechanisms' parameters from the flags {@code analyze} and {@code plan} share:
 * {@code --sigma}, {@code --tau} and {@code --threshold} (a fraction of the teachers, default
 * {@value #DEFAULT_THRESHOLD}), each checked with a message naming the flag.
 */
final class MultiLabelOptions {
  /** A label is positive when more than half the teachers' weight votes for it. */
  static final double DEFAULT_THRESHOLD = 0.5;

  private MultiLabelOptions() {}

  /** The multi-label kind named {@code id}, if it names one. */
  static Optional<MultiLabelMechanism.Kind> kind(String id) {
    return MultiLabelMechanism.Kind.byId(id);
  }

  /**
   * The parameters of {@code kind} other than those absent from the flags; {@code sigma} may be
   * null when it is what a plan solves for.
   */
  static Map<String, Double> parameters(MultiLabelMechanism.Kind kind, int labels, Double sigma,
      Double tau, Double threshold) {
    Map<String, Double> flags = new LinkedHashMap<>();
    flags.put("labels", (double) labels);
    flags.put("sigma", sigma);
    flags.put("tau", tau);
    flags.put("threshold", threshold == null ? DEFAULT_THRESHOLD : threshold);
    Map<String, Double> parameters = new LinkedHashMap<>();
    for (String name : kind.parameterNames()) {
      if (flags.get(name) != null) {
        parameters.put(name, flags.get(name));
      } else if (!name.equals("sigma")) {
        throw new UserError("--" + name + ": required with --mechanism " + kind.id());
      }
    }
    if (!kind.parameterNames().contains("tau") && tau != null) {
      throw new UserError("--tau: only tau-voting clips votes, not " + kind.id());
    }
    return parameters;
  }

  /** The mechanism with these parameters, a bad value the user's error naming its flag. */
  static MultiLabelMechanism mechanism(MultiLabelMechanism.Kind kind,
      Map<String, Double> parameters) {
    try {
      return kind.of(parameters);
    } catch (IllegalArgumentException e) {
      throw new UserError("--" + e.getMessage(), e);
    }
  }
}
