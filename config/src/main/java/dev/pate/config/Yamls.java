package dev.pate.config;

import java.io.StringReader;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.yaml.snakeyaml.DumperOptions;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;
import org.yaml.snakeyaml.error.Mark;
import org.yaml.snakeyaml.error.MarkedYAMLException;
import org.yaml.snakeyaml.error.YAMLException;
import org.yaml.snakeyaml.nodes.MappingNode;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.NodeTuple;
import org.yaml.snakeyaml.nodes.ScalarNode;
import org.yaml.snakeyaml.nodes.SequenceNode;
import org.yaml.snakeyaml.nodes.Tag;
import org.yaml.snakeyaml.representer.Representer;

/**
 * The only place that talks to SnakeYAML. Files are only <em>composed</em> into a node tree (never
 * constructed into Java objects), so no YAML tag can instantiate a class; global tags are refused
 * by SnakeYAML's default tag inspector anyway. The node tree keeps line numbers for messages.
 */
final class Yamls {

  /** Config files are small; anything bigger is a mistake (or an attack). */
  private static final int MAX_CODE_POINTS = 1_000_000;

  /** Anchors are allowed (to share a block), but not the "billion laughs" expansion. */
  private static final int MAX_COLLECTION_ALIASES = 20;

  private static final int MAX_NESTING_DEPTH = 20;

  private static final int MAX_RENDERED_LENGTH = 60;

  private Yamls() {}

  private static Yaml yaml() {
    LoaderOptions loading = new LoaderOptions();
    loading.setAllowDuplicateKeys(false); // also checked, with line numbers, by TreeReader
    loading.setMaxAliasesForCollections(MAX_COLLECTION_ALIASES);
    loading.setAllowRecursiveKeys(false);
    loading.setNestingDepthLimit(MAX_NESTING_DEPTH);
    loading.setCodePointLimit(MAX_CODE_POINTS);
    DumperOptions dumping = new DumperOptions();
    dumping.setDefaultFlowStyle(DumperOptions.FlowStyle.BLOCK);
    dumping.setIndent(2);
    dumping.setWidth(Integer.MAX_VALUE);
    return new Yaml(new SafeConstructor(loading), new Representer(dumping), dumping, loading);
  }

  /**
   * The node tree of a single YAML document, or null when the text holds no document (empty or only
   * comments).
   *
   * @throws YAMLException on a syntax error, several documents, or a limit exceeded
   */
  static Node compose(String text) {
    return yaml().compose(new StringReader(text));
  }

  /** Where a YAML error is: {@code "exp.yaml line 7, column 3"}, or just the source name. */
  static String location(String source, YAMLException error) {
    if (error instanceof MarkedYAMLException marked) {
      Mark mark =
          marked.getProblemMark() != null ? marked.getProblemMark() : marked.getContextMark();
      if (mark != null) {
        return source + " line " + (mark.getLine() + 1) + ", column " + (mark.getColumn() + 1);
      }
    }
    return source;
  }

  /** What a YAML error is, in one line and without SnakeYAML's code excerpt. */
  static String describe(YAMLException error) {
    String text = null;
    if (error instanceof MarkedYAMLException marked) {
      String context = marked.getContext();
      String problem = marked.getProblem();
      if (problem == null) {
        text = context;
      } else if (context == null || context.startsWith("while ")) {
        text = problem; // "while scanning a simple key" and the like add nothing for a user
      } else {
        text = context + ", " + problem; // "expected a single document..., but found another..."
      }
    }
    if (text == null) {
      text = error.getMessage() != null ? error.getMessage() : error.getClass().getSimpleName();
    }
    return text.lines().findFirst().orElse(text).strip();
  }

  static boolean isNull(Node node) {
    return node == null || (node instanceof ScalarNode && Tag.NULL.equals(node.getTag()));
  }

  /** A short rendering of a value for messages; strings are quoted, numbers are not. */
  static String render(Node node) {
    String text = renderFull(node);
    return text.length() <= MAX_RENDERED_LENGTH
        ? text
        : text.substring(0, MAX_RENDERED_LENGTH - 3) + "...";
  }

  private static String renderFull(Node node) {
    if (isNull(node)) {
      return "null";
    }
    if (node instanceof ScalarNode scalar) {
      return Tag.STR.equals(scalar.getTag()) ? quote(scalar.getValue()) : scalar.getValue();
    }
    if (node instanceof SequenceNode sequence) {
      return sequence.getValue().stream()
          .map(Yamls::renderFull)
          .collect(Collectors.joining(", ", "[", "]"));
    }
    if (node instanceof MappingNode mapping) {
      return mapping.getValue().stream()
          .map(Yamls::renderEntry)
          .collect(Collectors.joining(", ", "{", "}"));
    }
    return node.toString();
  }

  private static String renderEntry(NodeTuple tuple) {
    return renderFull(tuple.getKeyNode()) + ": " + renderFull(tuple.getValueNode());
  }

  /**
   * {@code text} as a YAML scalar that reads back as the same string: plain where that is safe
   * ({@code income}), quoted otherwise ({@code ','}, {@code '>50K'}, {@code ''}, {@code '1'}).
   */
  static String scalarText(String text) {
    return yaml().dump(text).strip();
  }

  static String quote(String text) {
    return "'" + text.replace("'", "''") + "'";
  }

  /**
   * YAML text for a tree of maps (kept in insertion order), lists and scalars: block style for
   * maps, flow style ({@code [16, 32]}) for lists.
   */
  static String dump(Map<String, Object> tree) {
    Yaml yaml = yaml();
    Node root = yaml.represent(freshCopy(tree));
    useFlowStyleForLists(root);
    StringWriter out = new StringWriter();
    yaml.serialize(root, out);
    return out.toString();
  }

  /**
   * The tree with every list and map a new object: SnakeYAML writes a collection it meets twice
   * (such as the shared empty {@code List.of()}) as an anchor and an alias, which is valid YAML but
   * unreadable in a config file.
   */
  private static Object freshCopy(Object value) {
    if (value instanceof Map<?, ?> map) {
      Map<Object, Object> copy = new LinkedHashMap<>();
      map.forEach((k, v) -> copy.put(k, freshCopy(v)));
      return copy;
    }
    if (value instanceof List<?> list) {
      return new ArrayList<>(list.stream().map(Yamls::freshCopy).toList());
    }
    return value;
  }

  private static void useFlowStyleForLists(Node node) {
    if (node instanceof SequenceNode sequence) {
      sequence.setFlowStyle(DumperOptions.FlowStyle.FLOW);
      sequence.getValue().forEach(Yamls::useFlowStyleForLists);
    } else if (node instanceof MappingNode mapping) {
      List<NodeTuple> entries = mapping.getValue();
      entries.forEach(entry -> useFlowStyleForLists(entry.getValueNode()));
    }
  }
}
