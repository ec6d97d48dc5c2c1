package dev.pate.config;

import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import org.yaml.snakeyaml.nodes.MappingNode;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.NodeTuple;
import org.yaml.snakeyaml.nodes.ScalarNode;

/**
 * A mapping from names (such as column names) to values of one type, kept in the order written.
 * The names are data, not keys of the schema, so they are not checked here; each value is checked
 * and reported at {@code path.name}.
 *
 * @param <V> the value type
 */
final class MapType<V> implements ValueType<Map<String, V>> {

  private final String keyName;
  private final ValueType<V> value;

  /**
   * @param keyName what the keys are, for docs, e.g. {@code "column"}
   * @param value the type of each value
   */
  MapType(String keyName, ValueType<V> value) {
    this.keyName = keyName;
    this.value = value;
  }

  @Override
  public String typeName() {
    return "mapping of " + keyName + " to " + value.typeName();
  }

  @Override
  public String allowed() {
    return value.allowed().isEmpty() ? "" : "each " + value.allowed();
  }

  @Override
  public String describe() {
    return "a mapping of " + keyName + " to " + value.describe()
        + " (write mappings like {a: ..., b: ...})";
  }

  @Override
  public Map<String, V> parse(Node node, Site site) {
    if (!(node instanceof MappingNode mapping)) {
      site.report(Yamls.render(node) + " is not " + describe());
      return null;
    }
    Map<String, V> values = new LinkedHashMap<>();
    Set<String> seen = new HashSet<>();
    boolean valid = true;
    for (NodeTuple entry : mapping.getValue()) {
      if (!(entry.getKeyNode() instanceof ScalarNode key) || key.getValue().isEmpty()) {
        site.report(Yamls.render(entry.getKeyNode()) + " is not a " + keyName + " name");
        valid = false;
        continue;
      }
      Site entrySite = site.entry(key.getValue(), entry.getValueNode());
      if (!seen.add(key.getValue())) {
        entrySite.report("given twice");
        valid = false;
        continue;
      }
      V parsed = null;
      if (Yamls.isNull(entry.getValueNode())) {
        entrySite.report("null is not " + value.describe());
      } else {
        parsed = value.parse(entry.getValueNode(), entrySite);
      }
      valid &= parsed != null;
      values.put(key.getValue(), parsed);
    }
    return valid ? Collections.unmodifiableMap(values) : null;
  }

  @Override
  public Object toYaml(Map<String, V> map) {
    Map<String, Object> out = new LinkedHashMap<>();
    map.forEach((k, v) -> out.put(k, value.toYaml(v)));
    return out;
  }

  @Override
  public String format(Map<String, V> map) {
    StringBuilder b = new StringBuilder("{");
    map.forEach((k, v) -> b.append(b.length() > 1 ? ", " : "").append(k).append(": ")
        .append(value.format(v)));
    return b.append('}').toString();
  }
}
