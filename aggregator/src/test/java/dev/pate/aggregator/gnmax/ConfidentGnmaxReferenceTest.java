package dev.pate.aggregator.gnmax;

import static dev.pate.aggregator.rdp.ReferenceVectors.CLOSED_FORM_REL_TOL;
import static dev.pate.aggregator.rdp.ReferenceVectors.array;
import static dev.pate.aggregator.rdp.ReferenceVectors.assertClose;
import static dev.pate.aggregator.rdp.ReferenceVectors.num;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import dev.pate.aggregator.accounting.NoiseKind;
import dev.pate.aggregator.rdp.Orders;
import dev.pate.aggregator.rdp.ReferenceVectors;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Replays every {@code b18.confident_gnmax.*} case: per query {@code core.compute_logpr_answered}
 * and {@code core.compute_rdp_threshold}, and the expected accounting of {@code
 * smooth_sensitivity_table._compute_rdp} over 100 and 1000 queries (data-dependent and
 * data-independent), converted to epsilon classically and with the improved conversion.
 */
class ConfidentGnmaxReferenceTest {

  @TestFactory
  List<DynamicTest> confidentGnmax() {
    List<DynamicTest> tests = new ArrayList<>();
    for (JsonNode c : ReferenceVectors.casesWithPrefix("b18.confident_gnmax.")) {
      tests.add(DynamicTest.dynamicTest(c.get("id").asText(), () -> replay(c)));
    }
    assertEquals(6, tests.size(), "confident-gnmax cases");
    return tests;
  }

  private static void replay(JsonNode c) {
    String id = c.get("id").asText();
    JsonNode inputs = c.get("inputs");
    JsonNode outputs = c.get("outputs");
    assertEquals("long list (see b18.gnmax.cum)", inputs.get("orders").asText(), id + " orders");
    double threshold = num(inputs.get("threshold"));
    double sigma1 = num(inputs.get("sigma1"));
    double sigma2 = num(inputs.get("sigma2"));
    double delta = num(inputs.get("delta"));

    Orders sample = Orders.of(2, 8, 32);
    ConfidentGnmaxAccounting atSample =
        new ConfidentGnmaxAccounting(threshold, sigma1, sigma2, sample, NoiseKind.CONTINUOUS);
    for (JsonNode q : outputs.get("per_query_samples")) {
      String what = id + " row " + q.get("row").asInt();
      double[] counts = array(q.get("counts"));
      assertClose(num(q.get("logpr_answered")), atSample.logPrAnswered(counts),
          CLOSED_FORM_REL_TOL, what + " logpr_answered");
      assertClose(array(q.get("rdp_threshold_at_orders_2_8_32")), atSample.thresholdRdp(counts),
          CLOSED_FORM_REL_TOL, what + " rdp_threshold");
      assertClose(array(q.get("rdp_threshold_data_ind_at_orders_2_8_32")),
          atSample.thresholdDataIndependentRdp(), CLOSED_FORM_REL_TOL, what + " rdp_threshold_ind");
    }

    Orders orders = ReferenceVectors.longOrders2018();
    ConfidentGnmaxAccounting accounting =
        new ConfidentGnmaxAccounting(threshold, sigma1, sigma2, orders, NoiseKind.CONTINUOUS);
    double[] dependent = new double[orders.size()];
    double[] independent = new double[orders.size()];
    double answered = 0;
    for (double[] v : ReferenceVectors.voteRows(inputs)) {
      add(dependent, accounting.expectedRdp(v));
      add(independent, accounting.expectedDataIndependentRdp(v));
      answered += Math.exp(accounting.logPrAnswered(v));
    }
    assertClose(num(outputs.get("data_dependent").get("expected_answered")), answered,
        CLOSED_FORM_REL_TOL, id + " expected_answered");
    assertClose(num(outputs.get("data_independent").get("expected_answered")), answered,
        CLOSED_FORM_REL_TOL, id + " expected_answered (data-independent run)");
    GnmaxReferenceTest.checkEpsilons(
        outputs, orders, new double[][] {dependent, independent}, delta, id);
  }

  private static void add(double[] total, double[] values) {
    for (int i = 0; i < total.length; i++) {
      total[i] += values[i];
    }
  }
}
