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
import dev.pate.aggregator.release.ReleaseParameters;
import dev.pate.aggregator.release.SmoothSensitivityRelease;
import dev.pate.aggregator.lnmax.LnmaxAccounting;
import dev.pate.aggregator.mechanism.Mechanism;
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

  /** A release at order 20 (beta 0.02 < 1/40), fixed without looking at any votes. */
  private static final ReleaseParameters FIXED = new ReleaseParameters(20, 0.02, 10);

  /**
   * The Table 2 pipeline through the facade, with the paper's parameters given as fixed ones: a
   * zero noise draw publishes the noiseless data-dependent value the official script prints plus
   * the release's exact cost, which is more than the script's own figure (Theorem 23
   * under-states it); a draw of one standard deviation adds the release's own (larger, sound)
   * smooth sensitivity times sigma_ss.
   */
  @Test
  void releaseWithThePapersParametersPublishesTheTable2ValueOnTheGrid() {
    for (JsonNode c :
        ReferenceVectors.casesWithPrefix("b18.smooth_sensitivity.table2_pipeline.")) {
      JsonNode in = c.get("inputs");
      JsonNode out = c.get("outputs");
      ReleaseParameters paper = new ReleaseParameters(num(out.get("order")),
          num(out.get("beta_opt")), num(out.get("sigma_ss_opt")));
      Mechanism.ConfidentGnmax mechanism = new Mechanism.ConfidentGnmax(
          num(in.get("threshold")), num(in.get("sigma1")), num(in.get("sigma2")));
      AnalysisRequest request = AnalysisRequest.of(mechanism)
          .withOrders(ReferenceVectors.longOrders2018())
          .withDelta(num(in.get("delta")))
          .withConversion(Conversion.CLASSIC)
          .withExpected(true)
          .withRelease(paper)
          .withTeachers(in.get("num_teachers").asInt());
      String id = c.get("id").asText();
      SmoothSensitivityOutcome zero = new VoteAnalysis(sigma -> 0L)
          .analyze(votes(in), request).smoothSensitivity().orElseThrow();
      assertEquals(SmoothSensitivityOutcome.Status.RELEASED, zero.status(), id);
      assertOnGrid(zero.rdpReleased(), id);
      Matcher m = Pattern.compile("goes from ([0-9.]+) to ([0-9.]+) \\+/- ([0-9.]+)")
          .matcher(out.get("stdout_ss").asText());
      assertTrue(m.find(), id);
      double halfCell = SmoothSensitivityRelease.GRID / 2;
      // The classic conversion adds RDP to epsilon one for one at a fixed order.
      assertEquals(Double.parseDouble(m.group(1)) + paper.releaseRdp(), zero.epsilonReleased(),
          0.0005 + halfCell + 1e-12, id);
      assertTrue(zero.epsilonReleased() > Double.parseDouble(m.group(2)) + 0.2,
          id + ": the paper's figure " + m.group(2) + " under-states the release's cost");

      SmoothSensitivityRelease sound = new SmoothSensitivityRelease(request.releaseTarget(
          in.get("num_teachers").asInt(), votes(in).classes()), paper.order());
      for (double[] row : ReferenceVectors.voteRows(in)) {
        sound.add(row, 1);
      }
      double std = sound.smoothSensitivity(paper.beta()) * paper.sigmaSs();
      assertTrue(std >= Double.parseDouble(m.group(3)) - 0.0005, id + ": std " + std);
      SmoothSensitivityOutcome one = new VoteAnalysis(Math::round)
          .analyze(votes(in), request).smoothSensitivity().orElseThrow();
      assertOnGrid(one.rdpReleased(), id);
      assertEquals(zero.rdpReleased() + std, one.rdpReleased(), 2 * halfCell + 1e-12, id);
    }
  }

  /**
   * With discrete noise a vote file's release publishes the discrete accounting's sum (zero
   * noise: on the grid), in the actual and the expected accounting, and says so in its target.
   */
  @Test
  void discreteReleasePublishesTheDiscreteAccountingsSum() {
    VoteMatrix votes = VoteMatrix.of(ReferenceVectors.voteRows("strong", 0, 50));
    int teachers = (int) Math.ceil(votes.maxRowSum());
    ConfidentGnmaxAccounting accounting = new ConfidentGnmaxAccounting(
        0.8 * teachers, teachers / 2.0, 40, Orders.of(FIXED.order()), NoiseKind.DISCRETE);
    for (boolean expected : new boolean[] {false, true}) {
      SmoothSensitivityOutcome zero = new VoteAnalysis(sigma -> 0L).analyze(votes,
          AnalysisRequest.of(new Mechanism.ConfidentGnmax(accounting.threshold(),
                  accounting.sigma1(), accounting.sigma2()))
              .withNoise(NoiseKind.DISCRETE).withExpected(expected).withRelease(FIXED))
          .smoothSensitivity().orElseThrow();
      assertEquals(SmoothSensitivityOutcome.Status.RELEASED, zero.status(), zero.explanation());
      assertEquals(NoiseKind.DISCRETE, zero.target().noise());
      assertEquals("discrete", zero.toMap().get("noise"));
      double sum = 0;
      double[] row = new double[votes.classes()];
      for (int q = 0; q < votes.queries(); q++) {
        votes.copyRow(q, row);
        sum += (expected ? accounting.expectedRdp(row)
            : accounting.dataDependentRdp(row, accounting.answersWithoutNoise(row)))[0];
      }
      assertOnGrid(zero.rdpReleased(), "expected " + expected);
      assertEquals(sum, zero.rdpReleased(), SmoothSensitivityRelease.GRID / 2 + 1e-9,
          "expected " + expected);
    }
  }

  private static void assertOnGrid(double value, String what) {
    double cells = value / SmoothSensitivityRelease.GRID;
    assertEquals(Math.rint(cells), cells, 0.0, what + ": " + value + " is not on the grid");
  }

  @Test
  void smoothSensitivityReportsWhenNothingCanBeReleased() {
    VoteMatrix votes = VoteMatrix.of(ReferenceVectors.voteRows("strong", 0, 50));
    VoteAnalysis analysis = new VoteAnalysis(sigma -> 0L);
    // sigma 20 at order 25: condition C6 fails (official unit test), so no data-dependent release
    AnalysisResult fail = analysis.analyze(votes, AnalysisRequest.of(new Mechanism.Gnmax(20))
        .withOrders(Orders.of(25)).withRelease(new ReleaseParameters(25, 0.015, 10)));
    SmoothSensitivityOutcome outcome = fail.smoothSensitivity().orElseThrow();
    assertEquals(SmoothSensitivityOutcome.Status.CONDITIONS_FAIL, outcome.status());
    assertEquals(fail.epsilonDataIndependent().epsilon(), outcome.epsilonReleased());
    // sigma 1000: the data-dependent bound never helps, even for unanimous votes
    AnalysisResult independent = analysis.analyze(votes,
        AnalysisRequest.of(new Mechanism.Gnmax(1000)).withRelease(FIXED));
    assertEquals(SmoothSensitivityOutcome.Status.DATA_INDEPENDENT,
        independent.smoothSensitivity().orElseThrow().status());
    assertFinite(independent.toMap());
  }

  /**
   * The data owner's own analysis reports everything; a release only what may be published: no
   * data-dependent epsilon or order, no answered count, no smooth sensitivity or noise scale, no
   * timing.
   */
  @Test
  void toMapHasTheDocumentedKeysAndOnlyFiniteNumbers() {
    VoteMatrix votes = VoteMatrix.of(ReferenceVectors.voteRows("strong", 0, 100));
    Mechanism.ConfidentGnmax mechanism = new Mechanism.ConfidentGnmax(200, 150, 40);
    Map<String, Object> own = NO_RELEASE.analyze(votes, AnalysisRequest.of(mechanism)).toMap();
    assertEquals(List.of("mechanism", "noise", "conversion", "orders", "delta", "epsilon", "order",
        "epsilon_data_independent", "order_data_independent", "queries", "queries_answered",
        "seconds"), List.copyOf(own.keySet()));
    assertEquals("confident-gnmax", own.get("mechanism"));
    assertEquals("continuous", own.get("noise"));
    assertEquals("improved", own.get("conversion"));
    assertEquals(Orders.defaults().size(), own.get("orders"));
    assertFinite(own);

    AnalysisResult released = new VoteAnalysis(Math::round).analyze(votes,
        AnalysisRequest.of(mechanism).withRelease(FIXED));
    Map<String, Object> map = released.toMap();
    assertEquals(List.of("mechanism", "noise", "conversion", "orders", "delta",
        "epsilon_data_independent", "order_data_independent", "queries", "smooth_sensitivity"),
        List.copyOf(map.keySet()));
    @SuppressWarnings("unchecked")
    Map<String, Object> ss = (Map<String, Object>) map.get("smooth_sensitivity");
    assertEquals(List.of("status", "accounting", "teachers", "classes", "threshold", "sigma1",
        "sigma2", "order", "beta", "sigma_ss", "release_rdp", "rdp_released", "grid",
        "epsilon_released", "explanation"), List.copyOf(ss.keySet()));
    assertEquals("released", ss.get("status"));
    assertEquals("confident-actual", ss.get("accounting"));
    assertEquals(20.0, ss.get("order"));
    assertOnGrid((Double) ss.get("rdp_released"), "rdp_released");
    assertFinite(map);
    for (String[] row : released.tableRows()) {
      assertTrue(!row[0].contains("data-dependent") && !row[0].contains("answered")
          && !row[0].contains("seconds"), row[0]);
    }

    Map<String, Object> expected = NO_RELEASE.analyze(votes,
        AnalysisRequest.of(mechanism).withExpected(true)).toMap();
    assertTrue(expected.containsKey("expected_answered") && !expected.containsKey("queries_answered"));
    assertTrue(!expected.containsKey("smooth_sensitivity"));
    assertFinite(expected);
  }

  @Test
  void requestsAreValidatedUpFront() {
    AnalysisRequest gnmax = AnalysisRequest.of(new Mechanism.Gnmax(40));
    assertMessage("release:", () -> AnalysisRequest.of(new Mechanism.Lnmax(0.05))
        .withRelease(FIXED));
    assertEquals(NoiseKind.DISCRETE, gnmax.withNoise(NoiseKind.DISCRETE).withRelease(FIXED)
        .releaseTarget(250, 10).noise(), "a discrete release is valid (its own bounds)");
    assertMessage("order: 30.0 is not below", () -> new ReleaseParameters(30, 0.02, 10));
    assertMessage("beta:", () -> new ReleaseParameters(20, 0, 10));
    assertMessage("sigmaSs:", () -> new ReleaseParameters(20, 0.02, -1));
    assertMessage("delta:", () -> gnmax.withDelta(1));
    assertMessage("sigma:", () -> new Mechanism.Gnmax(-1));
    assertMessage("threshold:", () -> new Mechanism.ConfidentGnmax(Double.NaN, 1, 1));
    assertMessage("teachers:", () -> gnmax.withTeachers(-3));
    VoteMatrix votes = VoteMatrix.of(ReferenceVectors.voteRows("strong", 0, 5));
    assertThrows(IllegalStateException.class,
        () -> NO_RELEASE.analyze(votes, gnmax.withRelease(FIXED)));
    assertMessage("teachers: 100 is less than",
        () -> new VoteAnalysis(s -> 0L).analyze(votes, gnmax.withRelease(FIXED)
            .withTeachers(100)));
    VoteMatrix fractional = VoteMatrix.of(new double[][] {{200.5, 49.5}});
    assertMessage("votes:", () -> new VoteAnalysis(s -> 0L).analyze(fractional,
        gnmax.withRelease(FIXED)));
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
