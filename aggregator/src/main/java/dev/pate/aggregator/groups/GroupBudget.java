package dev.pate.aggregator.groups;

import dev.pate.aggregator.accounting.Budget;
import java.util.Objects;

/**
 * A privacy group as a run declares it, before its sensitivity multiplier is chosen: its name and
 * its (epsilon, delta) budget.
 *
 * @param name the group's name, not blank
 * @param budget the budget every record of the group is promised
 */
public record GroupBudget(String name, Budget budget) {
  public GroupBudget {
    PrivacyGroup.checkName(name);
    Objects.requireNonNull(budget, "budget");
  }

  /** This group with sensitivity multiplier {@code multiplier}. */
  public PrivacyGroup withMultiplier(int multiplier) {
    return new PrivacyGroup(name, budget, multiplier);
  }
}
