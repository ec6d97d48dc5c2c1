package dev.pate.config;

import static java.util.Objects.requireNonNull;

import java.util.List;

/**
 * One swept key of a study and its values.
 *
 * @param key the dotted key path, e.g. {@code "aggregator.gamma"}; {@code "seed"} for repeats
 * @param values the values as YAML text, in the order given
 * @param repeats true for the repeats axis ({@code sweep.seeds} or {@code sweep.repeats}): its
 *     points are repetitions of one setting, which results average over
 */
public record SweepAxis(String key, List<String> values, boolean repeats) {

  public SweepAxis {
    requireNonNull(key, "key");
    values = List.copyOf(values);
  }
}
