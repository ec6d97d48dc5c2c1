package dev.pate.aggregator.lnmax;

import static dev.pate.aggregator.rdp.ReferenceVectors.casesWithPrefix;
import static dev.pate.aggregator.rdp.ReferenceVectors.num;
import static dev.pate.aggregator.rdp.ReferenceVectors.voteRows;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.pate.aggregator.accounting.NoiseKind;
import dev.pate.aggregator.accounting.PrivacyAccountant;
import dev.pate.aggregator.accounting.PrivacyStatement;
import dev.pate.aggregator.rdp.Conversion;
import dev.pate.aggregator.rdp.Orders;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The per-query LNMax accounting runs use: validity, fallback, discrete noise, extremes. */
class LnmaxAccountingTest {
  private static final double[] GAMMAS = {0.01, 0.05, 0.1, 0.5, 1, 2};

  private static double[] randomVotes(Random random) {
    int classes = 2 + random.nextInt(9);
    int teachers = 1 + random.nextInt(300);
    int favourite = random.nextInt(classes);
    double strength = random.nextDouble();
    double[] counts = new double[classes];
    for (int t = 0; t < teachers; t++) {
      int vote = random.nextDouble() < strength ? favourite : random.nextInt(classes);
      counts[vote]++;
    }
    return counts;
  }

  @Test
  void dataIndependentIsThePate2017Moment() {
    for (double gamma : GAMMAS) {
      for (NoiseKind kind : NoiseKind.values()) {
        double[] rdp = new LnmaxAccounting(gamma, Orders.moments2017(), kind)
            .dataIndependentRdp();
        for (int l = 1; l <= 8; l++) {
          assertEquals(Pate2017Moments.dataIndependentLogmgf(2 * gamma, l), l * rdp[l - 1],
              1e-12 * l * rdp[l - 1], "gamma=" + gamma + " l=" + l);
        }
      }
    }
  }

  @Test
  void dataDependentNeverExceedsAndFallsBackExactlyToDataIndependent() {
    Random random = new Random(7);
    Orders orders = Orders.defaults();
    int fallbacks = 0;
    for (int trial = 0; trial < 400; trial++) {
      double gamma = GAMMAS[random.nextInt(GAMMAS.length)];
      NoiseKind kind = NoiseKind.values()[random.nextInt(2)];
      LnmaxAccounting accounting = new LnmaxAccounting(gamma, orders, kind);
      double[] counts = randomVotes(random);
      double[] independent = accounting.dataIndependentRdp();
      double[] dependent = accounting.dataDependentRdp(counts, true);
      double logq = LnmaxAccounting.logq(counts, gamma, kind);
      boolean applies = Pate2018Lnmax.theorem3Applies(logq, 2 * gamma);
      for (int i = 0; i < orders.size(); i++) {
        assertTrue(dependent[i] >= 0 && dependent[i] <= independent[i]);
      }
      if (!applies) {
        fallbacks++;
        assertArrayEquals(independent, dependent, "fallback must be the data-independent value");
      }
    }
    assertTrue(fallbacks > 10, "the random votes never exercised the fallback");
  }

  @Test
  void neverBelowTheOfficial2017LogMoment() {
    Random random = new Random(11);
    int strictlyAbove = 0;
    for (int trial = 0; trial < 2000; trial++) {
      double gamma = GAMMAS[random.nextInt(GAMMAS.length)];
      double[] counts = randomVotes(random);
      double[] rdp = new LnmaxAccounting(gamma, Orders.moments2017(), NoiseKind.CONTINUOUS)
          .dataDependentRdp(counts, true);
      for (int l = 1; l <= 8; l++) {
        double official =
            Pate2017Moments.logmgfFromCounts(counts, gamma, l, Pate2017Variant.OFFICIAL_CODE);
        double ours = l * rdp[l - 1];
        assertTrue(ours >= official - 1e-12 * official - 1e-14,
            "gamma=" + gamma + " l=" + l + " counts=" + Arrays.toString(counts)
                + ": ours " + ours + " < official " + official);
        if (ours > official * (1 + 1e-6)) {
          strictlyAbove++;
        }
      }
    }
    assertTrue(strictlyAbove > 0, "no case where the official code uses an invalid bound");
  }

  @Test
  void officialCodeUndercountsWhereTheorem3DoesNotHold() {
    // q = 3/(4e) + 12/(4e^10) ~ 0.276 with eps = 2: below 0.5 but above 1/(e^2 + 1) ~ 0.119.
    double[] counts = {10, 9, 0};
    double gamma = 1;
    double q = Pate2017Moments.computeQNoisyMax(counts, gamma);
    assertTrue(q < 0.5 && q > 1 / (Math.exp(2) + 1));
    double official =
        Pate2017Moments.logmgfFromCounts(counts, gamma, 1, Pate2017Variant.OFFICIAL_CODE);
    double corrected =
        Pate2017Moments.logmgfFromCounts(counts, gamma, 1, Pate2017Variant.CORRECTED);
    assertEquals(Pate2017Moments.dataIndependentLogmgf(2, 1), corrected, 0.0);
    assertTrue(official < 0.5 * corrected, official + " vs " + corrected);
  }

  @Test
  void discreteNoiseBoundIsAtLeastTheContinuousOne() {
    Random random = new Random(13);
    for (int trial = 0; trial < 500; trial++) {
      double gamma = GAMMAS[random.nextInt(GAMMAS.length)];
      double[] counts = randomVotes(random);
      double continuous = LnmaxAccounting.logq(counts, gamma, NoiseKind.CONTINUOUS);
      double discrete = LnmaxAccounting.logq(counts, gamma, NoiseKind.DISCRETE);
      assertTrue(discrete >= continuous);
      assertTrue(discrete >= LnmaxAccounting.logqDiscrete(counts, gamma));
      double[] dc = new LnmaxAccounting(gamma, Orders.moments2017(), NoiseKind.CONTINUOUS)
          .dataDependentRdp(counts, true);
      double[] dd = new LnmaxAccounting(gamma, Orders.moments2017(), NoiseKind.DISCRETE)
          .dataDependentRdp(counts, true);
      for (int i = 0; i < dc.length; i++) {
        assertTrue(dd[i] >= dc[i]);
      }
    }
    // A tie at the top is an error under discrete noise: P(D >= 0) > 1/2, so no data-dependent
    // saving at all.
    double logq = LnmaxAccounting.logqDiscrete(new double[] {100, 100, 0}, 0.1);
    assertTrue(logq > Math.log(0.5));
  }

  @Test
  void extremeInputsGiveFiniteBounds() {
    double[][] extremes = {
        {0, 0, 0}, {250}, {0}, {1e9, 0}, {1e9, 1e9}, {1e9, 0, 0, 0, 0, 0, 0, 0, 0, 0},
        {1, 0}, {0, 1, 0, 0}, {250, 0, 0, 0, 0, 0, 0, 0, 0, 0}};
    for (double gamma : new double[] {1e-6, 0.05, 50}) {
      for (NoiseKind kind : NoiseKind.values()) {
        LnmaxAccounting accounting = new LnmaxAccounting(gamma, Orders.defaults(), kind);
        PrivacyAccountant accountant = new PrivacyAccountant(accounting);
        for (double[] counts : extremes) {
          double[] rdp = accounting.dataDependentRdp(counts, true);
          for (double r : rdp) {
            assertTrue(Double.isFinite(r) && r >= 0, kind + " gamma=" + gamma + ": " + r);
          }
          accountant.charge(counts, true);
        }
        PrivacyStatement s = accountant.report(1e-5, Conversion.IMPROVED);
        assertTrue(Double.isFinite(s.epsilonDataDependent().epsilon()));
        assertTrue(s.epsilonDataDependent().epsilon() <= s.epsilonDataIndependent().epsilon());
      }
    }
    // One class: the answer is fixed, nothing is spent data-dependently.
    double[] oneClass = new LnmaxAccounting(0.1, Orders.moments2017(), NoiseKind.DISCRETE)
        .dataDependentRdp(new double[] {7}, true);
    assertArrayEquals(new double[8], oneClass);
  }

  @Test
  void the2017EpsilonComesOutOfTheLedgerAndIsNeverBelowTheOfficialOne() {
    for (JsonNode c : casesWithPrefix("a17.main.")) {
      JsonNode in = c.get("inputs");
      double gamma = num(in.get("noise_eps"));
      double delta = num(in.get("delta"));
      PrivacyAccountant accountant = new PrivacyAccountant(
          new LnmaxAccounting(gamma, Orders.moments2017(), NoiseKind.CONTINUOUS));
      for (double[] counts : voteRows(in)) {
        accountant.charge(counts, true);
      }
      PrivacyStatement s = accountant.report(delta, Conversion.CLASSIC);
      double official = num(c.get("outputs").get("eps"));
      String id = c.get("id").asText();
      assertTrue(s.epsilonDataDependent().epsilon() >= official * (1 - 1e-9), id);
      assertEquals(num(c.get("outputs").get("data_independent_eps")),
          s.epsilonDataIndependent().epsilon(), 1e-9 * official, id);
      // On these votes Theorem 3 holds wherever the official code used it: same number.
      assertEquals(official, s.epsilonDataDependent().epsilon(), 1e-9 * official, id);
    }
  }

  @Test
  void rejectsBadParameters() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> new LnmaxAccounting(0, Orders.defaults(), NoiseKind.DISCRETE));
    assertTrue(e.getMessage().startsWith("gamma: 0.0"), e.getMessage());
    LnmaxAccounting accounting = new LnmaxAccounting(0.1, Orders.defaults(), NoiseKind.DISCRETE);
    assertThrows(IllegalArgumentException.class,
        () -> accounting.dataDependentRdp(new double[0], true));
    assertThrows(IllegalArgumentException.class,
        () -> accounting.dataDependentRdp(new double[] {1, Double.NaN}, true));
    e = assertThrows(IllegalArgumentException.class,
        () -> accounting.dataDependentRdp(new double[] {3, -1}, true));
    assertTrue(e.getMessage().startsWith("counts: -1.0"), e.getMessage());
    assertEquals("lnmax", accounting.mechanismId());
  }
}
