package dev.pate.pipeline.settings;

import static java.util.Objects.requireNonNull;

import dev.pate.aggregator.rdp.Conversion;
import dev.pate.aggregator.rdp.Orders;
import dev.pate.datasets.groups.GroupSettings;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * How a run's privacy is accounted and bounded (the YAML block {@code privacy}): the delta of its
 * (epsilon, delta) guarantee, the Renyi-DP orders and conversion, and the budget its answers may
 * spend. Checked at construction, with messages that name the parameter.
 *
 * @param delta delta of the reported guarantee, in (0, 1)
 * @param orders the Renyi-DP orders tracked; empty: the accountant's own list ({@link
 *     Orders#defaults()})
 * @param conversion how the Renyi-DP cost becomes (epsilon, delta)
 * @param budgetEpsilon the epsilon the run's answers may spend at most (queries beyond it are
 *     refused); empty: no budget, every query is answered
 * @param groups privacy groups, each with its own budget (individualized PATE, YAML block {@code
 *     privacy.groups}, see docs/groups.md); empty: one budget for every record. Not with {@code
 *     budgetEpsilon}: the groups' budgets are the budgets
 */
public record PrivacySettings(double delta, Optional<Orders> orders, Conversion conversion,
    OptionalDouble budgetEpsilon, Optional<GroupSettings> groups) {

  private static final PrivacySettings DEFAULTS = new PrivacySettings(1e-5, Optional.empty(),
      Conversion.IMPROVED, OptionalDouble.empty(), Optional.empty());

  /** Checks every value; see the parameters for what each may be. */
  public PrivacySettings {
    if (!(delta > 0 && delta < 1)) {
      throw new IllegalArgumentException("delta: " + delta + " is not in (0, 1)");
    }
    requireNonNull(orders, "orders");
    requireNonNull(conversion, "conversion");
    requireNonNull(budgetEpsilon, "budgetEpsilon");
    if (budgetEpsilon.isPresent()
        && (!(budgetEpsilon.getAsDouble() > 0) || Double.isInfinite(budgetEpsilon.getAsDouble()))) {
      throw new IllegalArgumentException("budgetEpsilon: " + budgetEpsilon.getAsDouble()
          + " is not a finite number > 0");
    }
    requireNonNull(groups, "groups");
    if (groups.isPresent() && budgetEpsilon.isPresent()) {
      throw new IllegalArgumentException("groups: with privacy groups each group's budget is its"
          + " own; give no budgetEpsilon");
    }
  }

  /** Delta 1e-5, the default orders, the improved conversion, no budget. */
  public static PrivacySettings defaults() {
    return DEFAULTS;
  }

  /** The same settings with delta {@code delta}. */
  public PrivacySettings withDelta(double delta) {
    return new PrivacySettings(delta, orders, conversion, budgetEpsilon, groups);
  }

  /** The same settings, tracking the cost at {@code orders}. */
  public PrivacySettings withOrders(Orders orders) {
    return new PrivacySettings(delta, Optional.of(orders), conversion, budgetEpsilon, groups);
  }

  /** The same settings with {@code conversion}. */
  public PrivacySettings withConversion(Conversion conversion) {
    return new PrivacySettings(delta, orders, conversion, budgetEpsilon, groups);
  }

  /** The same settings, spending at most {@code epsilon}: later queries are refused. */
  public PrivacySettings withBudget(double epsilon) {
    return new PrivacySettings(delta, orders, conversion, OptionalDouble.of(epsilon), groups);
  }

  /**
   * The same settings with privacy groups: each record's group from {@code groups.source()},
   * each group's budget its own (the run's noise, if planned, meets every one).
   */
  public PrivacySettings withGroups(GroupSettings groups) {
    return new PrivacySettings(delta, orders, conversion, budgetEpsilon,
        Optional.of(requireNonNull(groups, "groups")));
  }
}
