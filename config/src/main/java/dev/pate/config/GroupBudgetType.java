package dev.pate.config;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.OptionalDouble;
import org.yaml.snakeyaml.nodes.MappingNode;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.NodeTuple;
import org.yaml.snakeyaml.nodes.ScalarNode;

/**
 * One privacy group's budget, written {@code {epsilon: 1.0}} or {@code {epsilon: 1.0, delta:
 * 1.0e-6}}: epsilon > 0 required, delta in (0, 1) optional (default {@code privacy.delta}).
 */
final class GroupBudgetType implements ValueType<GroupsConfig.GroupBudget> {
  private static final NumberType<Double> EPSILON = NumberType.number().greaterThan(0);
  private static final NumberType<Double> DELTA = NumberType.number().strictlyBetween(0, 1);

  @Override
  public String typeName() {
    return "{epsilon, delta}";
  }

  @Override
  public String allowed() {
    return "epsilon > 0 (required), delta in (0, 1) (default privacy.delta)";
  }

  @Override
  public String describe() {
    return "a budget {epsilon: <number > 0>} or {epsilon: <number > 0>, delta: <number in"
        + " (0, 1)>}";
  }

  @Override
  public GroupsConfig.GroupBudget parse(Node node, Site site) {
    if (!(node instanceof MappingNode mapping)) {
      site.report(Yamls.render(node) + " is not " + describe());
      return null;
    }
    Double epsilon = null;
    Double delta = null;
    boolean valid = true;
    for (NodeTuple entry : mapping.getValue()) {
      String key = entry.getKeyNode() instanceof ScalarNode s ? s.getValue() : "";
      Site at = site.entry(key, entry.getValueNode());
      if (key.equals("epsilon") && epsilon == null) {
        epsilon = EPSILON.parse(entry.getValueNode(), at);
        valid &= epsilon != null;
      } else if (key.equals("delta") && delta == null) {
        delta = DELTA.parse(entry.getValueNode(), at);
        valid &= delta != null;
      } else {
        at.report(key.equals("epsilon") || key.equals("delta") ? "given twice"
            : "unknown key; allowed: epsilon, delta");
        valid = false;
      }
    }
    if (epsilon == null && valid) {
      site.entry("epsilon", node).report("missing; expected a number > 0 (the group's budget)");
      return null;
    }
    return valid ? new GroupsConfig.GroupBudget(epsilon,
        delta == null ? OptionalDouble.empty() : OptionalDouble.of(delta)) : null;
  }

  @Override
  public Object toYaml(GroupsConfig.GroupBudget budget) {
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("epsilon", budget.epsilon());
    budget.delta().ifPresent(d -> out.put("delta", d));
    return out;
  }
}
