package dev.pate.aggregator.planning;

import dev.pate.aggregator.accounting.Budget;
import dev.pate.aggregator.mechanism.Mechanism;
import dev.pate.aggregator.rdp.EpsilonBound;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * The plan of LNMax or GNMax: the least noise ({@code gamma}, the largest inverse scale, for
 * LNMax; {@code sigma} for GNMax) whose data-independent epsilon for {@code queries} answers is
 * within the budget.
 *
 * @param mechanism {@link Mechanism.Kind#LNMAX} or {@link Mechanism.Kind#GNMAX}
 * @param budget the budget met
 * @param queries queries planned for
 * @param value gamma (LNMax) or sigma (GNMax)
 * @param epsilon the data-independent epsilon achieved, {@code <= budget.epsilon()}
 * @param utility expected utility on the profile, if one was given
 * @param profile the profile's description, if one was given
 */
public record NoisePlan(
    Mechanism.Kind mechanism,
    Budget budget,
    int queries,
    double value,
    EpsilonBound epsilon,
    Optional<ExpectedUtility> utility,
    Optional<String> profile) implements Plan {

  public NoisePlan {
    Objects.requireNonNull(mechanism, "mechanism");
    if (mechanism != Mechanism.Kind.LNMAX && mechanism != Mechanism.Kind.GNMAX) {
      throw new IllegalArgumentException("mechanism: " + mechanism.id() + " is not lnmax or gnmax");
    }
    Objects.requireNonNull(budget, "budget");
    Objects.requireNonNull(epsilon, "epsilon");
    Objects.requireNonNull(utility, "utility");
    Objects.requireNonNull(profile, "profile");
  }

  /** {@code gamma} or {@code sigma}. */
  public String parameterName() {
    return mechanism.parameterNames().get(0);
  }

  /** The planned mechanism: LNMax with gamma {@link #value()}, or GNMax with that sigma. */
  public Mechanism planned() {
    return mechanism.of(Map.of(parameterName(), value));
  }

  @Override
  public String mechanismId() {
    return mechanism.id();
  }

  /**
   * The header keys, then {@code queries, gamma | sigma, epsilon, order}, and with a profile
   * {@code profile} and the {@link ExpectedUtility#toMap()} keys.
   */
  @Override
  public Map<String, Object> toMap() {
    Map<String, Object> m = PlanFormat.header(mechanism.id(), budget);
    m.put("queries", queries);
    m.put(parameterName(), value);
    m.put("epsilon", epsilon.epsilon());
    m.put("order", epsilon.order());
    profile.ifPresent(p -> m.put("profile", p));
    utility.ifPresent(u -> m.putAll(u.toMap()));
    return m;
  }

  @Override
  public List<String[]> tableRows() {
    List<String[]> rows = new ArrayList<>();
    PlanFormat.headerRows(rows, mechanism.id(), budget);
    rows.add(PlanFormat.row("queries", Integer.toString(queries)));
    rows.add(PlanFormat.row(parameterName(), PlanFormat.number(value)));
    rows.add(PlanFormat.row("epsilon (data-independent)", PlanFormat.epsilon(epsilon)));
    profile.ifPresent(p -> rows.add(PlanFormat.row("profile", p)));
    utility.ifPresent(u -> rows.add(PlanFormat.row("expected", PlanFormat.utility(u))));
    return rows;
  }
}
