package dev.pate.config;

import java.io.Serializable;

/**
 * One thing wrong with a configuration.
 *
 * @param location where it is: {@code "exp.yaml line 7"}, {@code "exp.yaml line 7, column 3"} for
 *     YAML syntax errors, {@code "exp.yaml"} when there is no line (a default value or a missing
 *     key), or {@code "override"} for a {@code key=value} override
 * @param key the dotted key path, e.g. {@code "aggregator.gamma"}, or {@code ""} when the problem
 *     is not about one key (a YAML syntax error)
 * @param message what is wrong and what is allowed, e.g. {@code "-0.1 is not > 0"}
 */
public record ConfigProblem(String location, String key, String message) implements Serializable {

  /** One line: {@code "exp.yaml line 7: aggregator.gamma: -0.1 is not > 0"}. */
  @Override
  public String toString() {
    return location + ": " + (key.isEmpty() ? "" : key + ": ") + message;
  }
}
