package dev.pate.aggregator.multilabel;

import dev.pate.aggregator.accounting.NoiseKind;
import dev.pate.aggregator.accounting.PrivacyAccountant;
import dev.pate.aggregator.accounting.PrivacyStatement;
import dev.pate.aggregator.rdp.Conversion;
import dev.pate.aggregator.rdp.EpsilonBound;
import dev.pate.aggregator.rdp.Orders;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * The privacy analysis of saved multi-label votes ({@code pate analyze} with a multi-label
 * mechanism): every query charged to one {@link PrivacyAccountant} as a run would charge it.
 *
 * @param mechanism the mechanism analysed
 * @param statement the accountant's statement: the data-independent guarantee, and the
 *     data-dependent figure (equal to it for Binary and tau-voting; GNMax's bound on the subset
 *     counts for Powerset voting, itself a function of the private votes)
 */
public record MultiLabelAnalysis(MultiLabelMechanism mechanism, PrivacyStatement statement) {

  public MultiLabelAnalysis {
    Objects.requireNonNull(mechanism, "mechanism");
    Objects.requireNonNull(statement, "statement");
  }

  /**
   * Charges every query of {@code votes} with {@code mechanism}.
   *
   * @throws IllegalArgumentException if a query's votes are over another number of labels
   */
  public static MultiLabelAnalysis of(MultiLabelMechanism mechanism, List<MultiLabelVotes> votes,
      Orders orders, double delta, Conversion conversion, NoiseKind noise) {
    PrivacyAccountant accountant = new PrivacyAccountant(mechanism.accounting(orders, noise));
    for (int q = 0; q < votes.size(); q++) {
      if (votes.get(q).labels() != mechanism.labels()) {
        throw new IllegalArgumentException("votes: query " + q + " is over "
            + votes.get(q).labels() + " labels, " + mechanism.id() + " over "
            + mechanism.labels());
      }
      accountant.charge(mechanism.accountingCounts(votes.get(q)), true);
    }
    return new MultiLabelAnalysis(mechanism, accountant.report(delta, conversion));
  }

  /** JSON-ready values: mechanism, parameters, queries and both epsilons with their terms. */
  public Map<String, Object> toMap() {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("mechanism", mechanism.id());
    m.put("parameters", new LinkedHashMap<>(mechanism.parameters()));
    m.put("noise", statement.noiseKind().name().toLowerCase(Locale.ROOT));
    m.put("queries", statement.queries());
    m.put("epsilon_data_independent", epsilonMap(statement.epsilonDataIndependent(),
        "data-independent"));
    m.put("epsilon_data_dependent", epsilonMap(statement.epsilonDataDependent(),
        "data-dependent (a function of the private votes: not publishable as it stands)"));
    return m;
  }

  /** Label / value rows for people. */
  public List<String[]> tableRows() {
    List<String[]> rows = new ArrayList<>();
    rows.add(new String[] {"mechanism", mechanism.id()});
    mechanism.parameters().forEach((name, value) ->
        rows.add(new String[] {name, String.format(Locale.ROOT, "%.6g", value)}));
    rows.add(new String[] {"noise", statement.noiseKind().name().toLowerCase(Locale.ROOT)});
    rows.add(new String[] {"queries", Long.toString(statement.queries())});
    rows.add(new String[] {"epsilon (guarantee)",
        text(statement.epsilonDataIndependent()) + ", data-independent"});
    rows.add(new String[] {"epsilon data-dependent",
        text(statement.epsilonDataDependent()) + ", depends on the private votes"});
    return rows;
  }

  private static Map<String, Object> epsilonMap(EpsilonBound e, String kind) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("epsilon", e.epsilon());
    m.put("delta", e.delta());
    m.put("order", e.order());
    m.put("conversion", e.conversion().id());
    m.put("kind", kind);
    return m;
  }

  private static String text(EpsilonBound e) {
    return String.format(Locale.ROOT, "%.4f at delta %.3g, order %s, %s conversion", e.epsilon(),
        e.delta(), e.order() == Math.rint(e.order()) ? Long.toString((long) e.order())
            : String.format(Locale.ROOT, "%.4g", e.order()), e.conversion().id());
  }
}
