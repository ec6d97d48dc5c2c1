package dev.pate.aggregator.planning;

import dev.pate.aggregator.accounting.Budget;
import dev.pate.aggregator.rdp.EpsilonBound;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** Shared keys and formatting of the plans (and of the privacy groups' plan). */
public final class PlanFormat {
  private PlanFormat() {}

  /** {@code mechanism, budget, delta, conversion, orders}. */
  static Map<String, Object> header(String mechanism, Budget budget) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("mechanism", mechanism);
    m.put("budget", budget.epsilon());
    m.put("delta", budget.delta());
    m.put("conversion", budget.conversion().id());
    m.put("orders", budget.orders().size());
    return m;
  }

  static void headerRows(List<String[]> rows, String mechanism, Budget budget) {
    rows.add(row("mechanism", mechanism));
    rows.add(row("budget", String.format(Locale.ROOT, "epsilon %s at delta %.3g", budget.epsilon(),
        budget.delta())));
    rows.add(row("conversion", budget.conversion().id() + " over " + budget.orders().size()
        + " orders"));
  }

  public static String epsilon(EpsilonBound e) {
    return String.format(Locale.ROOT, "%.4f at order %s", e.epsilon(), order(e.order()));
  }

  static String utility(ExpectedUtility u) {
    return String.format(Locale.ROOT,
        "answered %.1f, accuracy %.4f, correct %.1f, data-dependent epsilon %.4f", u.answered(),
        u.accuracy(), u.correct(), u.dataDependentEpsilon().epsilon());
  }

  public static String number(double x) {
    return String.format(Locale.ROOT, "%.6g", x);
  }

  public static String order(double order) {
    return order == Math.rint(order) ? Long.toString((long) order)
        : String.format(Locale.ROOT, "%.4g", order);
  }

  public static String[] row(String label, String value) {
    return new String[] {label, value};
  }
}
