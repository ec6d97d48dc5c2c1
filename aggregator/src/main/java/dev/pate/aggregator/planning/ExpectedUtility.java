package dev.pate.aggregator.planning;

import dev.pate.aggregator.rdp.EpsilonBound;
import dev.pate.files.DpPreconditions;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * What a mechanism setting is expected to deliver on a {@link VoteProfile}, for a given number of
 * queries, with the integer noise that runs draw.
 *
 * @param answered expected answered queries ({@code queries x mean Pr[answered]})
 * @param accuracy expected fraction of answered queries labelled with their target class (the
 *     true class, or the plurality of the profile's votes); 0 when nothing is expected to be
 *     answered
 * @param correct expected correctly labelled queries, {@code sum Pr[answered] Pr[correct]}: the
 *     figure candidates are ranked by
 * @param dataDependentEpsilon the data-dependent epsilon of the expected RDP (each query's
 *     data-dependent RDP averaged over the profile, times the number of queries; for
 *     Confident-GNMax also averaged over the threshold noise, as PATE 2018's tables). A forecast:
 *     the actual data-dependent epsilon depends on the private votes and needs its own release
 *     (smooth sensitivity) before publication; the plan's guarantee is the data-independent one
 */
public record ExpectedUtility(
    double answered, double accuracy, double correct, EpsilonBound dataDependentEpsilon) {

  public ExpectedUtility {
    for (double v : new double[] {answered, accuracy, correct}) {
      DpPreconditions.checkNonNegative(v, "utility");
    }
    Objects.requireNonNull(dataDependentEpsilon, "dataDependentEpsilon");
  }

  /**
   * {@code expected_answered, expected_accuracy, expected_correct, expected_epsilon_data_dependent,
   * expected_order_data_dependent}.
   */
  public Map<String, Object> toMap() {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("expected_answered", answered);
    m.put("expected_accuracy", accuracy);
    m.put("expected_correct", correct);
    m.put("expected_epsilon_data_dependent", dataDependentEpsilon.epsilon());
    m.put("expected_order_data_dependent", dataDependentEpsilon.order());
    return m;
  }
}
