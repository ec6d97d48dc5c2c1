package dev.pate.config;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.yaml.snakeyaml.error.YAMLException;
import org.yaml.snakeyaml.nodes.MappingNode;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.NodeTuple;
import org.yaml.snakeyaml.nodes.ScalarNode;
import org.yaml.snakeyaml.nodes.SequenceNode;

/**
 * Reads the {@code sweep} section of a study file, after applying {@code sweep.X=value} overrides
 * to it: the swept key paths with their lists of values, and the repeats ({@code seeds} or {@code
 * repeats}). Reports what is wrong with the section itself; the values are checked later, as the
 * values of the points' configs.
 */
final class SweepReader {

  static final String SEEDS = "seeds";
  static final String REPEATS = "repeats";

  /** A swept key path and its values, each with where it was given. */
  record Axis(String key, Origin origin, List<Given> values) {}

  /**
   * What the section asks for.
   *
   * @param grid the swept keys in file order (then those only given as overrides)
   * @param seeds explicit repeat seeds; empty if none
   * @param repeats how many repeats with consecutive seeds; 0 if none
   * @param repeatsOrigin where the seeds or repeats were given
   */
  record Spec(List<Axis> grid, List<Long> seeds, int repeats, Origin repeatsOrigin) {}

  private static final ListType<Long> SEEDS_TYPE =
      new ListType<>(NumberType.longInteger().atLeast(1), 1, Integer.MAX_VALUE);
  private static final NumberType<Integer> REPEATS_TYPE = NumberType.integer().atLeast(1);

  private final Origin file;
  private final Problems problems;

  SweepReader(Origin file, Problems problems) {
    this.file = file;
    this.problems = problems;
  }

  /**
   * @param sweep the section's node; null when the file has none
   * @param overrides {@code sweep.X=value} overrides, applied in order after the file
   */
  Spec read(Node sweep, List<String> overrides) {
    Map<String, Given> entries = entries(sweep);
    applyOverrides(overrides, entries);
    List<Axis> grid = new ArrayList<>();
    List<Long> seeds = List.of();
    int repeats = 0;
    Origin repeatsOrigin = file;
    for (Map.Entry<String, Given> entry : entries.entrySet()) {
      String name = entry.getKey();
      Given given = entry.getValue();
      if (Yamls.isNull(given.node())) {
        continue; // "sweep.x=null" removes an axis the file sweeps
      }
      Site site = new Site(StudyLoader.SWEEP + "." + name, given.origin(), problems);
      switch (name) {
        case SEEDS -> {
          List<Long> parsed = SEEDS_TYPE.parse(given.node(), site);
          if (parsed != null && distinct(parsed.stream().map(String::valueOf).toList(), site)) {
            seeds = parsed;
            repeatsOrigin = given.origin();
          }
        }
        case REPEATS -> {
          Integer parsed = REPEATS_TYPE.parse(given.node(), site);
          if (parsed != null) {
            repeats = parsed;
            repeatsOrigin = given.origin();
          }
        }
        default -> axis(name, given, site).ifPresent(grid::add);
      }
    }
    if (!seeds.isEmpty() && repeats > 0) {
      problems.add(
          repeatsOrigin,
          StudyLoader.SWEEP + "." + REPEATS,
          "not together with sweep.seeds; give the seeds or how many repeats, not both");
    }
    return new Spec(grid, seeds, repeats, repeatsOrigin);
  }

  private Map<String, Given> entries(Node sweep) {
    Map<String, Given> entries = new LinkedHashMap<>();
    if (Yamls.isNull(sweep)) {
      return entries;
    }
    if (!(sweep instanceof MappingNode mapping)) {
      problems.add(
          file.at(sweep),
          StudyLoader.SWEEP,
          Yamls.render(sweep)
              + " is not a mapping; sweep holds key paths with lists of values (aggregator.gamma:"
              + " [0.05, 0.1]), seeds or repeats");
      return entries;
    }
    for (NodeTuple tuple : mapping.getValue()) {
      Origin at = file.at(tuple.getKeyNode());
      if (!(tuple.getKeyNode() instanceof ScalarNode key)) {
        problems.add(at, StudyLoader.SWEEP, Yamls.render(tuple.getKeyNode()) + " is not a key path");
        continue;
      }
      if (entries.containsKey(key.getValue())) {
        problems.add(
            at,
            StudyLoader.SWEEP + "." + key.getValue(),
            "duplicate key (first at line " + entries.get(key.getValue()).origin().line() + ")");
        continue;
      }
      entries.put(key.getValue(), new Given(tuple.getValueNode(), at));
    }
    return entries;
  }

  private void applyOverrides(List<String> overrides, Map<String, Given> entries) {
    Origin origin = Origin.override();
    Set<String> seen = new HashSet<>();
    for (String override : overrides) {
      int equals = override.indexOf('=');
      // "sweep.seeds:" has no '=': no name either (it once cut the text at a negative length).
      String name = equals < 0 ? ""
          : override.substring(StudyLoader.SWEEP.length() + 1, equals).strip();
      String path = StudyLoader.SWEEP + "." + name;
      if (equals < 0 || name.isEmpty()) {
        problems.add(
            origin,
            "",
            Yamls.quote(override) + " is not key=value, e.g. sweep.aggregator.gamma=[0.05, 0.1]");
        continue;
      }
      if (!seen.add(name)) {
        problems.add(origin, path, "overridden twice");
        continue;
      }
      String valueText = override.substring(equals + 1);
      try {
        entries.put(name, new Given(Yamls.compose(valueText), origin));
      } catch (YAMLException e) {
        problems.add(
            origin, path, Yamls.quote(valueText) + " is not a YAML value: " + Yamls.describe(e));
      }
    }
  }

  private Optional<Axis> axis(String key, Given given, Site site) {
    Optional<String> notSwept = whyNotSweepable(key);
    if (notSwept.isPresent()) {
      site.report(notSwept.get());
      return Optional.empty();
    }
    Node node = given.node();
    if (!(node instanceof SequenceNode sequence)) {
      String value = Yamls.render(node);
      site.report(
          value
              + " is not a list of values; write ["
              + value
              + "] for one value or [a, b, ...] for several");
      return Optional.empty();
    }
    if (sequence.getValue().isEmpty()) {
      site.report("[] has no values; give at least one");
      return Optional.empty();
    }
    List<Given> values = new ArrayList<>();
    for (Node value : sequence.getValue()) {
      values.add(new Given(value, given.origin().at(value)));
    }
    if (!distinct(sequence.getValue().stream().map(Yamls::render).toList(), site)) {
      return Optional.empty();
    }
    return Optional.of(new Axis(key, given.origin(), values));
  }

  /** Why {@code key} cannot be swept, if it cannot. */
  private static Optional<String> whyNotSweepable(String key) {
    if (key.equals("seed")) {
      return Optional.of(
          "repeat over seeds with sweep.seeds: [1, 2, 3] or sweep.repeats: 3 (results then average"
              + " over them)");
    }
    if (key.equals(RunConfig.NAME.name()) || key.startsWith("output.")) {
      return Optional.of(
          "cannot be swept: every point of a study shares its name and output folder");
    }
    Optional<String> reserved = Suggestions.closest(key, List.of(SEEDS, REPEATS));
    if (reserved.isPresent()) {
      return Optional.of("unknown sweep option; did you mean sweep." + reserved.get() + "?");
    }
    return ConfigSchema.problemWithKeyPath(key);
  }

  private static boolean distinct(List<String> rendered, Site site) {
    Set<String> seen = new HashSet<>();
    for (String value : rendered) {
      if (!seen.add(value)) {
        site.report(value + " is listed twice");
        return false;
      }
    }
    return true;
  }
}
