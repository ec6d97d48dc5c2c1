package dev.pate.aggregator.gnmax;

import com.fasterxml.jackson.databind.JsonNode;
import dev.pate.aggregator.rdp.Orders;
import dev.pate.aggregator.rdp.ReferenceVectors;

/** Helpers shared by the PATE 2018 reference replays (on top of A1's {@link ReferenceVectors}). */
public final class Pate2018Reference {
  private Pate2018Reference() {}

  /** "rel. tol ~1e-6 where brentq/erfcinv are involved" (meta.conventions.tolerances). */
  public static final double ROOT_FINDING_REL_TOL = 1e-6;

  public static Orders orders(JsonNode array) {
    return Orders.of(ReferenceVectors.array(array));
  }

  /** Index of {@code order} in {@code orders} (exact match). */
  public static int indexOf(Orders orders, double order) {
    for (int i = 0; i < orders.size(); i++) {
      if (orders.get(i) == order) {
        return i;
      }
    }
    throw new AssertionError("order " + order + " not in " + orders);
  }
}
