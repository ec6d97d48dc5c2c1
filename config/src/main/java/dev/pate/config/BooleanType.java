package dev.pate.config;

import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.ScalarNode;

/**
 * {@code true} or {@code false}, exactly. YAML 1.1 also reads {@code yes}, {@code no}, {@code on}
 * and {@code off} as booleans; in a config file those are more likely a slip than an intention.
 */
final class BooleanType implements ValueType<Boolean> {

  @Override
  public String typeName() {
    return "boolean";
  }

  @Override
  public String allowed() {
    return "true, false";
  }

  @Override
  public String describe() {
    return "true or false";
  }

  @Override
  public Boolean parse(Node node, Site site) {
    if (node instanceof ScalarNode scalar) {
      switch (scalar.getValue()) {
        case "true":
          return true;
        case "false":
          return false;
        default:
          break;
      }
    }
    site.report(Yamls.render(node) + " is not " + describe());
    return null;
  }

  @Override
  public Object toYaml(Boolean value) {
    return value;
  }
}
