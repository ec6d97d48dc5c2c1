package dev.pate.config;

import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;

/** Test helpers: load from text, or collect the problems a text has. */
final class Configs {

  static final String SOURCE = "exp.yaml";

  private Configs() {}

  /**
   * Loads {@code yaml}; a text that does not name its run gets {@code name: exp} appended (after
   * its last line, so the lines problems name stay where they are), since these tests are about
   * other keys. Tests of the name itself and of empty texts call {@link ConfigLoader} directly.
   */
  static RunConfig load(String yaml, String... overrides) {
    return ConfigLoader.parse(named(yaml), SOURCE, List.of(overrides));
  }

  /** {@code yaml} with {@code name: exp} appended unless it has a top-level name. */
  static String named(String yaml) {
    return named(yaml, "exp");
  }

  /** {@code yaml} with {@code name: <name>} appended unless it has a top-level name. */
  static String named(String yaml, String name) {
    if (NAMED.matcher(yaml).find()) {
      return yaml;
    }
    return yaml + (yaml.isEmpty() || yaml.endsWith("\n") ? "" : "\n") + "name: " + name + "\n";
  }

  private static final java.util.regex.Pattern NAMED =
      java.util.regex.Pattern.compile("(?m)^name\\s*:");

  static ConfigException failure(String yaml, String... overrides) {
    return assertThrows(ConfigException.class, () -> load(yaml, overrides));
  }

  /** The problems as their one-line texts. */
  static List<String> problems(String yaml, String... overrides) {
    return failure(yaml, overrides).problems().stream().map(ConfigProblem::toString).toList();
  }

  /** The text of the only problem (fails if there are several). */
  static String onlyProblem(String yaml, String... overrides) {
    ConfigException failure = failure(yaml, overrides);
    if (failure.problems().size() != 1) {
      throw new AssertionError("expected one problem, got: " + failure.getMessage());
    }
    return failure.getMessage();
  }
}
