package dev.pate.aggregator.mechanism;

import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * What the mechanism types ({@link Mechanism} and the multi-label {@code MultiLabelMechanism})
 * share about their kinds and parameters: ids looked up exactly, parameters by name in a fixed
 * order, and their range checks, so that both spell them one way.
 */
public final class MechanismParameters {
  private MechanismParameters() {}

  /** The parameters by name, in the order of {@code names}. */
  public static Map<String, Double> named(List<String> names, double[] values) {
    Map<String, Double> parameters = new LinkedHashMap<>();
    for (int i = 0; i < values.length; i++) {
      parameters.put(names.get(i), values[i]);
    }
    return Collections.unmodifiableMap(parameters);
  }

  /**
   * The values of exactly {@code names}, in their order.
   *
   * @throws IllegalArgumentException if a parameter is missing or unknown
   */
  public static double[] values(String id, List<String> names, Map<String, Double> parameters) {
    if (!parameters.keySet().equals(Set.copyOf(names))) {
      throw new IllegalArgumentException("parameters: " + id + " takes "
          + String.join(", ", names) + ", not " + parameters.keySet());
    }
    return names.stream().mapToDouble(parameters::get).toArray();
  }

  /** The kind of {@code kinds} whose id is exactly {@code wanted}, if any. */
  public static <K extends Enum<K>> Optional<K> byId(Class<K> kinds, Function<K, String> id,
      String wanted) {
    return Arrays.stream(kinds.getEnumConstants()).filter(k -> id.apply(k).equals(wanted))
        .findFirst();
  }

  /** The ids of {@code kinds}, comma-separated, in declaration order. */
  public static <K extends Enum<K>> String ids(Class<K> kinds, Function<K, String> id) {
    return Arrays.stream(kinds.getEnumConstants()).map(id).collect(Collectors.joining(", "));
  }

  /**
   * Checks a noise parameter.
   *
   * @throws IllegalArgumentException naming it unless it is a finite number {@code > 0}
   */
  public static void checkPositive(double value, String name) {
    if (!(value > 0) || Double.isInfinite(value)) {
      throw new IllegalArgumentException(name + ": " + value + " is not a finite number > 0");
    }
  }
}
