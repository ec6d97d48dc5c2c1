package dev.pate.config;

import static java.util.Objects.requireNonNull;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * One point of a study's grid.
 *
 * @param index 1-based position in the grid
 * @param coordinates the value of each swept key at this point, as YAML text, in axis order ({@code
 *     "-"} for a key that is not used at this point, such as gamma under gnmax)
 * @param config the point's complete, checked config
 */
public record StudyPoint(int index, Map<String, String> coordinates, RunConfig config) {

  public StudyPoint {
    requireNonNull(config, "config");
    coordinates = Collections.unmodifiableMap(new LinkedHashMap<>(coordinates));
    if (index < 1) {
      throw new IllegalArgumentException("index: " + index + " is not >= 1");
    }
  }

  /** E.g. {@code "teachers.count=50 aggregator.gamma=0.1 seed=2"}; {@code "(base)"} if none. */
  public String label() {
    return coordinates.isEmpty()
        ? "(base)"
        : coordinates.entrySet().stream()
            .map(e -> e.getKey() + "=" + e.getValue())
            .collect(Collectors.joining(" "));
  }
}
