package dev.pate.config;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;
import org.yaml.snakeyaml.nodes.MappingNode;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.NodeTuple;
import org.yaml.snakeyaml.nodes.ScalarNode;
import org.yaml.snakeyaml.nodes.SequenceNode;

/**
 * Reads the {@code frontier} section of a study file: the epsilon targets to choose best settings
 * for, and the published results (anchors) to draw beside the study's points.
 *
 * <pre>
 * frontier:
 *   targets: [0.5, 1.0]
 *   anchors:
 *     - label: PATE 2018 Confident-GNMax
 *       accuracy: 0.985
 *       epsilon: 1.97
 *       kind: data-dependent
 *       source: Papernot et al. 2018, Table 2
 * </pre>
 *
 * <p>Every key is declared once ({@link Field}) with its type and meaning; values are checked by
 * the same value types as run config keys, and every problem (an unknown key with a "did you
 * mean", a missing one, a bad value) is reported with its line, together with the others.
 */
final class FrontierReader {

  static final String FRONTIER = "frontier";
  private static final String TARGETS = "targets";
  private static final String ANCHORS = "anchors";

  /** A key of the section and what it holds. */
  private record Field<T>(String name, ValueType<T> type, String meaning) {}

  private static final Field<List<Double>> TARGETS_FIELD = new Field<>(TARGETS,
      new ListType<>(NumberType.number().greaterThan(0), 1, 100),
      "published epsilons to choose the best setting for: for each, the setting of highest"
          + " validation accuracy whose published epsilon is at most the target is written as"
          + " best-eps-<target>.yaml in the study folder");

  private static final Field<String> LABEL = new Field<>("label",
      new TextType(Pattern.compile("[^\\n]{1,80}"), "1 to 80 characters on one line"),
      "how the plot and report.html name the anchor");
  private static final Field<Double> ACCURACY = new Field<>("accuracy",
      NumberType.number().between(0, 1, true), "its published accuracy");
  private static final Field<Double> EPSILON = new Field<>("epsilon",
      NumberType.number().greaterThan(0), "its published epsilon");
  private static final Field<AnchorKind> KIND = new Field<>("kind",
      new ChoiceType<>(AnchorKind.class),
      "what that epsilon is: guarantee (data-independent), data-dependent (not itself private),"
          + " released (a data-dependent epsilon published privately) or with-subsampling");
  private static final Field<String> SOURCE = new Field<>("source",
      new TextType(Pattern.compile("[^\\n]{1,200}"), "1 to 200 characters on one line"),
      "where it is published (paper, table), with its delta");

  private static final List<Field<?>> ANCHOR_FIELDS =
      List.of(LABEL, ACCURACY, EPSILON, KIND, SOURCE);

  private final Origin file;
  private final Problems problems;

  FrontierReader(Origin file, Problems problems) {
    this.file = file;
    this.problems = problems;
  }

  /** The section's keys, for the configuration reference. */
  static List<ConfigKey> keys() {
    List<ConfigKey> keys = new ArrayList<>();
    keys.add(key(FRONTIER + "." + TARGETS, TARGETS_FIELD, "[]"));
    keys.add(new ConfigKey(FRONTIER + "." + ANCHORS, "list of mappings",
        "each with every key below", "[]", "",
        "published results drawn as labelled points on the frontier plot (student accuracy"
            + " against published epsilon) and listed in report.html"));
    ANCHOR_FIELDS.forEach(f -> keys.add(key(FRONTIER + "." + ANCHORS + "[]." + f.name(), f,
        "required")));
    return keys;
  }

  private static <T> ConfigKey key(String path, Field<T> field, String defaultValue) {
    return new ConfigKey(path, field.type().typeName(), field.type().allowed(), defaultValue, "",
        field.meaning());
  }

  /** @param section the section's node; null when the file has none */
  Frontier read(Node section) {
    if (section == null || Yamls.isNull(section)) {
      return Frontier.NONE;
    }
    Site site = new Site(FRONTIER, file.at(section), problems);
    Map<String, Node> entries = entries(section, site, List.of(TARGETS, ANCHORS));
    List<Double> targets = List.of();
    if (entries.containsKey(TARGETS)) {
      Node node = entries.get(TARGETS);
      List<Double> parsed = TARGETS_FIELD.type().parse(node, site.entry(TARGETS, node));
      targets = parsed == null ? List.of() : parsed;
    }
    List<Anchor> anchors = new ArrayList<>();
    Node anchorsNode = entries.get(ANCHORS);
    if (anchorsNode != null && !Yamls.isNull(anchorsNode)) {
      Site anchorsSite = site.entry(ANCHORS, anchorsNode);
      if (anchorsNode instanceof SequenceNode list) {
        for (int i = 0; i < list.getValue().size(); i++) {
          Node element = list.getValue().get(i);
          anchor(element, anchorsSite.element(i, element)).ifPresent(anchors::add);
        }
      } else {
        anchorsSite.report(Yamls.render(anchorsNode) + " is not a list of anchors (each a"
            + " mapping of label, accuracy, epsilon, kind and source)");
      }
    }
    return new Frontier(targets, anchors);
  }

  private Optional<Anchor> anchor(Node node, Site site) {
    List<String> names = ANCHOR_FIELDS.stream().map(Field::name).toList();
    if (!(node instanceof MappingNode)) {
      site.report(Yamls.render(node) + " is not a mapping of " + String.join(", ", names));
      return Optional.empty();
    }
    Map<String, Node> entries = entries(node, site, names);
    List<String> missing = names.stream().filter(n -> !entries.containsKey(n)).toList();
    if (!missing.isEmpty()) {
      site.report("missing " + String.join(", ", missing) + "; an anchor has "
          + String.join(", ", names));
    }
    String label = value(LABEL, entries, site);
    Double accuracy = value(ACCURACY, entries, site);
    Double epsilon = value(EPSILON, entries, site);
    AnchorKind kind = value(KIND, entries, site);
    String source = value(SOURCE, entries, site);
    if (label == null || accuracy == null || epsilon == null || kind == null || source == null) {
      return Optional.empty();
    }
    return Optional.of(new Anchor(label, accuracy, epsilon, kind, source));
  }

  private static <T> T value(Field<T> field, Map<String, Node> entries, Site site) {
    Node node = entries.get(field.name());
    if (node == null) {
      return null;
    }
    Site at = site.entry(field.name(), node);
    if (Yamls.isNull(node)) {
      at.report("null; expected " + field.type().describe());
      return null;
    }
    return field.type().parse(node, at);
  }

  /** The mapping's entries by key; unknown and duplicate keys are reported and left out. */
  private Map<String, Node> entries(Node node, Site site, List<String> allowed) {
    Map<String, Node> entries = new HashMap<>();
    if (!(node instanceof MappingNode mapping)) {
      site.report(Yamls.render(node) + " is not a mapping of " + String.join(", ", allowed));
      return entries;
    }
    Map<String, Integer> lines = new HashMap<>();
    for (NodeTuple tuple : mapping.getValue()) {
      Origin at = file.at(tuple.getKeyNode());
      String name = tuple.getKeyNode() instanceof ScalarNode key ? key.getValue()
          : Yamls.render(tuple.getKeyNode());
      String path = site.path() + "." + name;
      if (!allowed.contains(name)) {
        problems.add(at, path, Suggestions.closest(name, allowed)
            .map(s -> "unknown key; did you mean " + site.path() + "." + s + "?")
            .orElse("unknown key; allowed in " + site.path() + ": " + String.join(", ", allowed)));
      } else if (lines.containsKey(name)) {
        problems.add(at, path, "duplicate key (first at line " + lines.get(name) + ")");
      } else {
        lines.put(name, at.line());
        entries.put(name, tuple.getValueNode());
      }
    }
    return entries;
  }
}
