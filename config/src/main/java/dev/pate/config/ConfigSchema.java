package dev.pate.config;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The declared config keys, as one tree rooted at {@link RunConfig}. Each key is declared once,
 * next to the record component it fills, with its type, allowed range, default and meaning; this
 * class walks those declarations to list them ({@link #keys()}, {@link #sections()}) for docs and
 * {@code --help}, and to look up key paths for overrides.
 */
public final class ConfigSchema {

  static final Section<RunConfig> ROOT = RunConfig.SECTION;

  /** Checks that span sections; checks that need the data itself belong to the data loader. */
  static final List<CrossCheck> CROSS_CHECKS =
      List.of(
          new CrossCheck(
              "aggregator.queries", "dataset.query_pool", "queries are examples of the query pool"),
          new CrossCheck(
              "dataset.validation",
              "dataset.query_pool",
              "the validation split is carved from the query pool"),
          new CrossCheck(
              "aggregator.active_rounds",
              "aggregator.queries",
              "each round of active selection asks at least one query"),
          new CrossCheck(
              "teachers.count",
              "dataset.private_limit",
              "every teacher needs at least one private example"));

  /** Keys that a setting in another section makes required. */
  static final List<Requirement> REQUIREMENTS =
      List.of(
          new Requirement(
              "aggregator.noise",
              NoiseMode.AUTO.id(),
              "privacy.budget.epsilon",
              "the planner chooses the least noise that meets this budget, or every group's of"
                  + " privacy.groups.budgets",
              java.util.Optional.of("privacy.groups.budgets")));

  private static final List<ConfigKey> KEYS = collectKeys();

  private static final List<ConfigSection> SECTIONS = collectSections();

  /** Every path, keys and sections, for "did you mean" across sections. */
  private static final List<String> ALL_PATHS = collectPaths();

  static {
    List<String> keyPaths = keyPaths();
    for (CrossCheck check : CROSS_CHECKS) {
      if (!keyPaths.contains(check.key()) || !keyPaths.contains(check.limitKey())) {
        throw new IllegalStateException("cross check " + check + ": unknown key");
      }
    }
    for (Requirement requirement : REQUIREMENTS) {
      if (!keyPaths.contains(requirement.key()) || !keyPaths.contains(requirement.requiredKey())) {
        throw new IllegalStateException("requirement " + requirement + ": unknown key");
      }
    }
  }

  private ConfigSchema() {}

  /** Every key of a run config, in file order, with type, allowed values, default and meaning. */
  public static List<ConfigKey> keys() {
    return KEYS;
  }

  /** Every section (YAML block), in file order; the top level is not one. */
  public static List<ConfigSection> sections() {
    return SECTIONS;
  }

  static List<String> keyPaths() {
    return KEYS.stream().map(ConfigKey::path).toList();
  }

  /**
   * Why {@code path} is not the path of a key, or empty if it is.
   *
   * @return e.g. {@code "unknown key; did you mean teachers.count?"}
   */
  static Optional<String> problemWithKeyPath(String path) {
    Section<?> section = ROOT;
    String prefix = "";
    String[] parts = path.split("\\.", -1);
    for (int i = 0; i < parts.length; i++) {
      Optional<? extends Member<?>> member = section.member(parts[i]);
      if (member.isEmpty()) {
        Optional<String> whole = Suggestions.closest(path, keyPaths());
        return Optional.of(
            whole.isPresent()
                ? "unknown key; did you mean " + whole.get() + "?"
                : unknownKey(section, prefix, parts[i]));
      }
      String walked = prefix + parts[i];
      if (member.get() instanceof Key<?, ?>) {
        return i == parts.length - 1
            ? Optional.empty()
            : Optional.of(walked + " is a key, not a section");
      }
      section = ((Child<?, ?>) member.get()).section();
      prefix = walked + ".";
    }
    String sectionPath = prefix;
    return Optional.of(
        "a section, not a key; set one of its keys: "
            + section.memberNames().stream()
                .map(name -> sectionPath + name)
                .collect(Collectors.joining(", ")));
  }

  /**
   * What to say about key {@code name} that {@code section} (at {@code prefix}, e.g. {@code
   * "teachers."}) does not have: a close sibling, the same name in another section, or the list of
   * keys allowed here.
   */
  static String unknownKey(Section<?> section, String prefix, String name) {
    Optional<String> sibling = Suggestions.closest(name, section.memberNames());
    if (sibling.isPresent()) {
      return "unknown key; did you mean " + prefix + sibling.get() + "?";
    }
    List<String> elsewhere =
        ALL_PATHS.stream().filter(p -> p.equals(name) || p.endsWith("." + name)).toList();
    if (!elsewhere.isEmpty()) {
      return "unknown key here; did you mean " + String.join(" or ", elsewhere) + "?";
    }
    String where =
        prefix.isEmpty() ? "at the top level" : "in " + prefix.substring(0, prefix.length() - 1);
    return "unknown key; allowed " + where + ": " + String.join(", ", section.memberNames());
  }

  private static List<ConfigKey> collectKeys() {
    List<ConfigKey> keys = new ArrayList<>();
    collectKeys(ROOT, "", "", keys);
    return List.copyOf(keys);
  }

  /**
   * @param sectionUsedWhen when the section itself is used (a conditional section, or inside
   *     one), e.g. {@code "dataset.name is csv"}; empty when always
   */
  private static <R> void collectKeys(
      Section<R> section, String prefix, String sectionUsedWhen, List<ConfigKey> keys) {
    for (Member<R> member : section.members()) {
      if (member instanceof Key<R, ?> key) {
        keys.add(describe(section, prefix, sectionUsedWhen, key));
      } else if (member instanceof Child<R, ?> child) {
        String usedWhen =
            both(sectionUsedWhen, child.condition().map(c -> c.describe(prefix)).orElse(""));
        collectKeys(child.section(), prefix + child.name() + ".", usedWhen, keys);
      }
    }
  }

  private static <R, T> ConfigKey describe(
      Section<R> section, String prefix, String sectionUsedWhen, Key<R, T> key) {
    T defaultValue = section.defaultOf(key);
    String defaultText =
        key.defaultNote().orElse(defaultValue == null ? "null" : key.type().format(defaultValue));
    return new ConfigKey(
        prefix + key.name(),
        key.type().typeName(),
        key.type().allowed(),
        defaultText,
        both(sectionUsedWhen, key.describeUse(prefix)),
        key.meaning());
  }

  private static String both(String condition, String other) {
    return condition.isEmpty() || other.isEmpty() ? condition + other : condition + " and " + other;
  }

  private static List<ConfigSection> collectSections() {
    List<ConfigSection> sections = new ArrayList<>();
    collectSections(ROOT, "", sections);
    return List.copyOf(sections);
  }

  private static void collectSections(
      Section<?> section, String prefix, List<ConfigSection> sections) {
    for (Member<?> member : section.members()) {
      if (member instanceof Child<?, ?> child) {
        String path = prefix + child.name();
        sections.add(new ConfigSection(path, child.section().meaning()));
        collectSections(child.section(), path + ".", sections);
      }
    }
  }

  private static List<String> collectPaths() {
    List<String> paths = new ArrayList<>();
    collectPaths(ROOT, "", paths);
    return List.copyOf(paths);
  }

  private static void collectPaths(Section<?> section, String prefix, List<String> paths) {
    for (Member<?> member : section.members()) {
      paths.add(prefix + member.name());
      if (member instanceof Child<?, ?> child) {
        collectPaths(child.section(), prefix + child.name() + ".", paths);
      }
    }
  }
}
