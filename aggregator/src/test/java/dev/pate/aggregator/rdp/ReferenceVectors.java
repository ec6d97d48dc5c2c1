package dev.pate.aggregator.rdp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads the shared reference vectors ({@code ../shared/reference/*.json} next to the checkout,
 * located through the {@code pate.repo.root} property Surefire sets) and compares numbers with
 * the tolerances of {@code meta.conventions.tolerances}.
 */
public final class ReferenceVectors {
  /** "rel. tol ~1e-9 for closed forms". */
  public static final double CLOSED_FORM_REL_TOL = 1e-9;

  /**
   * Absolute floor of every comparison: a log of a number within a few ulps of 1 (log moments of
   * queries with q ~ 1e-12) is only defined to ~1e-16 absolute, whatever its relative size.
   */
  public static final double ABS_FLOOR = 1e-14;

  private static JsonNode pate;
  private static JsonNode sgm;

  private ReferenceVectors() {}

  public static synchronized JsonNode pate() {
    if (pate == null) {
      pate = read("pate-reference-vectors.json");
    }
    return pate;
  }

  public static synchronized JsonNode sgm() {
    if (sgm == null) {
      sgm = read("sgm-reference-vectors.json");
    }
    return sgm;
  }

  private static JsonNode read(String name) {
    String root = System.getProperty("pate.repo.root");
    assertTrue(root != null, "system property pate.repo.root is not set (run through Maven)");
    Path file = Path.of(root, "..", "shared", "reference", name);
    try {
      return new ObjectMapper().readTree(file.toFile());
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + file, e);
    }
  }

  /** The case with this id. */
  public static JsonNode pateCase(String id) {
    for (JsonNode c : pate().get("cases")) {
      if (c.get("id").asText().equals(id)) {
        return c;
      }
    }
    return fail("no reference case " + id);
  }

  /** All cases whose id starts with the prefix (fails if there are none). */
  public static List<JsonNode> casesWithPrefix(String prefix) {
    List<JsonNode> out = new ArrayList<>();
    for (JsonNode c : pate().get("cases")) {
      if (c.get("id").asText().startsWith(prefix)) {
        out.add(c);
      }
    }
    assertTrue(!out.isEmpty(), "no reference case starts with " + prefix);
    return out;
  }

  /** A number; "inf" / "-inf" strings are infinities (meta.conventions.inf). */
  public static double num(JsonNode n) {
    if (n.isTextual()) {
      return switch (n.asText()) {
        case "inf" -> Double.POSITIVE_INFINITY;
        case "-inf" -> Double.NEGATIVE_INFINITY;
        default -> fail("not a number: " + n);
      };
    }
    assertTrue(n.isNumber(), "not a number: " + n);
    return n.asDouble();
  }

  public static double[] array(JsonNode n) {
    double[] out = new double[n.size()];
    for (int i = 0; i < out.length; i++) {
      out[i] = num(n.get(i));
    }
    return out;
  }

  /** Rows {@code [from, to)} of a vote matrix ("strong", "medium", "weak"). */
  public static double[][] voteRows(String votes, int from, int to) {
    JsonNode counts = pate().get("vote_matrices").get(votes).get("counts");
    double[][] out = new double[to - from][];
    for (int i = from; i < to; i++) {
      out[i - from] = array(counts.get(i));
    }
    return out;
  }

  /** Rows named by a case's {@code inputs.votes} and {@code inputs.rows = [from, to]}. */
  public static double[][] voteRows(JsonNode inputs) {
    JsonNode rows = inputs.get("rows");
    return voteRows(inputs.get("votes").asText(), rows.get(0).asInt(), rows.get(1).asInt());
  }

  public static void assertClose(double expected, double actual, double relTol, String what) {
    if (expected == actual) {
      return; // also equal infinities
    }
    double allowed = relTol * Math.abs(expected) + ABS_FLOOR;
    assertTrue(Math.abs(expected - actual) <= allowed,
        what + ": expected " + expected + " but got " + actual + " (allowed +-" + allowed + ")");
  }

  public static void assertClose(double[] expected, double[] actual, double relTol, String what) {
    assertEquals(expected.length, actual.length, what + ": length");
    for (int i = 0; i < expected.length; i++) {
      assertClose(expected[i], actual[i], relTol, what + "[" + i + "]");
    }
  }

  /**
   * The "long_orders" of the ICLR 2018 scripts, built from the formula the reference states,
   * {@code np.concatenate((np.arange(2, 100 + 1, .5), np.logspace(log10(100), log10(500), 100)))},
   * with its one duplicate (100, in both parts) dropped: a repeated order cannot change a minimum.
   */
  public static Orders longOrders2018() {
    String described =
        pateCase("b18.gnmax.cum.strong.s40.n100").get("inputs").get("long_orders").asText();
    assertTrue(described.startsWith(
        "np.concatenate((np.arange(2,100+1,.5), np.logspace(log10(100),log10(500),100)))"),
        "the reference changed its long_orders: " + described);
    List<Double> v = new ArrayList<>();
    for (int i = 0; 2 + 0.5 * i < 101; i++) {
      v.add(2 + 0.5 * i);
    }
    double start = 2.0;
    double stop = Math.log10(500);
    double step = (stop - start) / 99;
    for (int i = 0; i < 100; i++) {
      double exponent = i == 99 ? stop : start + i * step;
      double order = Math.pow(10, exponent);
      if (!v.contains(order)) {
        v.add(order);
      }
    }
    return Orders.of(v.stream().mapToDouble(Double::doubleValue).toArray());
  }
}
