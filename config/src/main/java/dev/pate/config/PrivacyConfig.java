package dev.pate.config;

import static java.util.Objects.requireNonNull;

import java.util.List;
import java.util.Optional;

/**
 * How the privacy cost of the answered queries is accounted (YAML block {@code privacy}).
 *
 * @param delta the delta of the reported (epsilon, delta)-DP guarantee, in (0, 1)
 * @param orders the Renyi-DP orders to track, each > 1; empty: the accountant's default list
 *     ({@code orders: default} in YAML)
 * @param conversion how the Renyi-DP guarantee becomes an (epsilon, delta) one
 * @param budget the budget labelling must not exceed, if any
 */
public record PrivacyConfig(
    double delta, Optional<List<Double>> orders, Conversion conversion, BudgetConfig budget) {

  static final Key<PrivacyConfig, Double> DELTA =
      Key.of(
          "delta",
          NumberType.number().strictlyBetween(0, 1),
          1.0e-5,
          "delta of the reported (epsilon, delta)-DP guarantee",
          PrivacyConfig::delta);

  static final Key<PrivacyConfig, Optional<List<Double>>> ORDERS =
      Key.of(
          "orders",
          new KeywordOrType<>(
              "default", new ListType<>(NumberType.number().greaterThan(1), 1, Integer.MAX_VALUE)),
          Optional.empty(),
          "Renyi-DP orders at which the cost is tracked; default: the accountant's own list",
          PrivacyConfig::orders);

  static final Key<PrivacyConfig, Conversion> CONVERSION =
      Key.of(
          "conversion",
          new ChoiceType<>(Conversion.class),
          Conversion.IMPROVED,
          "Renyi-DP to (epsilon, delta) conversion: improved (Canonne, Kamath, Steinke 2020)"
              + " or classic (Mironov 2017)",
          PrivacyConfig::conversion);

  static final Child<PrivacyConfig, BudgetConfig> BUDGET =
      new Child<>(BudgetConfig.SECTION, PrivacyConfig::budget);

  static final Section<PrivacyConfig> SECTION =
      Section.of(
          "privacy",
          "how the privacy cost of the answered queries is accounted",
          List.of(DELTA, ORDERS, CONVERSION, BUDGET),
          v -> new PrivacyConfig(v.get(DELTA), v.get(ORDERS), v.get(CONVERSION), v.get(BUDGET)));

  /** Checks for nulls only; value ranges are checked by {@link ConfigLoader}. */
  public PrivacyConfig {
    orders = requireNonNull(orders, "orders").map(List::copyOf);
    requireNonNull(conversion, "conversion");
    requireNonNull(budget, "budget");
  }

  /** The delta at which the budget is enforced. */
  public double budgetDelta() {
    return budget.delta().orElse(delta);
  }
}
