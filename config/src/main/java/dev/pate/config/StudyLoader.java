package dev.pate.config;

import static java.util.Objects.requireNonNull;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.yaml.snakeyaml.DumperOptions;
import org.yaml.snakeyaml.nodes.MappingNode;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.NodeTuple;
import org.yaml.snakeyaml.nodes.ScalarNode;
import org.yaml.snakeyaml.nodes.Tag;

/**
 * Loads a study: a run YAML file with a {@code sweep} section, expanded into a grid of points.
 *
 * <pre>
 * sweep:
 *   teachers.count: [10, 100, 250]       # any key path, with a list of values
 *   aggregator.gamma: [0.02, 0.05, 0.1]
 *   seeds: [1, 2, 3]                     # or repeats: 3; every grid point once per seed
 * </pre>
 *
 * <p>Each point is the file's config with one value of each swept key, loaded exactly like a run
 * config with overrides: every value is checked against its key, cross-section checks run per
 * point, and the point is an ordinary {@link RunConfig}. A bad value is reported once with the
 * line it is on, however many points share it, together with every other problem.
 *
 * <p>An optional {@code frontier} section ({@code FrontierReader}) names epsilon targets and
 * published results to compare the study's points with.
 *
 * <p>Overrides: {@code key=value} pins a key for every point (a swept key set so is not swept, as
 * in other experiment tools); {@code sweep.KEY=[a, b]} replaces or adds an axis, {@code
 * sweep.KEY=null} drops one, {@code sweep.seeds=[..]} and {@code sweep.repeats=N} set the repeats.
 */
public final class StudyLoader {

  static final String SWEEP = "sweep";

  /** More points than this is almost surely a mistake (and would take weeks). */
  static final int MAX_POINTS = 10_000;

  private StudyLoader() {}

  /**
   * Loads {@code yamlFile} (UTF-8) and applies {@code overrides}.
   *
   * @throws ConfigException listing every problem found
   */
  public static Study load(Path yamlFile, List<String> overrides) {
    requireNonNull(yamlFile, "yamlFile");
    return parse(ConfigLoader.readFile(yamlFile), Origin.file(yamlFile), overrides);
  }

  /**
   * Loads a study from YAML text; {@code sourceName} names it in messages. Like a run config, a
   * study must configure something and name itself (its folder is {@code <out>/<name>/}).
   *
   * @throws ConfigException listing every problem found
   */
  public static Study parse(String yaml, String sourceName, List<String> overrides) {
    requireNonNull(sourceName, "sourceName");
    return parse(yaml, Origin.file(sourceName), overrides);
  }

  private static Study parse(String yaml, Origin file, List<String> overrides) {
    requireNonNull(yaml, "yaml");
    requireNonNull(overrides, "overrides");
    String sourceName = file.where();
    Node root = ConfigLoader.composeContent(yaml, sourceName);
    Problems problems = new Problems();
    List<NodeTuple> sweeps = sweepEntries(root);
    for (NodeTuple duplicate : sweeps.subList(Math.min(1, sweeps.size()), sweeps.size())) {
      problems.add(file.at(duplicate.getKeyNode()), SWEEP, "duplicate key (a second sweep)");
    }
    Map<String, Given> given = new LinkedHashMap<>();
    new TreeReader(file, given, problems).read(ConfigSchema.ROOT, "", withoutStudySections(root));
    List<NodeTuple> frontiers = entries(root, FrontierReader.FRONTIER);
    for (NodeTuple duplicate : frontiers.subList(Math.min(1, frontiers.size()), frontiers.size())) {
      problems.add(file.at(duplicate.getKeyNode()), FrontierReader.FRONTIER,
          "duplicate key (a second frontier)");
    }
    Frontier frontier = new FrontierReader(file, problems)
        .read(frontiers.isEmpty() ? null : frontiers.get(0).getValueNode());
    List<String> sweepOverrides =
        overrides.stream().filter(o -> o.startsWith(SWEEP + ".")).toList();
    List<String> configOverrides =
        overrides.stream().filter(o -> !o.startsWith(SWEEP + ".")).toList();
    Set<String> pinned = Overrides.apply(configOverrides, given, problems);
    SweepReader.Spec spec =
        new SweepReader(file, problems)
            .read(sweeps.isEmpty() ? null : sweeps.get(0).getValueNode(), sweepOverrides);

    List<String> notes = new ArrayList<>();
    List<SweepReader.Axis> axes = new ArrayList<>();
    for (SweepReader.Axis axis : spec.grid()) {
      if (pinned.contains(axis.key())) {
        notes.add(axis.key() + ": set by an override, so not swept");
      } else {
        axes.add(axis);
      }
    }
    Optional<SweepReader.Axis> repeats = repeatsAxis(spec, given);
    if (repeats.isPresent() && pinned.contains(RunConfig.SEED.name())) {
      notes.add("seed: set by an override, so not repeated");
    } else {
      repeats.ifPresent(axes::add);
    }
    long size = axes.stream().mapToLong(a -> a.values().size()).reduce(1, Math::multiplyExact);
    if (size > MAX_POINTS) {
      problems.add(file, SWEEP, size + " points; at most " + MAX_POINTS + " are allowed");
      throw problems.exception(sourceName);
    }
    List<StudyPoint> points = expand(axes, given, file, problems, notes);
    checkEveryAxisIsUsed(axes, points, problems);
    problems.throwIfAny(sourceName);
    List<SweepAxis> sweepAxes = new ArrayList<>();
    for (SweepReader.Axis axis : axes) {
      Set<String> values = new LinkedHashSet<>();
      points.forEach(p -> values.add(p.coordinates().get(axis.key())));
      values.remove(UNUSED);
      sweepAxes.add(
          new SweepAxis(axis.key(), List.copyOf(values), axis.key().equals(RunConfig.SEED.name())));
    }
    return new Study(points.get(0).config().name(), sweepAxes, points, notes, frontier);
  }

  /** The coordinate of a swept key that a point does not use (gamma under gnmax). */
  static final String UNUSED = "-";

  /**
   * Every combination of the axes' values (the last axis varies fastest), each resolved into a
   * config; identical configs (a swept key unused at some points) are kept once.
   */
  private static List<StudyPoint> expand(
      List<SweepReader.Axis> axes,
      Map<String, Given> given,
      Origin file,
      Problems problems,
      List<String> notes) {
    List<StudyPoint> points = new ArrayList<>();
    Set<RunConfig> seen = new HashSet<>();
    int duplicates = 0;
    int[] position = new int[axes.size()];
    do {
      Map<String, Given> pointGiven = new LinkedHashMap<>(given);
      for (int a = 0; a < axes.size(); a++) {
        SweepReader.Axis axis = axes.get(a);
        pointGiven.put(axis.key(), axis.values().get(position[a]));
      }
      Problems pointProblems = new Problems();
      RunConfig config = ConfigLoader.resolve(pointGiven, file, pointProblems);
      problems.addAll(pointProblems);
      if (config == null || !pointProblems.isEmpty()) {
        continue;
      }
      if (!seen.add(config)) {
        duplicates++;
        continue;
      }
      Map<String, String> values = ConfigWriter.values(config);
      Map<String, String> coordinates = new LinkedHashMap<>();
      axes.forEach(a -> coordinates.put(a.key(), values.getOrDefault(a.key(), UNUSED)));
      points.add(new StudyPoint(points.size() + 1, coordinates, config));
    } while (advance(position, axes));
    if (duplicates > 0) {
      notes.add(
          duplicates
              + " grid point(s) repeat another point's config (a swept key is not used there) and"
              + " are run once");
    }
    return points;
  }

  /** Moves the odometer one step (last axis fastest); false after the last combination. */
  private static boolean advance(int[] position, List<SweepReader.Axis> axes) {
    for (int a = axes.size() - 1; a >= 0; a--) {
      if (++position[a] < axes.get(a).values().size()) {
        return true;
      }
      position[a] = 0;
    }
    return false;
  }

  /**
   * A key swept but used by no point (sigma while the mechanism is lnmax) changes nothing. In a
   * multi-label study a single-label aggregation key (one used under some aggregator.mechanism)
   * is named as such, with the multi-label keys that take its place.
   */
  private static void checkEveryAxisIsUsed(
      List<SweepReader.Axis> axes, List<StudyPoint> points, Problems problems) {
    if (points.isEmpty()) {
      return; // every point has problems of its own, already reported
    }
    boolean multiLabel = points.get(0).config().multiLabel().enabled();
    for (SweepReader.Axis axis : axes) {
      if (points.stream().allMatch(p -> p.coordinates().get(axis.key()).equals(UNUSED))) {
        String when =
            ConfigSchema.keys().stream()
                .filter(k -> k.path().equals(axis.key()))
                .map(ConfigKey::usedWhen)
                .findFirst()
                .orElse("");
        String message = multiLabel && when.contains("aggregator.mechanism")
            ? "a single-label key (used when " + when + "); this study is multi-label"
                + " (multi_label.mechanism), whose noise and parameters are multi_label.sigma,"
                + " multi_label.tau and multi_label.threshold"
            : "not used by any point (used when " + when + "); sweeping it changes nothing";
        problems.add(axis.origin(), SWEEP + "." + axis.key(), message);
      }
    }
  }

  /** The seed axis of {@code sweep.seeds}, or of {@code sweep.repeats} from the config's seed. */
  private static Optional<SweepReader.Axis> repeatsAxis(
      SweepReader.Spec spec, Map<String, Given> given) {
    List<Long> seeds = spec.seeds();
    if (seeds.isEmpty() && spec.repeats() > 0) {
      long first = baseSeed(given);
      seeds = new ArrayList<>();
      for (int r = 0; r < spec.repeats(); r++) {
        seeds.add(first + r);
      }
    }
    if (seeds.isEmpty()) {
      return Optional.empty();
    }
    Origin origin = spec.repeatsOrigin();
    List<Given> values =
        seeds.stream().map(s -> new Given(integerNode(s), origin)).toList();
    return Optional.of(new SweepReader.Axis(RunConfig.SEED.name(), origin, values));
  }

  /** The config's seed as given (a bad one is reported by the points), else its default. */
  private static long baseSeed(Map<String, Given> given) {
    Given seed = given.get(RunConfig.SEED.name());
    if (seed == null || Yamls.isNull(seed.node())) {
      return RunConfig.SEED.defaultValue();
    }
    Long parsed =
        RunConfig.SEED.type().parse(seed.node(), new Site("seed", seed.origin(), new Problems()));
    return parsed == null ? RunConfig.SEED.defaultValue() : parsed;
  }

  private static Node integerNode(long value) {
    return new ScalarNode(
        Tag.INT, Long.toString(value), null, null, DumperOptions.ScalarStyle.PLAIN);
  }

  /**
   * The keys of the sweep section, for the configuration reference: {@code sweep.<key path>} stands
   * for any config key.
   */
  public static List<ConfigKey> sweepKeys() {
    return List.of(
        new ConfigKey(
            SWEEP + ".<key path>",
            "list of values of that key",
            "non-empty, no value twice; each value as the key allows",
            "null",
            "",
            "sweeps the key (e.g. aggregator.gamma: [0.02, 0.05]); several swept keys make a grid"
                + " of every combination, the last one varying fastest. Not name, seed or"
                + " output.*"),
        new ConfigKey(
            SWEEP + "." + SweepReader.SEEDS,
            "list of integers",
            "non-empty, each >= 1",
            "null",
            "",
            "repeats: every grid point runs once per seed (in place of seed); results average"
                + " over the repeats"),
        new ConfigKey(
            SWEEP + "." + SweepReader.REPEATS,
            "integer",
            ">= 1",
            "null",
            "",
            "repeats with the seeds seed, seed+1, ...; not together with sweep.seeds"));
  }

  /** The {@code sweep} entries of a file's top-level mapping (normally none or one). */
  static List<NodeTuple> sweepEntries(Node root) {
    return entries(root, SWEEP);
  }

  /** The entries named {@code name} of a file's top-level mapping (normally none or one). */
  static List<NodeTuple> entries(Node root, String name) {
    if (!(root instanceof MappingNode mapping)) {
      return List.of();
    }
    return mapping.getValue().stream()
        .filter(t -> t.getKeyNode() instanceof ScalarNode key && key.getValue().equals(name))
        .toList();
  }

  /** The first {@code frontier} entry of a file's top-level mapping, if any. */
  static Optional<NodeTuple> frontierEntry(Node root) {
    return entries(root, FrontierReader.FRONTIER).stream().findFirst();
  }

  /** The first {@code sweep} entry of a file's top-level mapping, if any. */
  static Optional<NodeTuple> sweepEntry(Node root) {
    return sweepEntries(root).stream().findFirst();
  }

  /**
   * The file's tree without its study sections ({@code sweep}, {@code frontier}): the run config
   * every point starts from.
   */
  static Node withoutStudySections(Node root) {
    if (sweepEntries(root).isEmpty() && frontierEntry(root).isEmpty()) {
      return root;
    }
    MappingNode mapping = (MappingNode) root;
    List<NodeTuple> rest =
        new ArrayList<>(mapping.getValue().stream().filter(t -> !isStudySection(t)).toList());
    return new MappingNode(
        mapping.getTag(),
        true,
        rest,
        mapping.getStartMark(),
        mapping.getEndMark(),
        mapping.getFlowStyle());
  }

  private static boolean isStudySection(NodeTuple tuple) {
    return tuple.getKeyNode() instanceof ScalarNode key
        && (key.getValue().equals(SWEEP) || key.getValue().equals(FrontierReader.FRONTIER));
  }

  /** The keys of the frontier section, for the configuration reference. */
  public static List<ConfigKey> frontierKeys() {
    return FrontierReader.keys();
  }
}
