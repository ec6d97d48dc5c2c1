package dev.pate.aggregator.lnmax;

import static dev.pate.aggregator.rdp.ReferenceVectors.CLOSED_FORM_REL_TOL;
import static dev.pate.aggregator.rdp.ReferenceVectors.array;
import static dev.pate.aggregator.rdp.ReferenceVectors.assertClose;
import static dev.pate.aggregator.rdp.ReferenceVectors.casesWithPrefix;
import static dev.pate.aggregator.rdp.ReferenceVectors.num;
import static dev.pate.aggregator.rdp.ReferenceVectors.voteRows;

import com.fasterxml.jackson.databind.JsonNode;
import dev.pate.aggregator.rdp.Conversion;
import dev.pate.aggregator.rdp.EpsilonBound;
import dev.pate.aggregator.rdp.Orders;
import dev.pate.aggregator.rdp.RdpLedger;
import dev.pate.aggregator.rdp.ReferenceVectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/** Replays the {@code b18.lnmax.*} cases of section b (PATE 2018 LNMax in RDP form). */
class Pate2018LnmaxReferenceTest {
  private static final double TOL = CLOSED_FORM_REL_TOL;

  @TestFactory
  Stream<DynamicTest> cumulativeLnmax() {
    Orders longOrders = ReferenceVectors.longOrders2018();
    return casesWithPrefix("b18.lnmax.").stream().map(c ->
        DynamicTest.dynamicTest(c.get("id").asText(), () -> {
          JsonNode in = c.get("inputs");
          JsonNode out = c.get("outputs");
          double lambda = num(in.get("lmbd"));
          double pureEps = num(in.get("pure_eps_per_query"));
          assertClose(2 / lambda, pureEps, TOL, "pure eps = 2 / lambda");
          double delta = num(in.get("delta"));
          Orders shortOrders = Orders.of(array(in.get("orders")));

          double[][] rows = voteRows(in);
          double[] logqFirst5 = new double[5];
          RdpLedger ledger = new RdpLedger(shortOrders);
          RdpLedger longLedger = new RdpLedger(longOrders);
          for (int i = 0; i < rows.length; i++) {
            double logq = Pate2018Lnmax.computeLogqLaplace(rows[i], lambda);
            if (i < 5) {
              logqFirst5[i] = logq;
            }
            ledger.add(Pate2018Lnmax.rdpPureEps(logq, pureEps, shortOrders));
            longLedger.add(Pate2018Lnmax.rdpPureEps(logq, pureEps, longOrders));
          }
          assertClose(array(out.get("logq_first5")), logqFirst5, TOL, "logq_first5");
          assertClose(array(out.get("rdp_cum")), ledger.rdp(), TOL, "rdp_cum");
          assertEpsilons(out.get("orders_2_to_9"), ledger, delta, "orders 2..9");
          assertEpsilons(out.get("long_orders"), longLedger, delta, "long orders");
        }));
  }

  private static void assertEpsilons(JsonNode expected, RdpLedger ledger, double delta,
      String what) {
    EpsilonBound classic = ledger.epsilon(delta, Conversion.CLASSIC);
    EpsilonBound improved = ledger.epsilon(delta, Conversion.IMPROVED);
    assertClose(num(expected.get("eps_classic")), classic.epsilon(), TOL, what + " eps_classic");
    assertClose(num(expected.get("order_classic")), classic.order(), 1e-9, what + " order_classic");
    assertClose(num(expected.get("eps_improved_dp_accounting")), improved.epsilon(), TOL,
        what + " eps_improved");
    assertClose(num(expected.get("order_improved")), improved.order(), 1e-9,
        what + " order_improved");
  }
}
