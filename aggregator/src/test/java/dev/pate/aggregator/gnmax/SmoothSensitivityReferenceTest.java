package dev.pate.aggregator.gnmax;

import static dev.pate.aggregator.gnmax.Pate2018Reference.ROOT_FINDING_REL_TOL;
import static dev.pate.aggregator.rdp.ReferenceVectors.CLOSED_FORM_REL_TOL;
import static dev.pate.aggregator.rdp.ReferenceVectors.array;
import static dev.pate.aggregator.rdp.ReferenceVectors.assertClose;
import static dev.pate.aggregator.rdp.ReferenceVectors.num;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.pate.aggregator.accounting.NoiseKind;
import dev.pate.aggregator.rdp.Conversion;
import dev.pate.aggregator.rdp.EpsilonBound;
import dev.pate.aggregator.rdp.Orders;
import dev.pate.aggregator.rdp.RdpConversions;
import dev.pate.aggregator.rdp.RdpLedger;
import dev.pate.aggregator.rdp.ReferenceVectors;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/** Replays every {@code b18.smooth_sensitivity.*} case of the reference vectors. */
class SmoothSensitivityReferenceTest {

  @TestFactory
  List<DynamicTest> gnmaxLocalAndSmoothSensitivity() {
    JsonNode c = ReferenceVectors.pateCase("b18.smooth_sensitivity.gnmax.single");
    List<DynamicTest> tests = new ArrayList<>();
    for (JsonNode r : c.get("outputs").get("rows")) {
      String what = r.get("votes").asText() + " row " + r.get("row").asInt() + " sigma "
          + num(r.get("sigma")) + " order " + num(r.get("order"));
      tests.add(DynamicTest.dynamicTest(what, () -> {
        double[] counts = array(r.get("counts"));
        int teachers = r.get("num_teachers").asInt();
        double sigma = num(r.get("sigma"));
        double order = num(r.get("order"));
        assertClose(num(r.get("logq")), GnmaxRdp.logq(counts, sigma), CLOSED_FORM_REL_TOL,
            what + " logq");
        assertClose(num(r.get("logq0")), SmoothSensitivity.logq0(sigma, order),
            ROOT_FINDING_REL_TOL, what + " logq0");
        assertClose(num(r.get("logq1")), SmoothSensitivity.logq1(sigma, order, counts.length),
            ROOT_FINDING_REL_TOL, what + " logq1");
        double[] ls =
            SmoothSensitivity.localSensitivityBoundsGnmax(counts, teachers, sigma, order);
        assertClose(array(r.get("local_sensitivity_d0_to_249")), ls, ROOT_FINDING_REL_TOL,
            what + " local sensitivity");
        Iterator<Map.Entry<String, JsonNode>> smooth = r.get("smooth_sensitivity").fields();
        int betas = 0;
        while (smooth.hasNext()) {
          Map.Entry<String, JsonNode> e = smooth.next();
          double beta = Double.parseDouble(e.getKey());
          assertClose(num(e.getValue()), SmoothSensitivity.discountedMax(beta, ls),
              ROOT_FINDING_REL_TOL, what + " smooth sensitivity at beta " + beta);
          betas++;
        }
        assertEquals(3, betas, what + " betas");
      }));
    }
    assertEquals(9, tests.size());
    return tests;
  }

  @Test
  void rdpOfSmoothSensitivityGaussian() {
    JsonNode c = ReferenceVectors.pateCase("b18.smooth_sensitivity.gnss_rdp");
    for (JsonNode r : c.get("outputs").get("rows")) {
      assertClose(num(r.get("rdp")), SmoothSensitivity.rdpOfSmoothSensitivityGaussian(
          num(r.get("beta")), num(r.get("sigma")), num(r.get("order"))),
          CLOSED_FORM_REL_TOL, "gnss rdp " + r);
    }
  }

  @Test
  void checkConditions() {
    JsonNode c = ReferenceVectors.pateCase("b18.smooth_sensitivity.check_conditions");
    int rows = 0;
    for (JsonNode r : c.get("outputs").get("rows")) {
      SmoothSensitivity.Conditions got = SmoothSensitivity.checkConditions(
          num(r.get("sigma")), r.get("num_classes").asInt(), num(r.get("order")));
      assertEquals(r.get("c5_c6").get(0).asBoolean(), got.c5(), "C5 for " + r);
      assertEquals(r.get("c5_c6").get(1).asBoolean(), got.c6(), "C6 for " + r);
      rows++;
    }
    assertEquals(5, rows);
  }

  @TestFactory
  List<DynamicTest> table2Pipeline() {
    List<DynamicTest> tests = new ArrayList<>();
    for (JsonNode c :
        ReferenceVectors.casesWithPrefix("b18.smooth_sensitivity.table2_pipeline.")) {
      tests.add(DynamicTest.dynamicTest(c.get("id").asText(), () -> replayPipeline(c)));
    }
    assertEquals(2, tests.size());
    return tests;
  }

  /**
   * {@code smooth_sensitivity_table.py} main: the order from {@code _compute_rdp} (expected
   * accounting, classic conversion, long orders), then the data-independence tests, C5/C6 and
   * the optimal (beta, ss, sigma_ss); the printed RDP before and after the release too. The
   * official local sensitivity (GNMax's bounds weighted by the answer probability at the votes)
   * is rebuilt here from the official functions: the release's own bounds are larger (they also
   * bound the change of the answer probability), which the last check asserts.
   */
  private static void replayPipeline(JsonNode c) {
    String id = c.get("id").asText();
    JsonNode inputs = c.get("inputs");
    JsonNode outputs = c.get("outputs");
    double threshold = num(inputs.get("threshold"));
    double sigma1 = num(inputs.get("sigma1"));
    double sigma2 = num(inputs.get("sigma2"));
    double delta = num(inputs.get("delta"));
    int teachers = inputs.get("num_teachers").asInt();
    double[][] votes = ReferenceVectors.voteRows(inputs);

    Orders orders = ReferenceVectors.longOrders2018();
    ConfidentGnmaxAccounting accounting =
        new ConfidentGnmaxAccounting(threshold, sigma1, sigma2, orders, NoiseKind.CONTINUOUS);
    RdpLedger ledger = new RdpLedger(orders);
    for (double[] v : votes) {
      ledger.add(accounting.expectedRdp(v));
    }
    EpsilonBound eps = ledger.epsilon(delta, Conversion.CLASSIC);
    double order = eps.order();
    assertClose(num(outputs.get("order")), order, 1e-12, id + " order");

    SmoothSensitivityRelease release = new SmoothSensitivityRelease(ReleaseTarget.confidentGnmax(
        teachers, votes[0].length, threshold, sigma1, sigma2, true), order);
    assertEquals(outputs.get("data_ind_step1").asBoolean(), release.dataIndependentStep1(),
        id + " data_ind_step1");
    assertEquals(outputs.get("data_ind_step2").asBoolean(), release.dataIndependentStep2(),
        id + " data_ind_step2");
    assertTrue(release.conditions().hold(), id + " C5/C6 hold (the official run went on)");
    double rdp = 0;
    double answered = 0;
    double[] official = new double[teachers];
    for (double[] v : votes) {
      double pr = Math.exp(accounting.logPrAnswered(v));
      rdp += release.queryRdp(v);
      answered += pr;
      double[] ls1 = release.dataIndependentStep1() ? new double[teachers]
          : SmoothSensitivity.localSensitivityBoundsThreshold(v, teachers, threshold, sigma1, order);
      double[] ls2 = SmoothSensitivity.localSensitivityBoundsGnmax(v, teachers, sigma2, order);
      for (int d = 0; d < teachers; d++) {
        official[d] += ls1[d] + pr * ls2[d];
      }
      release.add(v, 1);
    }
    assertEquals(rdp, release.rdp(), 1e-12 * rdp, id + " rdp");
    ReleaseParameters p =
        SmoothSensitivityRelease.paperParameters(order, rdp, official).orElseThrow();
    double ss = SmoothSensitivity.discountedMax(p.beta(), official);
    assertClose(num(outputs.get("beta_opt")), p.beta(), CLOSED_FORM_REL_TOL, id + " beta");
    assertClose(num(outputs.get("ss_opt")), ss, ROOT_FINDING_REL_TOL, id + " ss");
    assertClose(num(outputs.get("sigma_ss_opt")), p.sigmaSs(), ROOT_FINDING_REL_TOL,
        id + " sigma_ss");

    // "100: E[answered queries] = 56.4, RDP at 34.5 goes from 0.500 to 0.825 +/- 0.263 (...)"
    Matcher m = Pattern.compile("E\\[answered queries\\] = ([0-9.]+), RDP at ([0-9.]+) goes from"
        + " ([0-9.]+) to ([0-9.]+) \\+/- ([0-9.]+)").matcher(outputs.get("stdout_ss").asText());
    assertTrue(m.find(), id + " stdout_ss format");
    assertPrinted(m.group(1), answered, id + " answered");
    assertPrinted(m.group(3), RdpConversions.epsilonAtOrder(order, rdp, delta, Conversion.CLASSIC),
        id + " eps before release");
    assertPrinted(m.group(4), RdpConversions.epsilonAtOrder(order, rdp + p.releaseRdp(), delta,
        Conversion.CLASSIC), id + " eps with release");
    assertPrinted(m.group(5), ss * p.sigmaSs(), id + " noise std");
    assertTrue(release.smoothSensitivity(p.beta()) >= ss,
        id + ": the release's smooth sensitivity is never below the official one");
  }

  /** A value printed with d decimals must round to the printed text. */
  private static void assertPrinted(String printed, double actual, String what) {
    int decimals = printed.length() - printed.indexOf('.') - 1;
    assertEquals(Double.parseDouble(printed), actual, 0.5 * Math.pow(10, -decimals) + 1e-12,
        what + ": printed " + printed);
  }
}
