package dev.pate.config;

import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import org.yaml.snakeyaml.nodes.MappingNode;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.NodeTuple;
import org.yaml.snakeyaml.nodes.ScalarNode;
import org.yaml.snakeyaml.nodes.Tag;

/**
 * Walks a YAML node tree along the schema and collects the value node of every key by its dotted
 * path. Reports structural problems: unknown and duplicate keys, a section that is not a mapping.
 */
final class TreeReader {

  private final Origin file;
  private final Map<String, Given> given;
  private final Problems problems;

  /**
   * @param file the origin of the file being read (for line numbers)
   * @param given receives the values found, by key path
   * @param problems receives the problems found
   */
  TreeReader(Origin file, Map<String, Given> given, Problems problems) {
    this.file = file;
    this.given = given;
    this.problems = problems;
  }

  /** Reads {@code node} as the contents of {@code section}, whose keys start with prefix. */
  void read(Section<?> section, String prefix, Node node) {
    if (Yamls.isNull(node)) {
      return; // an empty file, or "teachers:" with nothing under it: all defaults
    }
    if (!(node instanceof MappingNode mapping)) {
      String what = prefix.isEmpty() ? "the file" : prefix.substring(0, prefix.length() - 1);
      problems.add(
          file.at(node),
          prefix.isEmpty() ? "" : what,
          Yamls.render(node)
              + " is not a mapping; "
              + what
              + " holds keys "
              + String.join(", ", section.memberNames()));
      return;
    }
    Map<String, Integer> firstLines = new HashMap<>();
    for (NodeTuple entry : mapping.getValue()) {
      Node keyNode = entry.getKeyNode();
      Origin at = file.at(keyNode);
      if (Tag.MERGE.equals(keyNode.getTag())) {
        problems.add(at, prefix + "<<", "merge keys are not supported; write the keys out");
        continue;
      }
      if (!(keyNode instanceof ScalarNode scalarKey)) {
        problems.add(at, prefix + Yamls.render(keyNode), "is not a key name");
        continue;
      }
      String name = scalarKey.getValue();
      String path = prefix + name;
      Integer firstLine = firstLines.putIfAbsent(name, at.line());
      if (firstLine != null) {
        problems.add(at, path, "duplicate key (first at line " + firstLine + ")");
        continue;
      }
      Optional<? extends Member<?>> member = section.member(name);
      if (member.isEmpty()) {
        problems.add(at, path, ConfigSchema.unknownKey(section, prefix, name));
      } else if (member.get() instanceof Child<?, ?> child) {
        read(child.section(), path + ".", entry.getValueNode());
      } else {
        given.put(path, new Given(entry.getValueNode(), at));
      }
    }
  }
}
