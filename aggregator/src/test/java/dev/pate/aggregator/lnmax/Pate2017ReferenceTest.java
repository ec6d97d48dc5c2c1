package dev.pate.aggregator.lnmax;

import static dev.pate.aggregator.rdp.ReferenceVectors.CLOSED_FORM_REL_TOL;
import static dev.pate.aggregator.rdp.ReferenceVectors.array;
import static dev.pate.aggregator.rdp.ReferenceVectors.assertClose;
import static dev.pate.aggregator.rdp.ReferenceVectors.casesWithPrefix;
import static dev.pate.aggregator.rdp.ReferenceVectors.num;
import static dev.pate.aggregator.rdp.ReferenceVectors.pateCase;
import static dev.pate.aggregator.rdp.ReferenceVectors.voteRows;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.pate.aggregator.rdp.Conversion;
import java.util.List;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/** Replays section a (PATE 2017, {@code a17.*}) of the reference vectors with the official code. */
class Pate2017ReferenceTest {
  private static final double TOL = CLOSED_FORM_REL_TOL;
  private static final Pate2017Variant OFFICIAL = Pate2017Variant.OFFICIAL_CODE;

  @TestFactory
  Stream<DynamicTest> mainPrintout() {
    List<JsonNode> cases = casesWithPrefix("a17.main.");
    return cases.stream().map(c -> DynamicTest.dynamicTest(c.get("id").asText(), () -> {
      JsonNode in = c.get("inputs");
      JsonNode out = c.get("outputs");
      assertArrayEquals(new double[] {1, 2, 3, 4, 5, 6, 7, 8}, array(in.get("moments")));
      double gamma = num(in.get("noise_eps"));
      assertEquals(1 / gamma, num(in.get("lap_scale")), 1e-12);
      assertEquals(2 * gamma, num(in.get("per_query_pure_eps")), 1e-12);

      Pate2017Report r = Pate2017Analysis.analyse(voteRows(in), gamma, num(in.get("delta")),
          num(in.get("beta")), OFFICIAL);

      assertClose(array(out.get("total_log_mgf")), r.totalLogMgf(), TOL, "total_log_mgf");
      assertClose(array(out.get("eps_per_moment")), r.epsPerMoment(), TOL, "eps_per_moment");
      assertClose(num(out.get("eps")), r.epsilon().epsilon(), TOL, "eps");
      assertEquals(num(out.get("best_moment")), r.bestMoment(), "best_moment");
      assertEquals(out.get("best_is_last_moment").asBoolean(), r.bestIsLastMoment());
      assertEquals(Conversion.CLASSIC, r.epsilon().conversion());
      assertEquals(in.get("rows").get(1).asInt() - in.get("rows").get(0).asInt(), r.queries());
      assertClose(array(out.get("data_independent_log_mgf")), r.dataIndependentLogMgf(), TOL,
          "data_independent_log_mgf");
      assertClose(array(out.get("data_independent_eps_per_moment")),
          r.dataIndependentEpsPerMoment(), TOL, "data_independent_eps_per_moment");
      assertClose(num(out.get("data_independent_eps")), r.dataIndependentEpsilon().epsilon(), TOL,
          "data_independent_eps");
      assertClose(array(out.get("smoothed_sens_per_moment")), r.smoothedSensPerMoment(), TOL,
          "smoothed_sens_per_moment");
      assertClose(num(out.get("ss_eps")), r.ssEps(), TOL, "ss_eps");
      assertClose(num(out.get("ss_scale")), r.ssScale(), TOL, "ss_scale");
    }));
  }

  @TestFactory
  Stream<DynamicTest> perQueryFunctions() {
    return casesWithPrefix("a17.per_query.").stream().map(c ->
        DynamicTest.dynamicTest(c.get("id").asText(), () -> {
          double gamma = num(c.get("inputs").get("noise_eps"));
          double[] moments = array(c.get("inputs").get("moments"));
          JsonNode queries = c.get("outputs").get("queries");
          assertTrue(queries.size() > 0);
          for (JsonNode query : queries) {
            double[] counts = array(query.get("counts"));
            String what = "row " + query.get("row").asInt();
            double q = Pate2017Moments.computeQNoisyMax(counts, gamma);
            assertClose(num(query.get("q")), q, TOL, what + " q");
            assertClose(num(query.get("logq")), Math.log(q), TOL, what + " logq");
            assertClose(num(query.get("logq")), Pate2018Lnmax.computeLogqLaplace(counts, 1 / gamma),
                TOL, what + " logq (2018 form)");
            assertClose(num(query.get("q_approx")),
                Pate2017Moments.computeQNoisyMaxApprox(counts, gamma), TOL, what + " q_approx");
            double[] logmgf = new double[moments.length];
            double[] smooth = new double[moments.length];
            for (int i = 0; i < moments.length; i++) {
              int l = (int) moments[i];
              logmgf[i] = Pate2017Moments.logmgfFromCounts(counts, gamma, l, OFFICIAL);
              smooth[i] = Pate2017SmoothSensitivity.smoothedSens(counts, gamma, l, 0.09, OFFICIAL);
            }
            assertClose(array(query.get("logmgf_l1_to_8")), logmgf, TOL, what + " logmgf");
            assertClose(array(query.get("smoothed_sens_l1_to_8")), smooth, TOL,
                what + " smoothed_sens");
          }
        }));
  }

  @TestFactory
  Stream<DynamicTest> logmgfExactVersus2018RdpPureEps() {
    JsonNode c = pateCase("a17.logmgf_exact_vs_2018_rdp_pure_eps");
    int[] moments = toInts(array(c.get("inputs").get("moments")));
    JsonNode rows = c.get("outputs").get("rows");
    assertTrue(rows.size() > 0);
    return StreamSupport.stream(rows.spliterator(), false).map(row ->
        DynamicTest.dynamicTest("eps=" + row.get("priv_eps") + " q=" + row.get("q"), () -> {
          double eps = num(row.get("priv_eps"));
          double q = num(row.get("q"));
          assertClose(num(row.get("threshold_2018")), 1 / (Math.exp(eps) + 1), TOL, "threshold");
          double[] official = new double[moments.length];
          double[] rdp = new double[moments.length];
          double[] rdpTimesL = new double[moments.length];
          for (int i = 0; i < moments.length; i++) {
            int l = moments[i];
            official[i] = Pate2017Moments.logmgfExact(q, eps, l);
            rdp[i] = Pate2018Lnmax.rdpPureEps(Math.log(q), eps, l + 1.0);
            rdpTimesL[i] = rdp[i] * l;
            // The corrected 2017 moment is the 2018 RDP times l, and never below the official.
            assertEquals(rdpTimesL[i],
                Pate2017Moments.logmgf(q, eps, l, Pate2017Variant.CORRECTED), 0.0);
            assertTrue(rdpTimesL[i] >= official[i] - 1e-14, "corrected below official at l=" + l);
          }
          assertClose(array(row.get("logmgf_2017_l1_to_8")), official, TOL, "logmgf_exact");
          assertClose(array(row.get("rdp_2018_orders_2_to_9")), rdp, TOL, "rdp_pure_eps");
          assertClose(array(row.get("rdp_2018_times_order_minus_1")), rdpTimesL, TOL,
              "rdp_pure_eps * l");
        }));
  }

  private static int[] toInts(double[] values) {
    int[] out = new int[values.length];
    for (int i = 0; i < values.length; i++) {
      out[i] = (int) values[i];
      assertEquals(out[i], values[i], 0.0, "moment " + values[i] + " is not an integer");
    }
    return out;
  }
}
