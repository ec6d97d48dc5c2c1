package dev.pate.config;

import static java.util.Objects.requireNonNull;

import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * A privacy budget the run must not exceed (YAML block {@code privacy.budget}). Labelling stops
 * before the first answer whose charge would take the guaranteed epsilon over {@code epsilon} at
 * {@code delta}. The guarantee used is the data-independent one: stopping on the raw
 * data-dependent epsilon would itself leak the private votes.
 *
 * @param epsilon the budget; empty for no budget
 * @param delta the delta at which the budget holds; empty: {@code privacy.delta}
 */
public record BudgetConfig(OptionalDouble epsilon, OptionalDouble delta) {

  static final Key<BudgetConfig, Double> EPSILON =
      Key.nullable(
          "epsilon",
          NumberType.number().greaterThan(0),
          "epsilon the run may spend at most; when null: no budget, every query is answered",
          b -> b.epsilon().isPresent() ? Optional.of(b.epsilon().getAsDouble()) : Optional.empty());

  static final Key<BudgetConfig, Double> DELTA =
      Key.nullable(
          "delta",
          NumberType.number().strictlyBetween(0, 1),
          "delta of the budget; when null: privacy.delta",
          b -> b.delta().isPresent() ? Optional.of(b.delta().getAsDouble()) : Optional.empty());

  static final Section<BudgetConfig> SECTION =
      Section.of(
          "budget",
          "a privacy budget labelling must not exceed",
          List.of(EPSILON, DELTA),
          v -> new BudgetConfig(v.findDouble(EPSILON), v.findDouble(DELTA)));

  public BudgetConfig {
    requireNonNull(epsilon, "epsilon");
    requireNonNull(delta, "delta");
  }

  /** No budget. */
  public static BudgetConfig none() {
    return new BudgetConfig(OptionalDouble.empty(), OptionalDouble.empty());
  }
}
