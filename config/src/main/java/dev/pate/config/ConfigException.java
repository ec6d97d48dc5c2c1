package dev.pate.config;

import dev.pate.files.UserError;
import java.util.List;

/**
 * A configuration could not be loaded: bad YAML, unknown keys, values of the wrong type or out of
 * range. All problems found are reported at once. For a single problem the message is one line,
 * e.g. {@code exp.yaml line 7: aggregator.gamma: -0.1 is not > 0}; for several, the first line says
 * how many ({@code 3 problems in exp.yaml:}) and each problem follows on its own line. The one
 * subclass of {@link UserError} that keeps a list: each problem has its own line, key and
 * did-you-mean.
 */
public final class ConfigException extends UserError {

  private static final long serialVersionUID = 1L;

  private final String source;
  private final List<ConfigProblem> problems;

  ConfigException(String source, List<ConfigProblem> problems) {
    super(heading(source, problems), problems.stream().map(ConfigProblem::toString).toList());
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

  private static String heading(String source, List<ConfigProblem> problems) {
    if (problems.isEmpty()) {
      throw new IllegalArgumentException("problems: empty; a ConfigException needs at least one");
    }
    return problems.size() + " problems in " + source + ":";
  }
}
