package dev.pate.aggregator.groups;

import dev.pate.aggregator.rdp.EpsilonBound;
import java.util.Objects;

/**
 * A privacy group's data-independent guarantee for a planned number of queries, at the group's
 * own delta and conversion.
 *
 * @param group the group, with its budget and multiplier
 * @param epsilon the guarantee: the worst case of every planned query, {@code s^2} times the base
 *     mechanism's RDP, converted at the group's delta
 */
public record GroupGuarantee(PrivacyGroup group, EpsilonBound epsilon) {
  public GroupGuarantee {
    Objects.requireNonNull(group, "group");
    Objects.requireNonNull(epsilon, "epsilon");
  }

  /** Whether the guarantee is within the group's budget. */
  public boolean withinBudget() {
    return group.budget().admits(epsilon);
  }
}
