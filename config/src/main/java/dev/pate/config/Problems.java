package dev.pate.config;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Collects every problem found while loading, so that all of them can be reported at once. The
 * same problem found twice (a bad value shared by several points of a study) is kept once.
 */
final class Problems {

  private record Entry(ConfigProblem problem, int order, int sequence) {}

  private final List<Entry> entries = new ArrayList<>();
  private final Set<ConfigProblem> seen = new HashSet<>();

  void add(Origin origin, String key, String message) {
    // File lines first, in file order; then file-level problems (defaults, missing keys); then
    // overrides, each group in the order found.
    int order = !origin.inFile() ? Integer.MAX_VALUE : origin.line() > 0 ? origin.line() : 1 << 30;
    add(new ConfigProblem(origin.location(), key, message), order);
  }

  /** A problem with a ready-made location, such as a YAML syntax error with its column. */
  void add(String location, String key, String message) {
    add(new ConfigProblem(location, key, message), 0);
  }

  private void add(ConfigProblem problem, int order) {
    if (seen.add(problem)) {
      entries.add(new Entry(problem, order, entries.size()));
    }
  }

  /** Adds the problems of {@code other}, keeping their order keys. */
  void addAll(Problems other) {
    other.entries.forEach(entry -> add(entry.problem(), entry.order()));
  }

  boolean isEmpty() {
    return entries.isEmpty();
  }

  /** Throws a {@link ConfigException} listing every problem, if there is any. */
  void throwIfAny(String source) {
    if (!entries.isEmpty()) {
      throw exception(source);
    }
  }

  /** A {@link ConfigException} listing every problem, sorted; there must be at least one. */
  ConfigException exception(String source) {
    List<ConfigProblem> sorted =
        entries.stream()
            .sorted(Comparator.comparingInt(Entry::order).thenComparingInt(Entry::sequence))
            .map(Entry::problem)
            .toList();
    return new ConfigException(source, sorted);
  }
}
