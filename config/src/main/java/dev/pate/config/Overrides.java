package dev.pate.config;

import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.yaml.snakeyaml.error.YAMLException;
import org.yaml.snakeyaml.nodes.Node;

/**
 * Command-line overrides {@code key.path=value}, applied after the file. The value is read as YAML,
 * so {@code 0.1}, {@code gnmax}, {@code [16, 32]} and {@code null} mean what they mean in the file.
 */
final class Overrides {

  private Overrides() {}

  /**
   * Puts each override's value into {@code given}, replacing the file's value.
   *
   * @return the key paths overridden (a study pins them: a swept key set here is not swept)
   */
  static Set<String> apply(List<String> overrides, Map<String, Given> given, Problems problems) {
    Origin origin = Origin.override();
    Set<String> seen = new HashSet<>();
    for (String override : overrides) {
      int equals = override.indexOf('=');
      if (equals <= 0) {
        problems.add(
            origin, "", Yamls.quote(override) + " is not key=value, e.g. aggregator.gamma=0.1");
        continue;
      }
      String path = override.substring(0, equals).strip();
      String valueText = override.substring(equals + 1);
      Optional<String> badPath = ConfigSchema.problemWithKeyPath(path);
      if (badPath.isPresent()) {
        problems.add(origin, path, badPath.get());
        continue;
      }
      if (!seen.add(path)) {
        problems.add(origin, path, "overridden twice");
        continue;
      }
      Node value;
      try {
        value = Yamls.compose(valueText);
      } catch (YAMLException e) {
        problems.add(
            origin, path, Yamls.quote(valueText) + " is not a YAML value: " + Yamls.describe(e));
        continue;
      }
      given.put(path, new Given(value, origin));
    }
    return seen;
  }
}
