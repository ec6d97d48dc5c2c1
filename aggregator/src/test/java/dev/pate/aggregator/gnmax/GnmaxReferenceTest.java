package dev.pate.aggregator.gnmax;

import static dev.pate.aggregator.rdp.ReferenceVectors.CLOSED_FORM_REL_TOL;
import static dev.pate.aggregator.rdp.ReferenceVectors.array;
import static dev.pate.aggregator.rdp.ReferenceVectors.assertClose;
import static dev.pate.aggregator.rdp.ReferenceVectors.num;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import dev.pate.aggregator.accounting.NoiseKind;
import dev.pate.aggregator.rdp.Conversion;
import dev.pate.aggregator.rdp.EpsilonBound;
import dev.pate.aggregator.rdp.Orders;
import dev.pate.aggregator.rdp.RdpConversions;
import dev.pate.aggregator.rdp.ReferenceVectors;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Replays every {@code b18.gnmax.*} case: {@code core.compute_logq_gaussian}, {@code
 * core.rdp_gaussian} and {@code core.rdp_data_independent_gaussian} per query, and their sums
 * over 100 and 1000 queries converted to epsilon (classic and improved, short and long orders).
 */
class GnmaxReferenceTest {

  @TestFactory
  List<DynamicTest> perQuery() {
    List<DynamicTest> tests = new ArrayList<>();
    for (JsonNode c : ReferenceVectors.casesWithPrefix("b18.gnmax.per_query.")) {
      tests.add(DynamicTest.dynamicTest(c.get("id").asText(), () -> {
        double sigma = num(c.get("inputs").get("sigma"));
        Orders orders = Pate2018Reference.orders(c.get("inputs").get("orders"));
        GnmaxAccounting accounting = new GnmaxAccounting(sigma, orders, NoiseKind.CONTINUOUS);
        for (JsonNode q : c.get("outputs").get("queries")) {
          String what = c.get("id").asText() + " row " + q.get("row").asInt();
          double[] counts = array(q.get("counts"));
          assertClose(num(q.get("logq")), GnmaxRdp.logq(counts, sigma), CLOSED_FORM_REL_TOL,
              what + " logq");
          assertClose(array(q.get("rdp_data_dependent")),
              GnmaxRdp.dataDependent(num(q.get("logq")), sigma, orders), CLOSED_FORM_REL_TOL,
              what + " rdp_gaussian");
          assertClose(array(q.get("rdp_data_dependent")),
              accounting.dataDependentRdp(counts, true), CLOSED_FORM_REL_TOL,
              what + " accounting");
          assertClose(array(q.get("rdp_data_independent")),
              accounting.dataIndependentRdp(), CLOSED_FORM_REL_TOL, what + " independent");
        }
      }));
    }
    assertEquals(6, tests.size(), "per-query cases");
    return tests;
  }

  @TestFactory
  List<DynamicTest> cumulative() {
    List<DynamicTest> tests = new ArrayList<>();
    for (JsonNode c : ReferenceVectors.casesWithPrefix("b18.gnmax.cum.")) {
      tests.add(DynamicTest.dynamicTest(c.get("id").asText(), () -> replayCumulative(c)));
    }
    assertEquals(12, tests.size(), "cumulative cases");
    return tests;
  }

  private static void replayCumulative(JsonNode c) {
    String id = c.get("id").asText();
    JsonNode inputs = c.get("inputs");
    JsonNode outputs = c.get("outputs");
    double sigma = num(inputs.get("sigma"));
    double delta = num(inputs.get("delta"));
    double[][] votes = ReferenceVectors.voteRows(inputs);

    double sum = 0;
    double min = Double.POSITIVE_INFINITY;
    double max = Double.NEGATIVE_INFINITY;
    for (double[] v : votes) {
      double logq = GnmaxRdp.logq(v, sigma);
      sum += logq;
      min = Math.min(min, logq);
      max = Math.max(max, logq);
    }
    assertClose(num(outputs.get("sum_logq")), sum, CLOSED_FORM_REL_TOL, id + " sum_logq");
    assertClose(num(outputs.get("min_logq")), min, CLOSED_FORM_REL_TOL, id + " min_logq");
    assertClose(num(outputs.get("max_logq")), max, CLOSED_FORM_REL_TOL, id + " max_logq");

    Orders shortOrders = Pate2018Reference.orders(inputs.get("short_orders"));
    JsonNode shortOut = outputs.get("short_orders");
    double[][] shortRdp = cumulativeRdp(votes, sigma, shortOrders);
    assertClose(array(shortOut.get("rdp_cum_data_dependent")), shortRdp[0], CLOSED_FORM_REL_TOL,
        id + " rdp_cum_data_dependent");
    assertClose(array(shortOut.get("rdp_cum_data_independent")), shortRdp[1],
        CLOSED_FORM_REL_TOL, id + " rdp_cum_data_independent");
    checkEpsilons(shortOut, shortOrders, shortRdp, delta, id + " short");

    Orders longOrders = ReferenceVectors.longOrders2018();
    checkEpsilons(outputs.get("long_orders"), longOrders, cumulativeRdp(votes, sigma, longOrders),
        delta, id + " long");
  }

  /** {data-dependent, data-independent} summed over the queries, query by query. */
  private static double[][] cumulativeRdp(double[][] votes, double sigma, Orders orders) {
    double[] dependent = new double[orders.size()];
    double[] independent = new double[orders.size()];
    GnmaxAccounting accounting = new GnmaxAccounting(sigma, orders, NoiseKind.CONTINUOUS);
    for (double[] v : votes) {
      double[] d = accounting.dataDependentRdp(v, true);
      double[] i = accounting.dataIndependentRdp();
      for (int k = 0; k < d.length; k++) {
        dependent[k] += d[k];
        independent[k] += i[k];
      }
    }
    return new double[][] {dependent, independent};
  }

  static void checkEpsilons(JsonNode out, Orders orders, double[][] rdp, double delta,
      String what) {
    String[] kinds = {"data_dependent", "data_independent"};
    for (int k = 0; k < 2; k++) {
      JsonNode expected = out.get(kinds[k]);
      EpsilonBound classic = RdpConversions.epsilon(orders, rdp[k], delta, Conversion.CLASSIC);
      assertClose(num(expected.get("eps_classic")), classic.epsilon(), CLOSED_FORM_REL_TOL,
          what + " " + kinds[k] + " eps_classic");
      assertClose(num(expected.get("order_classic")), classic.order(), 1e-12,
          what + " " + kinds[k] + " order_classic");
      EpsilonBound improved = RdpConversions.epsilon(orders, rdp[k], delta, Conversion.IMPROVED);
      assertClose(num(expected.get("eps_improved_dp_accounting")), improved.epsilon(),
          CLOSED_FORM_REL_TOL, what + " " + kinds[k] + " eps_improved");
      assertClose(num(expected.get("order_improved")), improved.order(), 1e-12,
          what + " " + kinds[k] + " order_improved");
    }
  }
}
