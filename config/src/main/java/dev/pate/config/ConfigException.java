package dev.pate.config;

import java.util.List;

/**
 * A configuration could not be loaded: bad YAML, unknown keys, values of the wrong type or out of
 * range. All problems found are reported at once. For a single problem the message is one line,
 * e.g. {@code exp.yaml line 7: aggregator.gamma: -0.1 is not > 0}; for several, the first line says
 * how many ({@code 3 problems in exp.yaml:}) and each problem follows on its own line.
 */
public final class ConfigException extends RuntimeException {

  private static final long serialVersionUID = 1L;

  private final String source;
  private final List<ConfigProblem> problems;

  ConfigException(String source, List<ConfigProblem> problems) {
    super(message(source, problems));
    this.source = source;
    this.problems = List.copyOf(problems);
  }

  /** The file (or other source name) that was being loaded. */
  public String source() {
    return source;
  }

  /** The problems, at least one, in file order; problems from overrides come last. */
  public List<ConfigProblem> problems() {
    return problems;
  }

  private static String message(String source, List<ConfigProblem> problems) {
    if (problems.isEmpty()) {
      throw new IllegalArgumentException("problems: empty; a ConfigException needs at least one");
    }
    if (problems.size() == 1) {
      return problems.get(0).toString();
    }
    StringBuilder text = new StringBuilder();
    text.append(problems.size()).append(" problems in ").append(source).append(':');
    for (ConfigProblem problem : problems) {
      text.append("\n  ").append(problem);
    }
    return text.toString();
  }
}
