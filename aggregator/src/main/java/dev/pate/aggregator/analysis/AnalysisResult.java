package dev.pate.aggregator.analysis;

import dev.pate.aggregator.accounting.NoiseKind;
import dev.pate.aggregator.rdp.Conversion;
import dev.pate.aggregator.rdp.EpsilonBound;
import java.math.BigDecimal;
import java.math.MathContext;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The privacy cost of answering a vote matrix's queries.
 *
 * @param mechanism mechanism id ({@code lnmax}, {@code gnmax}, {@code confident-gnmax})
 * @param noise the noise analysed
 * @param conversion RDP to (epsilon, delta) conversion used
 * @param orders number of Renyi orders optimised over
 * @param epsilon data-dependent epsilon at delta, with its optimal order
 * @param epsilonDataIndependent data-independent epsilon at delta: every query at its worst case
 *     (Confident-GNMax: both steps, as if answered); the one figure here that holds whatever the
 *     votes
 * @param epsilonPaperDataIndependent Confident-GNMax in the expected accounting: the PATE 2018
 *     tables' "data-independent" figure (GNMax's data-independent cost weighted by the answer
 *     probability), for comparison with the paper; it depends on the votes, so it is not a
 *     guarantee. Empty otherwise
 * @param queries number of queries (rows) analysed
 * @param expected whether {@code answered} is an expectation over the threshold noise ({@code
 *     expected_answered}) or a count ({@code queries_answered})
 * @param answered answered queries: for Confident-GNMax in the actual accounting, those whose max
 *     count reaches the threshold (the noiseless outcome of the check); in the expected accounting
 *     the sum of the answer probabilities; for the other mechanisms every query
 * @param smoothSensitivity the smooth-sensitivity release, if requested; then only published
 *     figures are reported (see {@link #toMap()})
 * @param seconds wall-clock time of the analysis
 */
public record AnalysisResult(
    String mechanism,
    NoiseKind noise,
    Conversion conversion,
    int orders,
    EpsilonBound epsilon,
    EpsilonBound epsilonDataIndependent,
    Optional<EpsilonBound> epsilonPaperDataIndependent,
    int queries,
    boolean expected,
    double answered,
    Optional<SmoothSensitivityOutcome> smoothSensitivity,
    double seconds) {

  private static final String PAPER_NOTE = "the PATE 2018 tables' figure: GNMax's cost weighted"
      + " by the answer probability, which depends on the votes; for comparison, not a guarantee";

  public double delta() {
    return epsilon.delta();
  }

  /**
   * The result as JSON-ready values (String, Number, Boolean, nested Map), keys in print order:
   * {@code mechanism, noise, conversion, orders, delta, epsilon, order, epsilon_data_independent,
   * order_data_independent, queries, queries_answered | expected_answered, seconds} for the data
   * owner's own analysis. With a smooth-sensitivity release, only what may be published: {@code
   * mechanism, noise, conversion, orders, delta, epsilon_data_independent,
   * order_data_independent, queries, smooth_sensitivity}; the data-dependent epsilon and its
   * order, the answered queries, the paper's vote-weighted figure and the time taken all depend
   * on the votes. Every number is finite.
   */
  public Map<String, Object> toMap() {
    boolean release = smoothSensitivity.isPresent();
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("mechanism", mechanism);
    m.put("noise", noise.name().toLowerCase(Locale.ROOT));
    m.put("conversion", conversion.id());
    m.put("orders", orders);
    m.put("delta", epsilon.delta());
    if (!release) {
      m.put("epsilon", epsilon.epsilon());
      m.put("order", epsilon.order());
    }
    m.put("epsilon_data_independent", epsilonDataIndependent.epsilon());
    m.put("order_data_independent", epsilonDataIndependent.order());
    if (!release) {
      epsilonPaperDataIndependent.ifPresent(p -> {
        m.put("epsilon_paper_data_independent", p.epsilon());
        m.put("paper_data_independent_note", PAPER_NOTE);
      });
    }
    m.put("queries", queries);
    if (release) {
      m.put("smooth_sensitivity", smoothSensitivity.get().toMap());
      return m;
    }
    if (expected) {
      m.put("expected_answered", answered);
    } else {
      m.put("queries_answered", Math.round(answered));
    }
    m.put("seconds", seconds);
    return m;
  }

  /**
   * Label / value rows for a two-column table, formatted for people; with a release, only what
   * may be published (as {@link #toMap()}).
   */
  public List<String[]> tableRows() {
    List<String[]> rows = new ArrayList<>();
    rows.add(row("mechanism", mechanism));
    rows.add(row("noise", noise.name().toLowerCase(Locale.ROOT)));
    rows.add(row("queries", Integer.toString(queries)));
    if (smoothSensitivity.isEmpty()) {
      rows.add(expected
          ? row("expected answered", String.format(Locale.ROOT, "%.2f", answered))
          : row("queries answered", Long.toString(Math.round(answered))));
      rows.add(row("epsilon (data-dependent)", String.format(Locale.ROOT, "%.4f at order %s",
          epsilon.epsilon(), order(epsilon.order()))));
    }
    rows.add(row("epsilon (data-independent)", String.format(Locale.ROOT, "%.4f at order %s",
        epsilonDataIndependent.epsilon(), order(epsilonDataIndependent.order()))));
    if (smoothSensitivity.isEmpty()) {
      epsilonPaperDataIndependent.ifPresent(p -> rows.add(row("epsilon (paper's data-ind.)",
          String.format(Locale.ROOT, "%.4f at order %s (%s)", p.epsilon(), order(p.order()),
              PAPER_NOTE))));
    }
    rows.add(row("delta", String.format(Locale.ROOT, "%.3g", epsilon.delta())));
    rows.add(row("conversion", conversion.id() + " over " + orders + " orders"));
    smoothSensitivity.ifPresent(s -> {
      rows.add(row("release", String.format(Locale.ROOT,
          "%s, %d teachers; order %s, beta %s, sigma_ss %s", s.target().accounting().id(),
          s.target().teachers(), order(s.order()), significant(s.parameters().beta()),
          significant(s.parameters().sigmaSs()))));
      if (s.status() == SmoothSensitivityOutcome.Status.RELEASED) {
        rows.add(row("released epsilon", String.format(Locale.ROOT,
            "%.4f (noisy RDP %s + release cost %.4f at order %s)", s.epsilonReleased(),
            s.rdpReleased(), s.releaseRdp(), order(s.order()))));
      } else {
        rows.add(row("released epsilon", String.format(Locale.ROOT, "%.4f (%s)",
            s.epsilonReleased(), s.explanation())));
      }
    });
    if (smoothSensitivity.isEmpty()) {
      rows.add(row("seconds", String.format(Locale.ROOT, "%.3f", seconds)));
    }
    return rows;
  }

  private static String[] row(String label, String value) {
    return new String[] {label, value};
  }

  /** Five significant digits, no trailing zeros: 0.0245, 6.1743. */
  private static String significant(double x) {
    return new BigDecimal(x).round(new MathContext(5)).stripTrailingZeros().toPlainString();
  }

  private static String order(double order) {
    return order == Math.rint(order) ? Long.toString((long) order)
        : String.format(Locale.ROOT, "%.4g", order);
  }
}
