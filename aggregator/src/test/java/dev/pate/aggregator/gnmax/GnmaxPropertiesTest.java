package dev.pate.aggregator.gnmax;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pate.aggregator.accounting.NoiseKind;
import dev.pate.aggregator.accounting.QueryAccounting;
import dev.pate.aggregator.rdp.Orders;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** Properties every valid bound must have, on random and extreme vote counts. */
class GnmaxPropertiesTest {
  private static final Orders ORDERS = Orders.defaults();

  private static double[] randomCounts(Random rnd) {
    int classes = 2 + rnd.nextInt(12);
    double[] counts = new double[classes];
    int teachers = 1 + rnd.nextInt(rnd.nextBoolean() ? 50 : 1000);
    int favourite = rnd.nextInt(classes);
    double consensus = rnd.nextDouble();
    for (int t = 0; t < teachers; t++) {
      counts[rnd.nextDouble() < consensus ? favourite : rnd.nextInt(classes)]++;
    }
    return counts;
  }

  private static double randomSigma(Random rnd) {
    return Math.exp(Math.log(0.5) + rnd.nextDouble() * Math.log(400)); // 0.5 .. 200
  }

  @Test
  void dataDependentNeverExceedsDataIndependent() {
    Random rnd = new Random(20180215);
    for (int trial = 0; trial < 400; trial++) {
      double[] counts = randomCounts(rnd);
      double sigma = randomSigma(rnd);
      double threshold = rnd.nextDouble() * 300;
      for (NoiseKind kind : NoiseKind.values()) {
        String what = "counts " + java.util.Arrays.toString(counts) + " sigma " + sigma + " " + kind;
        GnmaxAccounting gnmax = new GnmaxAccounting(sigma, ORDERS, kind);
        assertAtMost(gnmax.dataDependentRdp(counts, true), gnmax.dataIndependentRdp(), what);
        ConfidentGnmaxAccounting confident = new ConfidentGnmaxAccounting(
            threshold, randomSigma(rnd), sigma, ORDERS, kind);
        for (boolean answered : new boolean[] {false, true}) {
          assertAtMost(confident.dataDependentRdp(counts, answered),
              confident.spentRdp(answered), what + " confident " + answered);
          assertAtMost(confident.spentRdp(answered), confident.dataIndependentRdp(),
              what + " confident spent " + answered);
        }
        assertAtMost(confident.expectedRdp(counts), confident.expectedDataIndependentRdp(counts),
            what + " expected");
      }
    }
  }

  @Test
  void discreteQIsAtLeastContinuousQ() {
    Random rnd = new Random(7);
    for (int trial = 0; trial < 300; trial++) {
      double[] counts = randomCounts(rnd);
      double sigma = 1 + rnd.nextDouble() * 100;
      double continuous = GnmaxRdp.logq(counts, sigma);
      // The exact discrete union bound (ties count) is itself above the continuous one for
      // sigma >= 1; the accounting takes the max anyway.
      assertTrue(GnmaxAccounting.discreteLogq(counts, sigma) >= continuous - 1e-12,
          "discrete union bound for sigma " + sigma + " " + java.util.Arrays.toString(counts));
      assertTrue(new GnmaxAccounting(sigma, ORDERS, NoiseKind.DISCRETE).logq(counts)
          >= new GnmaxAccounting(sigma, ORDERS, NoiseKind.CONTINUOUS).logq(counts));
      ConfidentGnmaxAccounting discrete =
          new ConfidentGnmaxAccounting(rnd.nextInt(300), sigma, sigma, ORDERS, NoiseKind.DISCRETE);
      ConfidentGnmaxAccounting continuousConfident = new ConfidentGnmaxAccounting(
          discrete.threshold(), sigma, sigma, ORDERS, NoiseKind.CONTINUOUS);
      assertTrue(discrete.thresholdLogq(counts) >= continuousConfident.thresholdLogq(counts));
    }
  }

  /**
   * The discrete q really bounds the error of the discrete mechanism: Pr[answer != plurality]
   * computed exactly (all noise triples, ties broken uniformly at random) for 3 classes.
   */
  @Test
  void discreteQBoundsTheExactErrorProbability() {
    double[][] cases = {{5, 3, 2}, {4, 4, 0}, {10, 0, 0}, {2, 1, 1}};
    for (double sigma : new double[] {0.4, 1, 1.7}) {
      int reach = (int) Math.ceil(12 * sigma) + 2;
      double[] p = new double[2 * reach + 1];
      double z = 0;
      for (int k = -reach; k <= reach; k++) {
        z += p[k + reach] = Math.exp(-(double) k * k / (2 * sigma * sigma));
      }
      for (double[] counts : cases) {
        double error = 0;
        for (int a = -reach; a <= reach; a++) {
          for (int b = -reach; b <= reach; b++) {
            for (int c = -reach; c <= reach; c++) {
              double pr = p[a + reach] * p[b + reach] * p[c + reach] / (z * z * z);
              double[] noisy = {counts[0] + a, counts[1] + b, counts[2] + c};
              double max = Math.max(noisy[0], Math.max(noisy[1], noisy[2]));
              int tied = 0;
              for (double v : noisy) {
                tied += v == max ? 1 : 0;
              }
              // class 0 is the (first) plurality; it wins with probability 1/tied if at the max
              error += pr * (noisy[0] == max ? 1 - 1.0 / tied : 1);
            }
          }
        }
        double q = Math.exp(new GnmaxAccounting(sigma, ORDERS, NoiseKind.DISCRETE).logq(counts));
        assertTrue(error <= q * (1 + 1e-12),
            "sigma " + sigma + " counts " + java.util.Arrays.toString(counts) + ": exact error "
                + error + " > q " + q);
      }
    }
  }

  /** min(Pr[Z >= T - m], Pr[Z <= T - m]) bounds the smaller outcome under both conventions. */
  @Test
  void discreteThresholdQCoversBothTieConventions() {
    double sigma1 = 2.5;
    DiscreteGaussianTails tails = DiscreteGaussianTails.of(sigma1);
    for (double threshold : new double[] {7, 7.5, 10}) {
      ConfidentGnmaxAccounting accounting =
          new ConfidentGnmaxAccounting(threshold, sigma1, 10, ORDERS, NoiseKind.DISCRETE);
      for (int max = 0; max <= 16; max++) {
        double[] counts = {max, 0};
        double distance = threshold - max;
        double atLeast = Math.exp(tails.logTail(Math.ceil(distance))); // answer iff >= T
        double above = Math.exp(tails.logTail(Math.floor(distance) + 1)); // answer iff > T
        double smaller = Math.max(Math.min(atLeast, 1 - atLeast), Math.min(above, 1 - above));
        assertTrue(smaller <= Math.exp(accounting.thresholdLogq(counts)) * (1 + 1e-12),
            "T " + threshold + " max " + max);
        assertTrue(Math.exp(accounting.logPrAnswered(counts)) >= atLeast * (1 - 1e-12));
      }
    }
  }

  @Test
  void extremeCountsAndSigmasGiveFiniteBounds() {
    double[][] countsList = {{0, 0}, {1e300, 0}, {1e15, 1e15, 0}, {250, 0, 0, 0}, {0, 1e-300}};
    for (double sigma : new double[] {1e-3, 0.5, 40, 1e6}) {
      for (double[] counts : countsList) {
        for (NoiseKind kind : NoiseKind.values()) {
          QueryAccounting[] all = {
            new GnmaxAccounting(sigma, ORDERS, kind),
            new ConfidentGnmaxAccounting(-1e300, sigma, sigma, ORDERS, kind),
            new ConfidentGnmaxAccounting(1e300, sigma, sigma, ORDERS, kind),
            new ConfidentGnmaxAccounting(100, sigma, sigma, ORDERS, kind),
          };
          for (QueryAccounting a : all) {
            double[] rdp = a.dataDependentRdp(counts, true);
            double[] independent = a.dataIndependentRdp();
            String what = a + " " + java.util.Arrays.toString(counts);
            for (int i = 0; i < rdp.length; i++) {
              assertTrue(Double.isFinite(rdp[i]) && rdp[i] >= 0, what + ": " + rdp[i]);
            }
            assertAtMost(rdp, independent, what);
          }
        }
      }
    }
  }

  @Test
  void unanimousVotesAtModerateSigmaAreMuchCheaper() {
    double[] unanimous = {250, 0, 0, 0, 0, 0, 0, 0, 0, 0};
    Orders orders = Orders.of(2, 8, 32);
    double[] rdp = new GnmaxAccounting(40, orders, NoiseKind.CONTINUOUS)
        .dataDependentRdp(unanimous, true);
    double[] independent = GnmaxRdp.dataIndependent(40, orders);
    for (int i = 0; i < rdp.length; i++) {
      assertTrue(rdp[i] < independent[i] / 10, "order " + orders.get(i));
    }
  }

  @Test
  void confidentAccountingChargesGnmaxOnlyWhenAnswered() {
    ConfidentGnmaxAccounting a =
        new ConfidentGnmaxAccounting(200, 150, 40, ORDERS, NoiseKind.CONTINUOUS);
    double[] counts = {210, 30, 10};
    assertArrayEquals(a.thresholdRdp(counts), a.dataDependentRdp(counts, false));
    assertArrayEquals(ThresholdRdp.dataIndependent(150, ORDERS), a.spentRdp(false));
    double[] both = a.dataIndependentRdp();
    double[] gnmaxIndependent = GnmaxRdp.dataIndependent(40, ORDERS);
    double[] thresholdIndependent = ThresholdRdp.dataIndependent(150, ORDERS);
    for (int i = 0; i < both.length; i++) {
      // The guarantee charges both steps whatever the query answered.
      assertEquals(thresholdIndependent[i] + gnmaxIndependent[i], both[i], 1e-15);
      assertEquals(both[i], a.spentRdp(true)[i], 1e-15);
    }
    double[] answered = a.dataDependentRdp(counts, true);
    double[] gnmax = a.gnmaxStep().dataDependentRdp(counts, true);
    double[] expected = a.expectedRdp(counts);
    double pr = Math.exp(a.logPrAnswered(counts));
    for (int i = 0; i < answered.length; i++) {
      assertEquals(a.thresholdRdp(counts)[i] + gnmax[i], answered[i], 1e-15);
      assertEquals(a.thresholdRdp(counts)[i] + pr * gnmax[i], expected[i], 1e-15);
    }
    assertTrue(a.answersWithoutNoise(counts));
    assertTrue(!a.answersWithoutNoise(new double[] {199, 51}));
    assertEquals("confident-gnmax", a.mechanismId());
    assertEquals("gnmax", a.gnmaxStep().mechanismId());
  }

  @Test
  void preconditionsNameTheParameter() {
    assertMessage("sigma", () -> new GnmaxAccounting(0, ORDERS, NoiseKind.CONTINUOUS));
    assertMessage("sigma1",
        () -> new ConfidentGnmaxAccounting(1, -1, 1, ORDERS, NoiseKind.CONTINUOUS));
    assertMessage("threshold",
        () -> new ConfidentGnmaxAccounting(Double.NaN, 1, 1, ORDERS, NoiseKind.CONTINUOUS));
    GnmaxAccounting a = new GnmaxAccounting(1, ORDERS, NoiseKind.CONTINUOUS);
    assertMessage("counts", () -> a.dataDependentRdp(new double[] {3}, true));
    assertMessage("counts", () -> a.dataDependentRdp(new double[] {3, -1}, true));
    assertMessage("counts", () -> a.dataDependentRdp(new double[] {3, Double.NaN}, true));
    assertMessage("logq", () -> GnmaxRdp.dataDependent(0.1, 1, ORDERS));
  }

  private static void assertMessage(String parameter, Runnable r) {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, r::run);
    assertTrue(e.getMessage().startsWith(parameter + ":"), e.getMessage());
  }

  private static void assertAtMost(double[] rdp, double[] bound, String what) {
    for (int i = 0; i < rdp.length; i++) {
      assertTrue(rdp[i] <= bound[i] * (1 + 1e-12) && rdp[i] >= 0,
          what + " at order " + ORDERS.get(i) + ": " + rdp[i] + " vs " + bound[i]);
    }
  }
}
