package dev.pate.cli;

import java.util.Locale;

/** The few lines printed at the end of a run. */
final class SummaryTable {
  private SummaryTable() {}

  static String of(RunReport r) {
    StringBuilder b = new StringBuilder();
    row(b, "run folder", r.runFolder());
    row(b, "teachers", r.teachers().count() + " x " + r.teachers().architecture()
        + String.format(Locale.ROOT, ", mean test accuracy %.4f", r.teachers().meanTestAccuracy())
        + (r.teachers().cache().teachersTrained() == 0 ? " (reused from the cache)" : ""));
    var a = r.aggregation();
    row(b, "aggregation", a.mechanism() + ", " + a.queriesAnswered() + " of " + a.queries()
        + String.format(Locale.ROOT, " queries answered, label accuracy %.4f", a.labelAccuracy()));
    if (a.stoppedBecause() != null) {
      row(b, "stopped after " + a.queriesAsked(), a.stoppedBecause());
    }
    var p = r.privacy();
    row(b, "epsilon (data-dependent)", String.format(Locale.ROOT,
        "%.4f at delta %.0e (order %s, %s conversion)", p.epsilonDataDependent(), p.delta(),
        NumberText.of(p.order()), p.conversion()));
    row(b, "epsilon (data-independent)", String.format(Locale.ROOT,
        "%.4f at delta %.0e (order %s)", p.epsilonDataIndependent(), p.delta(),
        NumberText.of(p.orderDataIndependent())));
    row(b, "noise", p.noise() + " from a " + p.noiseSource() + " source");
    row(b, "student", r.student() == null ? "not trained (student.train is false)"
        : r.student().method() + String.format(Locale.ROOT,
            ", test accuracy %.4f on %d held-out images", r.student().testAccuracy(),
            r.dataset().heldOut()));
    row(b, "wall time", String.format(Locale.ROOT, "%.1f s", r.timings().totalSeconds()));
    return b.toString();
  }

  private static void row(StringBuilder b, String key, String value) {
    b.append(String.format(Locale.ROOT, "  %-27s %s%n", key, value));
  }
}
