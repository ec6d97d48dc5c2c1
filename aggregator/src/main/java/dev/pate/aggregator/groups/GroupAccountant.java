package dev.pate.aggregator.groups;

import dev.pate.aggregator.accounting.NoiseKind;
import dev.pate.aggregator.accounting.PrivacyAccountant;
import dev.pate.aggregator.accounting.QueryCharge;
import dev.pate.aggregator.mechanism.Mechanism;
import dev.pate.files.DpPreconditions;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The accountant of a run with privacy groups: one {@link PrivacyAccountant} per group, each
 * charging the group's {@link ScaledSensitivityAccounting} and guarding the group's budget.
 * Mutable and not thread-safe: one per labelling run.
 *
 * <p>A query is admitted only if <b>every</b> group's accountant admits it ({@link #refusal()}
 * names each group that would overspend), and charging charges every group. Each group's filter
 * stays a Renyi filter: {@link PrivacyAccountant}'s argument needs every per-step cost to be a
 * multiple of one curve, and a group's costs are {@code s^2} times the base mechanism's, which
 * are multiples of one curve ({@code alpha / sigma^2}), so they are multiples of one curve too.
 * The refusal depends only on what was released (whether each query was answered), so stopping
 * when the tightest group is reached leaks nothing more to any group.
 *
 * <p>The smooth-sensitivity release of the data-dependent epsilon is not supported: see {@link
 * #releaseRefusal(List)}.
 */
public final class GroupAccountant {
  private final List<PrivacyGroup> groups;
  private final List<PrivacyAccountant> accountants;
  private final int maxQueries;

  /**
   * An accountant for at most {@code maxQueries} queries of {@code mechanism} (GNMax or
   * Confident-GNMax) with a filter per group at the group's budget.
   *
   * @param noise the noise the answers are drawn with (runs draw {@link NoiseKind#DISCRETE})
   * @throws IllegalArgumentException for LNMax, no groups, a group named twice, or {@code
   *     maxQueries < 0}
   */
  public GroupAccountant(Mechanism mechanism, List<PrivacyGroup> groups, NoiseKind noise,
      int maxQueries) {
    Objects.requireNonNull(mechanism, "mechanism");
    Objects.requireNonNull(noise, "noise");
    this.groups = List.copyOf(Objects.requireNonNull(groups, "groups"));
    PrivacyGroup.checkDistinct(this.groups, PrivacyGroup::name);
    DpPreconditions.checkAtLeast(maxQueries, 0, "maxQueries");
    this.maxQueries = maxQueries;
    List<PrivacyAccountant> built = new ArrayList<>();
    for (PrivacyGroup group : this.groups) {
      built.add(new PrivacyAccountant(ScaledSensitivityAccounting.of(mechanism,
          group.multiplier(), group.budget().orders(), noise), Optional.of(group.budget()),
          maxQueries));
    }
    this.accountants = List.copyOf(built);
  }

  /**
   * Why the smooth-sensitivity release of the data-dependent epsilon cannot run with these
   * groups, one line for the user: the reason it is not supported.
   */
  public static String releaseRefusal(List<PrivacyGroup> groups) {
    int largest = groups.stream().mapToInt(PrivacyGroup::multiplier).max().orElse(1);
    return "the smooth-sensitivity release of the data-dependent epsilon is not supported with"
        + " privacy groups: its sensitivity would have to bound how one group's data-dependent"
        + " cost moves when a record of any group changes, which moves up to max_h s_h = "
        + largest + " votes, and its charge to each group would follow from that; pate derives"
        + " neither";
  }

  /**
   * Why the next query must not be asked: the run asked every query it may ask, or the next
   * query's worst-case charge would take some group's spent total over its budget (each such
   * group named). Empty while neither holds.
   */
  public Optional<String> refusal() {
    if (queries() >= maxQueries) {
      return accountants.get(0).refusal(); // the same limit for every group
    }
    List<String> over = new ArrayList<>();
    for (int g = 0; g < groups.size(); g++) {
      PrivacyGroup group = groups.get(g);
      accountants.get(g).refusal().ifPresent(why -> over.add("group '" + group.name()
          + "' (multiplier " + group.multiplier() + ") " + why));
    }
    return over.isEmpty() ? Optional.empty() : Optional.of(String.join("; ", over));
  }

  /**
   * Charges one query, with its vote counts and whether it was answered, to every group. Every
   * group's charge is computed before any group's ledger changes, so a rejected query charges
   * nothing.
   */
  public void charge(double[] counts, boolean answered) {
    add(costOf(counts, answered));
  }

  /** What {@link #charge} would add to each group, in the order of {@link #groups()}. */
  public List<QueryCharge> costOf(double[] counts, boolean answered) {
    List<QueryCharge> charges = new ArrayList<>();
    for (PrivacyAccountant accountant : accountants) {
      charges.add(accountant.costOf(counts, answered));
    }
    return List.copyOf(charges);
  }

  /** Adds one query's charges, one per group in the order of {@link #groups()}. */
  public void add(List<QueryCharge> charges) {
    if (charges.size() != groups.size()) {
      throw new IllegalArgumentException("charges: " + charges.size() + " for " + groups.size()
          + " groups");
    }
    for (int g = 0; g < groups.size(); g++) { // check all before adding any
      accountants.get(g).checkAddable(charges.get(g));
    }
    for (int g = 0; g < groups.size(); g++) {
      accountants.get(g).add(charges.get(g));
    }
  }

  /** Each group's statement: its guarantee at its own delta and conversion, and its readings. */
  public List<GroupStatement> report() {
    List<GroupStatement> statements = new ArrayList<>();
    for (int g = 0; g < groups.size(); g++) {
      PrivacyGroup group = groups.get(g);
      statements.add(new GroupStatement(group, accountants.get(g).report(group.budget().delta(),
          group.budget().conversion())));
    }
    return List.copyOf(statements);
  }

  /** The groups, in the order given. */
  public List<PrivacyGroup> groups() {
    return groups;
  }

  /** The accountant of the group named {@code name}. */
  public PrivacyAccountant accountant(String name) {
    for (int g = 0; g < groups.size(); g++) {
      if (groups.get(g).name().equals(name)) {
        return accountants.get(g);
      }
    }
    throw new IllegalArgumentException("name: '" + name + "' is not one of the groups");
  }

  /** How many queries were charged (the same for every group). */
  public long queries() {
    return accountants.get(0).queries();
  }

  /** How many of them were answered. */
  public long answered() {
    return accountants.get(0).answered();
  }
}
