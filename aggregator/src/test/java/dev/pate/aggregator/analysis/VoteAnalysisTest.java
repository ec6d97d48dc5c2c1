package dev.pate.aggregator.analysis;

import static dev.pate.aggregator.rdp.ReferenceVectors.CLOSED_FORM_REL_TOL;
import static dev.pate.aggregator.rdp.ReferenceVectors.assertClose;
import static dev.pate.aggregator.rdp.ReferenceVectors.num;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.pate.aggregator.accounting.NoiseKind;
import dev.pate.aggregator.accounting.QueryAccounting;
import dev.pate.aggregator.gnmax.ConfidentGnmaxAccounting;
import dev.pate.aggregator.gnmax.GnmaxAccounting;
import dev.pate.aggregator.lnmax.LnmaxAccounting;
import dev.pate.aggregator.rdp.Conversion;
import dev.pate.aggregator.rdp.EpsilonBound;
import dev.pate.aggregator.rdp.Orders;
import dev.pate.aggregator.rdp.RdpConversions;
import dev.pate.aggregator.rdp.ReferenceVectors;
import dev.pate.aggregator.votes.VoteMatrix;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

class VoteAnalysisTest {
  private static final VoteAnalysis NO_RELEASE = new VoteAnalysis();

  private static VoteMatrix votes(JsonNode inputs) {
    return VoteMatrix.of(ReferenceVectors.voteRows(inputs));
  }

  /** The paper's Confident-GNMax tables: expected accounting, long orders, both conversions. */
  @Test
  void expectedConfidentGnmaxReproducesTheReferenceEpsilons() {
    for (JsonNode c : ReferenceVectors.casesWithPrefix("b18.confident_gnmax.")) {
      JsonNode in = c.get("inputs");
      JsonNode out = c.get("outputs");
      AnalysisRequest request = AnalysisRequest.of(new Mechanism.ConfidentGnmax(
              num(in.get("threshold")), num(in.get("sigma1")), num(in.get("sigma2"))))
          .withOrders(ReferenceVectors.longOrders2018())
          .withDelta(num(in.get("delta")))
          .withExpected(true);
      for (Conversion conversion : Conversion.values()) {
        AnalysisResult r = NO_RELEASE.analyze(votes(in), request.withConversion(conversion));
        String suffix = conversion == Conversion.CLASSIC ? "classic" : "improved_dp_accounting";
        String orderKey = conversion == Conversion.CLASSIC ? "order_classic" : "order_improved";
        String id = c.get("id").asText() + " " + conversion.id();
        assertClose(num(out.get("data_dependent").get("eps_" + suffix)), r.epsilon().epsilon(),
            CLOSED_FORM_REL_TOL, id + " epsilon");
        assertClose(num(out.get("data_dependent").get(orderKey)), r.epsilon().order(), 1e-12,
            id + " order");
        // The paper's "data-independent" figure weights GNMax by the answer probability: it is
        // reported beside the guarantee, which charges every query both steps.
        EpsilonBound paper = r.epsilonPaperDataIndependent().orElseThrow();
        assertClose(num(out.get("data_independent").get("eps_" + suffix)), paper.epsilon(),
            CLOSED_FORM_REL_TOL, id + " paper's data-independent");
        double[] perQuery = new ConfidentGnmaxAccounting(num(in.get("threshold")),
            num(in.get("sigma1")), num(in.get("sigma2")), request.orders(), NoiseKind.CONTINUOUS)
            .dataIndependentRdp();
        double[] all = new double[perQuery.length];
        add(all, perQuery, r.queries());
        assertEquals(RdpConversions.epsilon(request.orders(), all, request.delta(), conversion)
            .epsilon(), r.epsilonDataIndependent().epsilon(), 1e-12, id + " guarantee");
        assertTrue(r.epsilonDataIndependent().epsilon() > paper.epsilon(), id);
        assertClose(num(out.get("data_dependent").get("expected_answered")), r.answered(),
            CLOSED_FORM_REL_TOL, id + " expected answered");
        assertEquals(in.get("rows").get(1).asInt() - in.get("rows").get(0).asInt(), r.queries());
        assertTrue(r.expected());
      }
    }
  }

  @Test
  void gnmaxReproducesTheCumulativeReferenceEpsilons() {
    for (JsonNode c : ReferenceVectors.casesWithPrefix("b18.gnmax.cum.")) {
      JsonNode in = c.get("inputs");
      JsonNode expected = c.get("outputs").get("short_orders");
      AnalysisResult r = NO_RELEASE.analyze(votes(in),
          AnalysisRequest.of(new Mechanism.Gnmax(num(in.get("sigma"))))
              .withOrders(Orders.of(ReferenceVectors.array(in.get("short_orders"))))
              .withConversion(Conversion.CLASSIC)
              .withDelta(num(in.get("delta"))));
      assertClose(num(expected.get("data_dependent").get("eps_classic")), r.epsilon().epsilon(),
          CLOSED_FORM_REL_TOL, c.get("id").asText());
      assertClose(num(expected.get("data_independent").get("eps_classic")),
          r.epsilonDataIndependent().epsilon(), CLOSED_FORM_REL_TOL, c.get("id").asText());
      assertEquals(r.queries(), r.answered());
    }
  }

  /** Grouping by profile and summing in parallel chunks equals the plain sum over rows. */
  @Test
  void everyMechanismEqualsTheRowByRowSumOfItsAccounting() {
    VoteMatrix votes = VoteMatrix.of(ReferenceVectors.voteRows("medium", 0, 1000));
    Orders orders = Orders.defaults();
    double threshold = 140;
    for (NoiseKind noise : NoiseKind.values()) {
      Map<Mechanism, QueryAccounting> cases = Map.of(
          new Mechanism.Gnmax(40), new GnmaxAccounting(40, orders, noise),
          new Mechanism.Lnmax(0.05), new LnmaxAccounting(0.05, orders, noise),
          new Mechanism.ConfidentGnmax(threshold, 150, 40),
          new ConfidentGnmaxAccounting(threshold, 150, 40, orders, noise));
      for (Map.Entry<Mechanism, QueryAccounting> e : cases.entrySet()) {
        QueryAccounting accounting = e.getValue();
        double[] dependent = new double[orders.size()];
        double[] independent = new double[orders.size()];
        long answered = 0;
        for (int q = 0; q < votes.queries(); q++) {
          double[] row = votes.row(q);
          boolean answers = !(accounting instanceof ConfidentGnmaxAccounting c)
              || c.answersWithoutNoise(row);
          answered += answers ? 1 : 0;
          add(dependent, accounting.dataDependentRdp(row, answers));
          add(independent, accounting.dataIndependentRdp()); // as if answered, whatever it did
        }
        AnalysisResult r = NO_RELEASE.analyze(votes, AnalysisRequest.of(e.getKey())
            .withOrders(orders).withNoise(noise));
        String what = e.getKey() + " " + noise;
        EpsilonBound expected = RdpConversions.epsilon(orders, dependent, 1e-5, Conversion.IMPROVED);
        assertClose(expected.epsilon(), r.epsilon().epsilon(), 1e-12, what + " epsilon");
        assertEquals(expected.order(), r.epsilon().order(), what + " order");
        assertClose(RdpConversions.epsilon(orders, independent, 1e-5, Conversion.IMPROVED)
            .epsilon(), r.epsilonDataIndependent().epsilon(), 1e-12, what + " independent");
        assertEquals(answered, r.answered(), what + " answered");
        assertTrue(r.epsilon().epsilon() <= r.epsilonDataIndependent().epsilon(), what);
      }
    }
  }

  @Test
  void actualConfidentAccountingCountsQueriesReachingTheThreshold() {
    VoteMatrix votes = VoteMatrix.of(ReferenceVectors.voteRows("weak", 0, 300));
    long reaching = 0;
    for (int q = 0; q < votes.queries(); q++) {
      double max = 0;
      for (double v : votes.row(q)) {
        max = Math.max(max, v);
      }
      reaching += max >= 60 ? 1 : 0;
    }
    assertTrue(reaching > 0 && reaching < 300, "the test needs both kinds: " + reaching);
    AnalysisResult r = NO_RELEASE.analyze(votes,
        AnalysisRequest.of(new Mechanism.ConfidentGnmax(60, 20, 10)));
    assertEquals(reaching, r.answered());
    assertEquals(reaching, r.toMap().get("queries_answered"));
  }

  @Test
  void discreteNoiseIsNeverCheaper() {
    VoteMatrix votes = VoteMatrix.of(ReferenceVectors.voteRows("strong", 0, 200));
    for (Mechanism m : List.of(new Mechanism.Gnmax(40), new Mechanism.Gnmax(5),
        new Mechanism.ConfidentGnmax(200, 150, 40), new Mechanism.ConfidentGnmax(100, 3, 2))) {
      AnalysisRequest request = AnalysisRequest.of(m);
      double continuous = NO_RELEASE.analyze(votes, request).epsilon().epsilon();
      double discrete =
          NO_RELEASE.analyze(votes, request.withNoise(NoiseKind.DISCRETE)).epsilon().epsilon();
      assertTrue(discrete >= continuous, m + ": " + discrete + " < " + continuous);
    }
  }

  /**
   * The Table 2 pipeline through the facade: expected accounting, classic conversion; a zero
   * noise draw publishes exactly the noiseless value the official script prints, a draw of 1
   * adds one standard deviation.
   */
  @Test
  void smoothSensitivityReleaseMatchesTheTable2Pipeline() {
    for (JsonNode c :
        ReferenceVectors.casesWithPrefix("b18.smooth_sensitivity.table2_pipeline.")) {
      JsonNode in = c.get("inputs");
      JsonNode out = c.get("outputs");
      AnalysisRequest request = AnalysisRequest.of(new Mechanism.ConfidentGnmax(
              num(in.get("threshold")), num(in.get("sigma1")), num(in.get("sigma2"))))
          .withOrders(ReferenceVectors.longOrders2018())
          .withDelta(num(in.get("delta")))
          .withConversion(Conversion.CLASSIC)
          .withExpected(true)
          .withSmoothSensitivity(true)
          .withTeachers(in.get("num_teachers").asInt());
      String id = c.get("id").asText();
      SmoothSensitivityOutcome zero = new VoteAnalysis(sigma -> 0.0)
          .analyze(votes(in), request).smoothSensitivity().orElseThrow();
      assertEquals(SmoothSensitivityOutcome.Status.RELEASED, zero.status(), id);
      assertClose(num(out.get("order")), zero.order(), 1e-12, id + " order");
      assertClose(num(out.get("beta_opt")), zero.beta(), CLOSED_FORM_REL_TOL, id + " beta");
      assertClose(num(out.get("ss_opt")), zero.smoothSensitivity(), 1e-6, id + " ss");
      assertClose(num(out.get("sigma_ss_opt")), zero.sigmaSs(), 1e-6, id + " sigma_ss");
      Matcher m = Pattern.compile("goes from [0-9.]+ to ([0-9.]+) \\+/- ([0-9.]+)")
          .matcher(out.get("stdout_ss").asText());
      assertTrue(m.find(), id);
      assertEquals(Double.parseDouble(m.group(1)), zero.epsilonReleased(), 0.0005 + 1e-12, id);
      assertEquals(Double.parseDouble(m.group(2)), zero.noiseStd(), 0.0005 + 1e-12, id);

      SmoothSensitivityOutcome one = new VoteAnalysis(sigma -> sigma)
          .analyze(votes(in), request).smoothSensitivity().orElseThrow();
      assertEquals(zero.epsilonReleased() + zero.noiseStd(), one.epsilonReleased(), 1e-12, id);
    }
  }

  @Test
  void smoothSensitivityReportsWhenNothingCanBeReleased() {
    VoteMatrix votes = VoteMatrix.of(ReferenceVectors.voteRows("strong", 0, 50));
    VoteAnalysis analysis = new VoteAnalysis(sigma -> 0.0);
    // sigma 20 at order 25: condition C6 fails (official unit test), so no data-dependent release
    AnalysisResult fail = analysis.analyze(votes, AnalysisRequest.of(new Mechanism.Gnmax(20))
        .withOrders(Orders.of(25)).withSmoothSensitivity(true));
    SmoothSensitivityOutcome outcome = fail.smoothSensitivity().orElseThrow();
    assertEquals(SmoothSensitivityOutcome.Status.CONDITIONS_FAIL, outcome.status());
    assertEquals(fail.epsilonDataIndependent().epsilon(), outcome.epsilonReleased());
    // sigma 1000: the data-dependent bound never helps, even for unanimous votes
    AnalysisResult independent = analysis.analyze(votes,
        AnalysisRequest.of(new Mechanism.Gnmax(1000)).withSmoothSensitivity(true));
    assertEquals(SmoothSensitivityOutcome.Status.DATA_INDEPENDENT,
        independent.smoothSensitivity().orElseThrow().status());
  }

  @Test
  void toMapHasTheDocumentedKeysAndOnlyFiniteNumbers() {
    VoteMatrix votes = VoteMatrix.of(ReferenceVectors.voteRows("strong", 0, 100));
    AnalysisResult actual = new VoteAnalysis(sigma -> 0.5).analyze(votes,
        AnalysisRequest.of(new Mechanism.ConfidentGnmax(200, 150, 40)).withSmoothSensitivity(true));
    Map<String, Object> map = actual.toMap();
    assertEquals(List.of("mechanism", "noise", "conversion", "orders", "delta", "epsilon", "order",
        "epsilon_data_independent", "order_data_independent", "queries", "queries_answered",
        "smooth_sensitivity", "seconds"), List.copyOf(map.keySet()));
    assertEquals("confident-gnmax", map.get("mechanism"));
    assertEquals("continuous", map.get("noise"));
    assertEquals("improved", map.get("conversion"));
    assertEquals(Orders.defaults().size(), map.get("orders"));
    @SuppressWarnings("unchecked")
    Map<String, Object> ss = (Map<String, Object>) map.get("smooth_sensitivity");
    assertTrue(ss.keySet().containsAll(List.of("beta", "sigma_ss", "epsilon_released")));
    assertEquals("released", ss.get("status"));
    assertFinite(map);

    Map<String, Object> expected = NO_RELEASE.analyze(votes,
        AnalysisRequest.of(new Mechanism.ConfidentGnmax(200, 150, 40)).withExpected(true)).toMap();
    assertTrue(expected.containsKey("expected_answered") && !expected.containsKey("queries_answered"));
    assertTrue(!expected.containsKey("smooth_sensitivity"));
    assertFinite(expected);
    assertTrue(actual.tableRows().size() >= 8);
  }

  @Test
  void requestsAreValidatedUpFront() {
    AnalysisRequest gnmax = AnalysisRequest.of(new Mechanism.Gnmax(40));
    assertMessage("smoothSensitivity:", () -> AnalysisRequest.of(new Mechanism.Lnmax(0.05))
        .withSmoothSensitivity(true));
    assertMessage("smoothSensitivity:", () -> gnmax.withNoise(NoiseKind.DISCRETE)
        .withSmoothSensitivity(true));
    assertMessage("delta:", () -> gnmax.withDelta(1));
    assertMessage("sigma:", () -> new Mechanism.Gnmax(-1));
    assertMessage("threshold:", () -> new Mechanism.ConfidentGnmax(Double.NaN, 1, 1));
    assertMessage("teachers:", () -> gnmax.withTeachers(-3));
    VoteMatrix votes = VoteMatrix.of(ReferenceVectors.voteRows("strong", 0, 5));
    assertThrows(IllegalStateException.class,
        () -> NO_RELEASE.analyze(votes, gnmax.withSmoothSensitivity(true)));
    assertMessage("teachers: 100 is less than",
        () -> new VoteAnalysis(s -> 0.0).analyze(votes, gnmax.withSmoothSensitivity(true)
            .withTeachers(100)));
  }

  private static void assertMessage(String prefix, Runnable r) {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, r::run);
    assertTrue(e.getMessage().startsWith(prefix), e.getMessage());
  }

  @SuppressWarnings("unchecked")
  private static void assertFinite(Map<String, Object> map) {
    for (Map.Entry<String, Object> e : map.entrySet()) {
      if (e.getValue() instanceof Double d) {
        assertTrue(Double.isFinite(d), e.getKey() + " = " + d);
      } else if (e.getValue() instanceof Map<?, ?> nested) {
        assertFinite((Map<String, Object>) nested);
      }
    }
  }

  private static void add(double[] total, double[] values) {
    add(total, values, 1);
  }

  private static void add(double[] total, double[] values, double times) {
    for (int i = 0; i < total.length; i++) {
      total[i] += times * values[i];
    }
  }
}
