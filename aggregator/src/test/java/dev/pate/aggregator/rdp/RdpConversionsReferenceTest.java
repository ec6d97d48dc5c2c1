package dev.pate.aggregator.rdp;

import static dev.pate.aggregator.rdp.ReferenceVectors.CLOSED_FORM_REL_TOL;
import static dev.pate.aggregator.rdp.ReferenceVectors.array;
import static dev.pate.aggregator.rdp.ReferenceVectors.assertClose;
import static dev.pate.aggregator.rdp.ReferenceVectors.num;
import static dev.pate.aggregator.rdp.ReferenceVectors.pateCase;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Section c of the PATE reference vectors, and the conversions of the SGM reference vectors. */
class RdpConversionsReferenceTest {
  private static final double ORDER_TOL = 1e-12;

  /**
   * dp_accounting's default orders, as the reference states them: "[1+x/10 for x in 1..99] +
   * 11..63 + [128,256,512,1024]".
   */
  static Orders dpAccountingDefaultOrders(JsonNode inputs) {
    assertEquals("[1+x/10 for x in 1..99] + 11..63 + [128,256,512,1024]",
        inputs.get("default_orders").asText(), "the reference changed its default orders");
    List<Double> v = new ArrayList<>();
    for (int x = 1; x <= 99; x++) {
      v.add(1 + x / 10.0);
    }
    for (int a = 11; a <= 63; a++) {
      v.add((double) a);
    }
    for (int a : new int[] {128, 256, 512, 1024}) {
      v.add((double) a);
    }
    return Orders.of(v.stream().mapToDouble(Double::doubleValue).toArray());
  }

  /** The "short orders" of section b (the c case reports results on the same list). */
  static Orders shortOrders() {
    return Orders.of(array(pateCase("b18.gnmax.cum.strong.s40.n100").get("inputs")
        .get("short_orders")));
  }

  private static double[] gaussianRdp(Orders orders, double noiseMultiplier, double count) {
    double[] rdp = new double[orders.size()];
    for (int i = 0; i < rdp.length; i++) {
      rdp[i] = count * orders.get(i) / (2 * noiseMultiplier * noiseMultiplier);
    }
    return rdp;
  }

  private static void assertBound(double expectedEps, double expectedOrder, EpsilonBound actual,
      String what) {
    assertClose(expectedEps, actual.epsilon(), CLOSED_FORM_REL_TOL, what + " epsilon");
    assertClose(expectedOrder, actual.order(), ORDER_TOL, what + " order");
  }

  @Test
  void gaussianConversionMatchesDpAccounting() {
    JsonNode c = pateCase("c.dp_accounting.gaussian_conversion");
    Orders orders = dpAccountingDefaultOrders(c.get("inputs"));
    JsonNode rows = c.get("outputs").get("rows");
    assertTrue(rows.size() > 0);
    for (JsonNode row : rows) {
      assertEquals("count*alpha/(2*nm^2)", row.get("rdp_formula").asText());
      double nm = num(row.get("noise_multiplier"));
      double count = num(row.get("compositions"));
      double delta = num(row.get("delta"));
      String what = "nm=" + nm + " count=" + count;
      double[] rdp = gaussianRdp(orders, nm, count);

      EpsilonBound improved = RdpConversions.epsilon(orders, rdp, delta, Conversion.IMPROVED);
      assertBound(num(row.get("default_orders_eps_improved")),
          num(row.get("default_orders_order_improved")), improved, what + " improved");
      assertBound(num(row.get("default_orders_eps_classic")),
          num(row.get("default_orders_order_classic")),
          RdpConversions.epsilon(orders, rdp, delta, Conversion.CLASSIC), what + " classic");

      DeltaBound back = RdpConversions.delta(orders, rdp, improved.epsilon(), Conversion.IMPROVED);
      assertClose(num(row.get("delta_at_eps_improved")), back.delta(), CLOSED_FORM_REL_TOL,
          what + " delta");

      Orders shortOrders = shortOrders();
      double[] shortRdp = gaussianRdp(shortOrders, nm, count);
      JsonNode s = row.get("short_orders");
      assertBound(num(s.get("eps_classic")), num(s.get("order_classic")),
          RdpConversions.epsilon(shortOrders, shortRdp, delta, Conversion.CLASSIC),
          what + " short classic");
      assertBound(num(s.get("eps_improved_dp_accounting")), num(s.get("order_improved")),
          RdpConversions.epsilon(shortOrders, shortRdp, delta, Conversion.IMPROVED),
          what + " short improved");
    }
  }

  @Test
  void laplaceRdpAndPate2017DataIndependentBoundMatchReference() {
    JsonNode c = pateCase("c.dp_accounting.laplace_vs_pate2017_data_independent");
    Orders orders = dpAccountingDefaultOrders(
        pateCase("c.dp_accounting.gaussian_conversion").get("inputs"));
    double delta = num(c.get("inputs").get("delta"));
    JsonNode rows = c.get("outputs").get("rows");
    assertTrue(rows.size() > 0);
    for (JsonNode row : rows) {
      double eps0 = num(row.get("per_query_pure_eps"));
      double count = num(row.get("compositions"));
      String what = "eps0=" + eps0 + " count=" + count;

      RdpLedger laplace = new RdpLedger(orders);
      RdpLedger pureDp = new RdpLedger(Orders.moments2017());
      for (int i = 0; i < count; i++) {
        laplace.add(RdpCurves.laplace(eps0, orders));
        pureDp.add(RdpCurves.pureDp(eps0, Orders.moments2017()));
      }
      assertBound(num(row.get("dp_accounting_laplace_eps_improved")),
          num(row.get("order_improved")), laplace.epsilon(delta, Conversion.IMPROVED),
          what + " laplace improved");
      assertBound(num(row.get("dp_accounting_laplace_eps_classic")),
          num(row.get("order_classic")), laplace.epsilon(delta, Conversion.CLASSIC),
          what + " laplace classic");
      assertClose(num(row.get("pate2017_data_independent_eps")),
          pureDp.epsilon(delta, Conversion.CLASSIC).epsilon(), CLOSED_FORM_REL_TOL,
          what + " PATE 2017 data-independent");
    }
  }

  @Test
  void subsampledGaussianConversionsMatchDpAccounting() {
    JsonNode cases = ReferenceVectors.sgm().get("cases");
    assertTrue(cases.size() > 0);
    for (JsonNode c : cases) {
      Orders orders = Orders.of(array(c.get("orders")));
      EpsilonBound bound = RdpConversions.epsilon(orders, array(c.get("rdp")),
          num(c.get("delta")), Conversion.IMPROVED);
      assertBound(num(c.get("epsilon_improved")), num(c.get("order")), bound,
          "sgm q=" + c.get("sampling_rate") + " nm=" + c.get("noise_multiplier"));
    }
  }
}
