package dev.pate.aggregator.rdp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The order lists. */
class OrdersTest {

  @Test
  void defaultsAreDenseIncreasingAndAtMost150() {
    double[] v = Orders.defaults().toArray();
    assertTrue(v.length <= 150, "defaults: " + v.length + " orders");
    for (int i = 1; i < v.length; i++) {
      assertTrue(v[i] > v[i - 1], "not increasing at " + v[i]);
      // dense up to 1024 (no relative gap above 25%); beyond, a few large orders
      assertTrue(v[i] > 1024 || v[i] / v[i - 1] <= 1.25 + 1e-12, "gap " + v[i - 1] + " -> " + v[i]);
    }
    assertTrue(v[0] <= 1.25 && v[v.length - 1] >= 1024);
  }

  @Test
  void moments2017AreOrdersTwoToNine() {
    Orders m = Orders.moments2017();
    assertEquals(8, m.size());
    for (int l = 1; l <= 8; l++) {
      assertEquals(l + 1.0, m.get(l - 1));
    }
  }

  @Test
  void rejectsBadOrders() {
    assertThrows(IllegalArgumentException.class, () -> Orders.of());
    assertThrows(IllegalArgumentException.class, () -> Orders.of(1.0, 2));
    assertThrows(IllegalArgumentException.class, () -> Orders.of(Double.NaN));
    assertThrows(IllegalArgumentException.class, () -> Orders.of(Double.POSITIVE_INFINITY));
  }

  /** The PATE 2018 scripts list 100 twice; pasted as it is, each order is tracked once. */
  @Test
  void aRepeatedOrderIsKeptOnceInItsFirstPlace() {
    Orders pasted = Orders.of(2, 100, 3, 100, 2);
    assertEquals(Orders.of(2, 100, 3), pasted);
    assertEquals(3, pasted.size());
    assertEquals(100.0, pasted.get(1));
  }
}
