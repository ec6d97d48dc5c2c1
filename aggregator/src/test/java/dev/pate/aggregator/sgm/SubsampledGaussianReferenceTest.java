package dev.pate.aggregator.sgm;

import static dev.pate.aggregator.rdp.ReferenceVectors.array;
import static dev.pate.aggregator.rdp.ReferenceVectors.assertClose;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.pate.aggregator.rdp.Conversion;
import dev.pate.aggregator.rdp.EpsilonBound;
import dev.pate.aggregator.rdp.Orders;
import dev.pate.aggregator.rdp.ReferenceVectors;
import org.junit.jupiter.api.Test;

/**
 * Replays every case of {@code sgm-reference-vectors.json} (dp_accounting's RDP accountant for a
 * Poisson-sampled Gaussian composed {@code steps} times): RDP per order, the improved epsilon and
 * its order.
 */
class SubsampledGaussianReferenceTest {

  @Test
  void replaysEveryReferenceCase() {
    JsonNode cases = ReferenceVectors.sgm().get("cases");
    assertTrue(cases.size() > 0, "the reference has no cases");
    String source = ReferenceVectors.sgm().get("source").asText();
    assertTrue(source.contains("improved"), "the reference changed its conversion: " + source);
    int checked = 0;
    for (JsonNode c : cases) {
      double q = c.get("sampling_rate").asDouble();
      double sigma = c.get("noise_multiplier").asDouble();
      long steps = c.get("steps").asLong();
      double delta = c.get("delta").asDouble();
      Orders orders = Orders.of(array(c.get("orders")));
      String what = "q=" + q + " sigma=" + sigma + " steps=" + steps;

      double[] rdp = SubsampledGaussianRdp.rdp(orders, q, sigma, steps);
      assertClose(array(c.get("rdp")), rdp, ReferenceVectors.CLOSED_FORM_REL_TOL, what + " rdp");

      EpsilonBound eps =
          SubsampledGaussianRdp.epsilon(orders, q, sigma, steps, delta, Conversion.IMPROVED);
      assertClose(c.get("epsilon_improved").asDouble(), eps.epsilon(),
          ReferenceVectors.CLOSED_FORM_REL_TOL, what + " epsilon");
      assertEquals(c.get("order").asDouble(), eps.order(), what + " order");
      checked++;
    }
    assertEquals(cases.size(), checked);
  }
}
