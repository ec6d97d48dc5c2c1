package dev.pate.pipeline.labelling;

import dev.pate.aggregator.accounting.Budget;
import dev.pate.aggregator.accounting.PrivacyAccountant;
import dev.pate.aggregator.groups.GroupAccountant;
import dev.pate.aggregator.groups.GroupBudget;
import dev.pate.aggregator.groups.GroupPlanner;
import dev.pate.aggregator.groups.PrivacyGroup;
import dev.pate.aggregator.mechanism.Mechanism;
import dev.pate.config.RunConfig;
import dev.pate.datasets.Dataset;
import dev.pate.datasets.groups.GroupPartitioning;
import dev.pate.datasets.groups.GroupSettings;
import dev.pate.datasets.groups.GroupSpec;
import dev.pate.datasets.split.GroupPartitions;
import dev.pate.datasets.split.PartitionLimits;
import dev.pate.datasets.split.Partitions;
import dev.pate.datasets.split.TeacherPartitions;
import dev.pate.ledger.GroupRunAccountant;
import dev.pate.ledger.RunAccountant;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * A run's privacy groups ({@code privacy.groups}) as its teachers and its accounting see them,
 * from the config alone: the typed settings, and each group with the budget its records are
 * charged against and its sensitivity multiplier. The multipliers are {@link
 * GroupPlanner#multipliers} of the budgets, capped by the method ({@link
 * GroupPartitioning#multiplierCap}), whether the noise is given or planned ({@link RunNoise} plans
 * with the same budgets and cap), so every stage that needs them computes the same ones. Uniform
 * gives every group the strictest group's budget (and so multiplier 1): plain PATE with the
 * strictest budget for every record.
 *
 * @param settings the groups as configured
 * @param groups the groups as charged, in the settings' order
 */
public record RunGroups(GroupSettings settings, List<PrivacyGroup> groups) {

  public RunGroups {
    Objects.requireNonNull(settings, "settings");
    groups = List.copyOf(groups);
  }

  /** The groups of {@code config}, empty for a run without. */
  public static Optional<RunGroups> of(RunConfig config) {
    Optional<GroupSettings> settings = config.privacy().groups()
        .settings(config.privacy().delta(), config.teachers().count());
    if (settings.isEmpty()) {
      return Optional.empty();
    }
    List<GroupBudget> budgets = budgets(config, settings.get());
    return Optional.of(new RunGroups(settings.get(), GroupPlanner.multipliers(budgets,
        settings.get().method().multiplierCap(config.teachers().count()))));
  }

  /**
   * The budgets the groups' records are charged against, at the run's orders and conversion:
   * each group's own, or under uniform the strictest group's for all.
   */
  static List<GroupBudget> budgets(RunConfig config, GroupSettings settings) {
    var p = config.privacy();
    List<GroupBudget> budgets = new ArrayList<>();
    for (GroupSpec g : settings.groups()) {
      budgets.add(new GroupBudget(g.name(), new Budget(g.epsilon(), g.delta(),
          Mechanisms.conversion(p), Mechanisms.orders(p))));
    }
    return settings.method() == GroupPartitioning.UNIFORM
        ? GroupPlanner.strictestForAll(budgets) : budgets;
  }

  /** Uniform, upsampling or weighting. */
  public GroupPartitioning method() {
    return settings.method();
  }

  /** The groups' names, in order: group {@code g} is element {@code g}. */
  public List<String> names() {
    return settings.names();
  }

  /** Each group's multiplier, by group index. */
  public int[] multipliers() {
    return groups.stream().mapToInt(PrivacyGroup::multiplier).toArray();
  }

  /** The largest multiplier a method allows with this many teachers, as the planner takes it. */
  static OptionalInt cap(GroupPartitioning method, int teachers) {
    int cap = method.multiplierCap(teachers);
    return cap == Integer.MAX_VALUE ? OptionalInt.empty() : OptionalInt.of(cap);
  }

  /**
   * The accountant a run with these groups labels through: a Renyi filter per group, charged
   * {@code s_g^2} times the base cost of every query of {@code mechanism}.
   */
  public RunAccountant accountant(Mechanism mechanism, int maxQueries) {
    return new GroupRunAccountant(mechanism, method().id(), groups, maxQueries);
  }

  /**
   * The teachers' partitions of {@code privateSet}: under upsampling each record of group g in
   * {@code s_g} teachers', under weighting each group's teachers from its records only, under
   * uniform the partitions of a run without groups (every multiplier is 1).
   *
   * @param groupOfIndex each example's group, by index in {@code privateSet}
   */
  public Partitions partitions(Dataset privateSet, int[] groupOfIndex, int teachers, long seed,
      PartitionLimits limits) {
    return switch (method()) {
      case UNIFORM -> TeacherPartitions.split(privateSet, teachers, seed, limits);
      case UPSAMPLING -> GroupPartitions.upsampled(privateSet, groupOfIndex, names(), teachers,
          multipliers(), seed, limits);
      case WEIGHTING -> GroupPartitions.perGroup(privateSet, groupOfIndex, names(),
          settings.teachersPerGroup(), seed, limits);
    };
  }

  /**
   * The accountant whose figures bound every record of the run: the group whose guarantee is the
   * largest. Every group's guarantee curve is a multiple of one curve (its multiplier squared
   * times the base worst case, times the queries asked or its filter's limit), so the largest at
   * one order is the largest at every order, and it bounds every record's.
   */
  public static PrivacyAccountant weakest(GroupAccountant groups) {
    PrivacyAccountant weakest = null;
    for (PrivacyGroup g : groups.groups()) {
      PrivacyAccountant a = groups.accountant(g.name());
      if (weakest == null || a.guaranteeRdp()[0] > weakest.guaranteeRdp()[0]) {
        weakest = a;
      }
    }
    return weakest;
  }

  /**
   * The largest worst case of any group, before any query: what a private data set's budget
   * reserves for the run (each group's is a multiple of one curve, so the largest at one order is
   * the largest at every order).
   */
  public static double[] worstCaseRdp(GroupAccountant groups) {
    double[] worst = null;
    for (PrivacyGroup g : groups.groups()) {
      double[] curve = groups.accountant(g.name()).worstCaseRdp();
      if (worst == null || curve[0] > worst[0]) {
        worst = curve;
      }
    }
    return worst;
  }

  /**
   * Under weighting, each teacher's vote weight: its group's multiplier; empty otherwise (every
   * vote counts once).
   */
  public Optional<int[]> teacherWeights(Partitions partitions) {
    if (method() != GroupPartitioning.WEIGHTING) {
      return Optional.empty();
    }
    GroupPartitions perGroup = (GroupPartitions) partitions;
    int[] multipliers = multipliers();
    int[] weights = new int[perGroup.count()];
    for (int t = 0; t < weights.length; t++) {
      weights[t] = multipliers[perGroup.groupOf(t).orElseThrow()];
    }
    return Optional.of(weights);
  }
}
