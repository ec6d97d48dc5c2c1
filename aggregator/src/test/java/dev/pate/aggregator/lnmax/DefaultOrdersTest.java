package dev.pate.aggregator.lnmax;

import static dev.pate.aggregator.rdp.ReferenceVectors.casesWithPrefix;
import static dev.pate.aggregator.rdp.ReferenceVectors.num;
import static dev.pate.aggregator.rdp.ReferenceVectors.voteRows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.pate.aggregator.rdp.Conversion;
import dev.pate.aggregator.rdp.Orders;
import dev.pate.aggregator.rdp.RdpLedger;
import dev.pate.aggregator.rdp.ReferenceVectors;
import org.junit.jupiter.api.Test;

/**
 * {@link Orders#defaults()} answers the reference LNMax workloads as well as the ICLR 2018
 * scripts' 297 "long orders": never more than 0.5% above them (and below them where the optimum
 * falls between their points or outside their range).
 */
class DefaultOrdersTest {

  @Test
  void defaultsMatchTheLongOrdersOnTheReferenceLnmaxRuns() {
    Orders defaults = Orders.defaults();
    Orders longOrders = ReferenceVectors.longOrders2018();
    for (JsonNode c : casesWithPrefix("b18.lnmax.")) {
      JsonNode in = c.get("inputs");
      double lambda = num(in.get("lmbd"));
      double delta = num(in.get("delta"));
      RdpLedger withDefaults = new RdpLedger(defaults);
      RdpLedger withLong = new RdpLedger(longOrders);
      for (double[] counts : voteRows(in)) {
        double logq = Pate2018Lnmax.computeLogqLaplace(counts, lambda);
        withDefaults.add(Pate2018Lnmax.rdpPureEps(logq, 2 / lambda, defaults));
        withLong.add(Pate2018Lnmax.rdpPureEps(logq, 2 / lambda, longOrders));
      }
      for (Conversion conversion : Conversion.values()) {
        double ours = withDefaults.epsilon(delta, conversion).epsilon();
        double theirs = withLong.epsilon(delta, conversion).epsilon();
        assertTrue(ours <= theirs * 1.005,
            c.get("id").asText() + " " + conversion + ": defaults " + ours + " vs " + theirs);
      }
    }
  }
}
