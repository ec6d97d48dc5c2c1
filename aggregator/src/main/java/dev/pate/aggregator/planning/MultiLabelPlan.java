package dev.pate.aggregator.planning;

import dev.pate.aggregator.accounting.Budget;
import dev.pate.aggregator.accounting.NoiseKind;
import dev.pate.aggregator.multilabel.MultiLabelMechanism;
import dev.pate.aggregator.rdp.EpsilonBound;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * The plan of a multi-label mechanism: the least sigma whose data-independent epsilon after {@code
 * queries} queries (every one answered, every label of each) is within the budget, solved on the
 * accountant as for GNMax.
 *
 * @param budget the budget met
 * @param queries the queries planned for
 * @param mechanism the mechanism with the planned sigma
 * @param epsilon the data-independent epsilon achieved, {@code <= budget.epsilon()}
 */
public record MultiLabelPlan(Budget budget, int queries, MultiLabelMechanism mechanism,
    EpsilonBound epsilon) implements Plan {

  public MultiLabelPlan {
    Objects.requireNonNull(budget, "budget");
    Objects.requireNonNull(mechanism, "mechanism");
    Objects.requireNonNull(epsilon, "epsilon");
  }

  /**
   * The least sigma for {@code queries} queries of {@code kind} within {@code budget}.
   *
   * @param fixed the kind's other parameters by name ({@code labels}, and {@code tau} and {@code
   *     threshold} where the kind takes them); {@code sigma} is what is planned
   * @throws IllegalArgumentException if a parameter is missing or out of range, or even the
   *     largest sigma considered exceeds the budget
   */
  public static MultiLabelPlan plan(MultiLabelMechanism.Kind kind, Budget budget, int queries,
      Map<String, Double> fixed) {
    if (queries < 1) {
      throw new IllegalArgumentException("queries: " + queries + " is not >= 1");
    }
    NoiseSearch.Solution solution = NoiseSearch.leastNoise(budget.epsilon(),
        sigma -> epsilon(budget, queries, withSigma(kind, fixed, sigma)),
        Planner.MIN_SIGMA, Planner.MAX_SIGMA, true, "sigma",
        queries + " " + kind.id() + " queries at delta " + budget.delta());
    return new MultiLabelPlan(budget, queries, withSigma(kind, fixed, solution.parameter()),
        solution.epsilon());
  }

  private static MultiLabelMechanism withSigma(MultiLabelMechanism.Kind kind,
      Map<String, Double> fixed, double sigma) {
    Map<String, Double> parameters = new LinkedHashMap<>();
    for (String name : kind.parameterNames()) {
      if (name.equals("sigma")) {
        parameters.put(name, sigma);
      } else if (fixed.containsKey(name)) {
        parameters.put(name, fixed.get(name));
      } else {
        throw new IllegalArgumentException(name + ": required by " + kind.id());
      }
    }
    return kind.of(parameters);
  }

  private static EpsilonBound epsilon(Budget budget, int queries, MultiLabelMechanism mechanism) {
    return Planner.epsilon(budget, queries,
        mechanism.accounting(budget.orders(), NoiseKind.DISCRETE).dataIndependentRdp());
  }


  @Override
  public String mechanismId() {
    return mechanism.id();
  }

  /** The header keys, then {@code queries}, the mechanism's parameters, {@code epsilon, order}. */
  @Override
  public Map<String, Object> toMap() {
    Map<String, Object> m = PlanFormat.header(mechanism.id(), budget);
    m.put("queries", queries);
    m.put("parameters", new LinkedHashMap<>(mechanism.parameters()));
    m.put("epsilon", epsilon.epsilon());
    m.put("order", epsilon.order());
    m.put("kind", "data-independent");
    return m;
  }

  @Override
  public List<String[]> tableRows() {
    List<String[]> rows = new ArrayList<>();
    PlanFormat.headerRows(rows, mechanism.id(), budget);
    rows.add(PlanFormat.row("queries", Integer.toString(queries)));
    mechanism.parameters().forEach((name, value) ->
        rows.add(PlanFormat.row(name, PlanFormat.number(value))));
    rows.add(PlanFormat.row("epsilon", PlanFormat.epsilon(epsilon) + String.format(Locale.ROOT,
        ", delta %.3g, %s conversion, data-independent", epsilon.delta(),
        epsilon.conversion().id())));
    return rows;
  }
}
