package dev.pate.aggregator.groups;

import dev.pate.aggregator.accounting.PrivacyStatement;
import java.util.Objects;

/**
 * One privacy group's line of a run's privacy statement: its guarantee at its own delta, and its
 * spent and data-dependent figures, as its own accountant states them.
 *
 * @param group the group, with its budget and multiplier
 * @param statement what the group's accountant states (its mechanism parameters include the
 *     multiplier as {@value ScaledSensitivityAccounting#SENSITIVITY})
 */
public record GroupStatement(PrivacyGroup group, PrivacyStatement statement) {
  public GroupStatement {
    Objects.requireNonNull(group, "group");
    Objects.requireNonNull(statement, "statement");
  }
}
