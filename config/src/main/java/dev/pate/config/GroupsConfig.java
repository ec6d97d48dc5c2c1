package dev.pate.config;

import static java.util.Objects.requireNonNull;

import dev.pate.datasets.groups.GroupPartitioning;
import dev.pate.datasets.groups.GroupSettings;
import dev.pate.datasets.groups.GroupSource;
import dev.pate.datasets.groups.GroupSpec;
import dev.pate.files.DpPreconditions;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;

/**
 * Privacy groups, individualized PATE (YAML block {@code privacy.groups}): each private record
 * belongs to one group, and each group has its own budget. Absent ({@code method: null}, the
 * default): one budget for every record. The checks across sections are {@link GroupChecks}'.
 *
 * @param method uniform, upsampling or weighting; empty: no groups
 * @param source where each record's group is read from
 * @param budgets each group's budget, by name, in the order written (a group's index in a {@code
 *     .npy} group file is its place here)
 * @param teachers weighting: each group's teachers, by name
 */
public record GroupsConfig(Optional<GroupPartitioning> method, GroupSourceConfig source,
    Optional<Map<String, GroupBudget>> budgets, Optional<Map<String, Integer>> teachers) {

  /**
   * One group's budget as written.
   *
   * @param epsilon the group's epsilon, > 0
   * @param delta its delta; empty: {@code privacy.delta}
   */
  public record GroupBudget(double epsilon, OptionalDouble delta) {
    public GroupBudget {
      DpPreconditions.checkPositive(epsilon, "epsilon");
      requireNonNull(delta, "delta");
      delta.ifPresent(d -> DpPreconditions.checkDelta(d, "delta"));
    }
  }

  static final Key<GroupsConfig, GroupPartitioning> METHOD =
      Key.nullable(
          "method",
          new ChoiceType<>(GroupPartitioning.class),
          "individualized PATE (Boenisch et al. 2023): upsampling (a record of group g is in c_g"
              + " teachers' partitions), weighting (teachers per group, a teacher of group g"
              + " votes with weight w_g), or uniform (every record multiplier 1 and the strictest"
              + " group's budget: plain PATE, for comparison); c_g and w_g are planned from the"
              + " budgets. When null: no groups, one budget for every record",
          GroupsConfig::method);

  static final Child<GroupsConfig, GroupSourceConfig> SOURCE =
      new Child<>(GroupSourceConfig.SECTION, GroupsConfig::source);

  static final Key<GroupsConfig, Map<String, GroupBudget>> BUDGETS =
      Key.nullable(
          "budgets",
          new MapType<>("group", new GroupBudgetType()),
          "the groups and their budgets, e.g. {strict: {epsilon: 1.0}, open: {epsilon: 3.0}}: at"
              + " least two; each group's guarantee is stated and filtered on its own; required"
              + " with method",
          GroupsConfig::budgets);

  static final Key<GroupsConfig, Map<String, Integer>> TEACHERS =
      Key.nullable(
          "teachers",
          new MapType<>("group", NumberType.integer().atLeast(1)),
          "weighting only: the teachers of each group, e.g. {strict: 100, open: 50}, summing to"
              + " teachers.count; public, never derived from the group sizes (which are private)."
              + " With source.draw it may be left out: then the stated shares of teachers.count"
              + " (largest remainders)",
          GroupsConfig::teachers);

  static final Section<GroupsConfig> SECTION =
      Section.of(
          "groups",
          "privacy groups (individualized PATE): each private record belongs to one, each group"
              + " has its own budget, guarantee and filter. Only with aggregator.mechanism gnmax"
              + " or confident-gnmax, privacy.release none and without privacy.budget (the"
              + " groups' budgets are the budgets); a group of no record, a record of no group or"
              + " of an undeclared one is an error before any teacher trains",
          List.of(METHOD, SOURCE, BUDGETS, TEACHERS),
          v -> new GroupsConfig(v.find(METHOD), v.get(SOURCE), v.find(BUDGETS), v.find(TEACHERS)));

  public GroupsConfig {
    requireNonNull(method, "method");
    requireNonNull(source, "source");
    budgets = requireNonNull(budgets, "budgets").map(GroupsConfig::ordered);
    teachers = requireNonNull(teachers, "teachers").map(GroupsConfig::ordered);
  }

  /** No groups. */
  public static GroupsConfig none() {
    return new GroupsConfig(Optional.empty(), GroupSourceConfig.none(), Optional.empty(),
        Optional.empty());
  }

  /**
   * The typed settings of the groups, for the pipeline and the Java API; empty without groups.
   * The config was checked by {@link ConfigLoader} ({@link GroupChecks}), so the settings are
   * valid.
   *
   * @param privacyDelta {@code privacy.delta}, the delta of a group that gives none
   * @param teacherCount {@code teachers.count}: weighting with the draw source and no teacher
   *     counts deals it out in the stated shares
   */
  public Optional<GroupSettings> settings(double privacyDelta, int teacherCount) {
    if (method.isEmpty()) {
      return Optional.empty();
    }
    Optional<Map<String, Integer>> perGroup = teachers;
    if (perGroup.isEmpty() && method.get() == GroupPartitioning.WEIGHTING
        && source.draw().isPresent()) {
      perGroup = Optional.of(sharesOf(source.draw().get(), budgets.orElseThrow().keySet(),
          teacherCount));
    }
    Optional<Map<String, Integer>> counts = perGroup;
    List<GroupSpec> groups = new ArrayList<>();
    budgets.orElseThrow().forEach((name, budget) -> groups.add(new GroupSpec(name,
        budget.epsilon(), budget.delta().orElse(privacyDelta),
        counts.map(t -> OptionalInt.of(t.get(name))).orElse(OptionalInt.empty()))));
    GroupSource groupSource = source.column().<GroupSource>map(GroupSource.Column::new)
        .or(() -> source.file().map(GroupSource.RecordFile::new))
        .or(() -> source.folders().map(GroupSource.Folders::new))
        .or(() -> source.draw().map(GroupSource.Draw::new))
        .orElseThrow();
    return Optional.of(new GroupSettings(method.get(), groupSource, groups));
  }

  /**
   * {@code total} teachers dealt out in {@code shares} (public config, never the group sizes): the
   * floor of each share, then one more to the largest remainders (ties: the order of {@code
   * names}), each group at least one.
   */
  static Map<String, Integer> sharesOf(Map<String, Double> shares, java.util.Set<String> names,
      int total) {
    List<String> order = new ArrayList<>(names);
    Map<String, Integer> counts = new LinkedHashMap<>();
    int dealt = 0;
    for (String name : order) {
      int n = Math.max(1, (int) Math.floor(shares.get(name) * total));
      counts.put(name, n);
      dealt += n;
    }
    List<String> byRemainder = new ArrayList<>(order);
    byRemainder.sort(java.util.Comparator.comparingDouble((String name) -> -(shares.get(name)
        * total - Math.floor(shares.get(name) * total))));
    for (int i = 0; dealt < total; i = (i + 1) % byRemainder.size()) {
      counts.merge(byRemainder.get(i), 1, Integer::sum);
      dealt++;
    }
    if (dealt > total) {
      throw new IllegalArgumentException("teachers.count: " + total + " teachers cannot give"
          + " each of the " + names.size() + " groups one");
    }
    return counts;
  }

  private static <V> Map<String, V> ordered(Map<String, V> map) {
    return Collections.unmodifiableMap(new LinkedHashMap<>(map));
  }
}
