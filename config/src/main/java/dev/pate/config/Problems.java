package dev.pate.config;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/** Collects every problem found while loading, so that all of them can be reported at once. */
final class Problems {

  private record Entry(ConfigProblem problem, int order, int sequence) {}

  private final List<Entry> entries = new ArrayList<>();

  void add(Origin origin, String key, String message) {
    // File lines first, in file order; then file-level problems (defaults, missing keys); then
    // overrides, each group in the order found.
    int order = !origin.inFile() ? Integer.MAX_VALUE : origin.line() > 0 ? origin.line() : 1 << 30;
    entries.add(
        new Entry(new ConfigProblem(origin.location(), key, message), order, entries.size()));
  }

  /** A problem with a ready-made location, such as a YAML syntax error with its column. */
  void add(String location, String key, String message) {
    entries.add(new Entry(new ConfigProblem(location, key, message), 0, entries.size()));
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
