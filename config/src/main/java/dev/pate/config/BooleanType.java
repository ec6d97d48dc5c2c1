package dev.pate.config;

import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.ScalarNode;

/**
 * {@code true} or {@code false}, written exactly so. YAML 1.1 also reads {@code yes}, {@code no},
 * {@code on} and {@code off} as booleans; in a config file those are more likely a slip (a run
 * named {@code no}) than an intention, so they are refused with what to write instead.
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
          return Boolean.TRUE;
        case "false":
          return Boolean.FALSE;
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
