package dev.pate.config;

import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;

/** Test helpers: load from text, or collect the problems a text has. */
final class Configs {

  static final String SOURCE = "exp.yaml";

  private Configs() {}

  static RunConfig load(String yaml, String... overrides) {
    return ConfigLoader.parse(yaml, SOURCE, List.of(overrides));
  }

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
