package dev.pate.cli;

import java.util.Locale;

/** The few lines printed at the end of a run. */
final class SummaryTable {
  private SummaryTable() {}

  static String of(RunReport r) {
    StringBuilder b = new StringBuilder();
    row(b, "run folder", r.runFolder());
    row(b, "teachers", r.teachers().count() + " x " + r.teachers().architecture()
        + String.format(Locale.ROOT, ", mean test accuracy %.4f", r.teachers().meanTestAccuracy()));
    var a = r.aggregation();
    row(b, "aggregation", a.mechanism() + ", " + a.queriesAnswered() + " of " + a.queries()
        + String.format(Locale.ROOT, " queries answered, label accuracy %.4f", a.labelAccuracy()));
    if (a.stoppedBecause() != null) {
      row(b, "stopped after " + a.queriesAsked(), a.stoppedBecause());
    }
    var p = r.privacy();
    row(b, "epsilon (data-dependent)", String.format(Locale.ROOT,
        "%.4f at delta %.0e (order %s, %s conversion)", p.epsilonDataDependent(), p.delta(),
        trim(p.order()), p.conversion()));
    row(b, "epsilon (data-independent)", String.format(Locale.ROOT,
        "%.4f at delta %.0e (order %s)", p.epsilonDataIndependent(), p.delta(),
        trim(p.orderDataIndependent())));
    row(b, "noise", p.noise() + " from a " + p.noiseSource() + " source");
    row(b, "student", r.student().method() + String.format(Locale.ROOT,
        ", test accuracy %.4f on %d held-out examples", r.student().testAccuracy(),
        r.dataset().heldOut()));
    var ceiling = r.nonPrivateCeiling();
    if (ceiling != null) {
      row(b, "non-private ceiling", String.format(Locale.ROOT,
          "test accuracy %.4f, trained on all %d private examples (NOT private)",
          ceiling.testAccuracy(), ceiling.trainingExamples()));
    }
    row(b, "wall time", String.format(Locale.ROOT, "%.1f s", r.timings().totalSeconds()));
    return b.toString();
  }

  private static void row(StringBuilder b, String key, String value) {
    b.append(String.format(Locale.ROOT, "  %-27s %s%n", key, value));
  }

  private static String trim(double order) {
    return order == Math.rint(order) ? Long.toString((long) order) : Double.toString(order);
  }
}
