package dev.pate.aggregator.rdp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** Properties of the RDP to (epsilon, delta) conversions, beyond the reference values. */
class RdpConversionsTest {
  private static final double DELTA = 1e-5;

  /** A random non-decreasing RDP curve, as every mechanism's is. */
  private static double[] randomCurve(Random random, Orders orders) {
    double scale = Math.pow(10, -4 + 6 * random.nextDouble());
    double[] rdp = new double[orders.size()];
    for (int i = 0; i < rdp.length; i++) {
      rdp[i] = scale * Math.pow(orders.get(i), 0.5 + random.nextDouble());
    }
    return rdp;
  }

  @Test
  void improvedIsNeverAboveClassic() {
    Random random = new Random(1);
    Orders orders = Orders.defaults();
    for (int trial = 0; trial < 500; trial++) {
      double[] rdp = randomCurve(random, orders);
      double delta = Math.pow(10, -2 - 10 * random.nextDouble());
      for (int i = 0; i < orders.size(); i++) {
        assertTrue(RdpConversions.epsilonAtOrder(orders.get(i), rdp[i], delta, Conversion.IMPROVED)
            <= RdpConversions.epsilonAtOrder(orders.get(i), rdp[i], delta, Conversion.CLASSIC));
      }
      assertTrue(RdpConversions.epsilon(orders, rdp, delta, Conversion.IMPROVED).epsilon()
          <= RdpConversions.epsilon(orders, rdp, delta, Conversion.CLASSIC).epsilon());
    }
  }

  @Test
  void epsilonGrowsWithComposition() {
    Random random = new Random(2);
    Orders orders = Orders.defaults();
    for (Conversion conversion : Conversion.values()) {
      RdpLedger ledger = new RdpLedger(orders);
      double previous = 0;
      for (int query = 0; query < 200; query++) {
        ledger.add(randomCurve(random, orders));
        double eps = ledger.epsilon(DELTA, conversion).epsilon();
        assertTrue(eps >= previous, conversion + ": epsilon fell from " + previous + " to " + eps);
        previous = eps;
      }
      assertEquals(200, ledger.charges());
    }
  }

  @Test
  void theBestOrderIsTheMinimiser() {
    Orders orders = Orders.of(2, 4, 8, 16, 32);
    double[] rdp = {0.05, 0.1, 0.2, 0.4, 0.8};
    for (Conversion conversion : Conversion.values()) {
      EpsilonBound bound = RdpConversions.epsilon(orders, rdp, DELTA, conversion);
      for (int i = 0; i < orders.size(); i++) {
        assertTrue(bound.epsilon()
            <= RdpConversions.epsilonAtOrder(orders.get(i), rdp[i], DELTA, conversion));
      }
      int best = Arrays.binarySearch(orders.toArray(), bound.order());
      assertEquals(bound.epsilon(),
          RdpConversions.epsilonAtOrder(bound.order(), rdp[best], DELTA, conversion), 0.0);
      assertEquals(DELTA, bound.delta());
      assertEquals(conversion, bound.conversion());
    }
  }

  @Test
  void classicDeltaInvertsClassicEpsilon() {
    Random random = new Random(3);
    Orders orders = Orders.defaults();
    for (int trial = 0; trial < 100; trial++) {
      double[] rdp = randomCurve(random, orders);
      for (Conversion conversion : Conversion.values()) {
        EpsilonBound eps = RdpConversions.epsilon(orders, rdp, DELTA, conversion);
        DeltaBound delta = RdpConversions.delta(orders, rdp, eps.epsilon(), conversion);
        // The same order reaches delta at that epsilon; another order can only do better.
        assertTrue(delta.delta() <= DELTA * (1 + 1e-9), conversion + ": " + delta);
        if (conversion == Conversion.CLASSIC) {
          assertEquals(DELTA, delta.delta(), DELTA * 1e-9);
          assertEquals(eps.order(), delta.order());
        }
      }
    }
  }

  @Test
  void infiniteRdpMakesAnOrderUnusableNotTheResultNaN() {
    Orders orders = Orders.of(1.5, 2, 4, 8);
    double inf = Double.POSITIVE_INFINITY;
    double[] rdp = {0.1, inf, 0.3, inf};
    for (Conversion conversion : Conversion.values()) {
      EpsilonBound eps = RdpConversions.epsilon(orders, rdp, DELTA, conversion);
      assertTrue(Double.isFinite(eps.epsilon()));
      assertTrue(eps.order() == 1.5 || eps.order() == 4, eps.toString());
      assertEquals(inf, RdpConversions.epsilonAtOrder(2, inf, DELTA, conversion));
      DeltaBound delta = RdpConversions.delta(orders, rdp, 1.0, conversion);
      assertFalse(Double.isNaN(delta.delta()));
      assertEquals(1.0, RdpConversions.delta(orders, new double[] {inf, inf, inf, inf}, 1.0,
          conversion).delta());
      assertThrows(IllegalArgumentException.class, () ->
          RdpConversions.epsilon(orders, new double[] {inf, inf, inf, inf}, DELTA, conversion));
    }
  }

  @Test
  void improvedFollowsDpAccountingEdgeCases() {
    // KL shortcut: delta^2 + expm1(-rdp) > 0 gives epsilon 0 (at the first such order).
    EpsilonBound zero = RdpConversions.epsilon(Orders.of(2, 3), new double[] {1e-12, 2e-12},
        1e-3, Conversion.IMPROVED);
    assertEquals(0.0, zero.epsilon());
    assertEquals(2.0, zero.order());
    // Orders <= 1.01 are not used by the improved formula...
    assertEquals(Double.POSITIVE_INFINITY,
        RdpConversions.epsilonAtOrder(1.01, 0.5, DELTA, Conversion.IMPROVED));
    assertThrows(IllegalArgumentException.class, () -> RdpConversions.epsilon(
        Orders.of(1.005, 1.01), new double[] {0.5, 0.5}, DELTA, Conversion.IMPROVED));
    // ...but the classic one uses them.
    assertTrue(Double.isFinite(RdpConversions.epsilon(Orders.of(1.005, 1.01),
        new double[] {0.5, 0.5}, DELTA, Conversion.CLASSIC).epsilon()));
    // Zero RDP (nothing spent): improved gives 0; classic gives log(1/delta)/(alpha-1).
    Orders orders = Orders.defaults();
    double[] nothing = new double[orders.size()];
    assertEquals(0.0, RdpConversions.epsilon(orders, nothing, DELTA, Conversion.IMPROVED)
        .epsilon());
    assertEquals(0.0, RdpConversions.delta(orders, nothing, 0.0, Conversion.IMPROVED).delta());
    double largest = orders.get(orders.size() - 1);
    assertEquals(-Math.log(DELTA) / (largest - 1),
        RdpConversions.epsilon(orders, nothing, DELTA, Conversion.CLASSIC).epsilon(), 1e-15);
  }

  @Test
  void rejectsMalformedInput() {
    Orders orders = Orders.of(2, 3);
    double[] ok = {0.1, 0.2};
    assertThrows(IllegalArgumentException.class,
        () -> RdpConversions.epsilon(orders, new double[] {0.1, Double.NaN}, DELTA,
            Conversion.CLASSIC));
    assertThrows(IllegalArgumentException.class,
        () -> RdpConversions.epsilon(orders, new double[] {0.1, -1e-3}, DELTA, Conversion.CLASSIC));
    assertThrows(IllegalArgumentException.class,
        () -> RdpConversions.epsilon(orders, new double[] {0.1}, DELTA, Conversion.CLASSIC));
    for (double delta : new double[] {0, 1, -1, Double.NaN}) {
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
          () -> RdpConversions.epsilon(orders, ok, delta, Conversion.IMPROVED));
      assertTrue(e.getMessage().startsWith("delta: "), e.getMessage());
    }
    assertThrows(IllegalArgumentException.class,
        () -> RdpConversions.delta(orders, ok, Double.POSITIVE_INFINITY, Conversion.CLASSIC));
    assertThrows(IllegalArgumentException.class,
        () -> new EpsilonBound(Double.NaN, DELTA, 2, Conversion.CLASSIC));
    assertThrows(IllegalArgumentException.class,
        () -> new EpsilonBound(Double.POSITIVE_INFINITY, DELTA, 2, Conversion.CLASSIC));
  }

  @Test
  void ledgerRejectsAChargeWithoutChangingIt() {
    RdpLedger ledger = new RdpLedger(Orders.of(2, 3));
    ledger.add(new double[] {0.1, 0.2});
    assertThrows(IllegalArgumentException.class, () -> ledger.add(new double[] {0.1, Double.NaN}));
    assertEquals(1, ledger.charges());
    assertEquals(0.2, ledger.rdp()[1]);
    RdpLedger other = new RdpLedger(Orders.of(2, 3));
    other.add(new double[] {1, 1});
    other.add(new double[] {1, 1});
    ledger.addAll(other);
    assertEquals(3, ledger.charges());
    assertEquals(2.2, ledger.rdp()[1], 1e-15);
  }
}
