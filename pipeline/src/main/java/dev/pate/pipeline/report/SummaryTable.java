package dev.pate.pipeline.report;

import dev.pate.pipeline.labelling.PlanReport;
import dev.pate.pipeline.output.NumberText;
import java.util.Locale;

/** The few lines printed at the end of a run. */
public final class SummaryTable {
  private SummaryTable() {}

  /** The label accuracy and what it was measured on, or that there is none (never a 0). */
  static String labelAccuracy(RunReport.Aggregation a) {
    if (a.labelAccuracy() == null) {
      return "no label accuracy (" + a.labelAccuracyOn() + ")";
    }
    return String.format(Locale.ROOT, "label accuracy %.4f", a.labelAccuracy())
        + (a.labelAccuracyOn().startsWith("all ") ? "" : " on " + a.labelAccuracyOn());
  }

  /**
   * What may be published comes first: one headline epsilon (the guarantee, or the figure a
   * smooth-sensitivity release published), the answers, the student; then the privacy details
   * (the guarantee in full, what was spent, the noise); then, under a heading that says so, the
   * figures that are functions of the private data.
   */
  public static String of(RunReport r) {
    StringBuilder b = new StringBuilder();
    row(b, "run folder", r.runFolder());
    var p = r.privacy();
    String guarantee = String.format(Locale.ROOT, "epsilon %.4f at delta %.0e",
        p.epsilonDataIndependent(), p.delta());
    if (p.dataDependentRelease() == null) {
      row(b, "privacy", guarantee + ": the guarantee, whatever the private data");
    } else {
      row(b, "privacy", String.format(Locale.ROOT, "epsilon %.4f at delta %.0e: data-dependent,"
          + " released with smooth sensitivity (a noisy estimate; the guarantee is under details)",
          ((Number) p.dataDependentRelease().get("epsilon_released")).doubleValue(), p.delta()));
    }
    if (p.groups() != null) {
      // One line per privacy group: its own guarantee, never its size.
      for (var g : p.groups()) {
        row(b, "group " + g.name(), String.format(Locale.ROOT, "epsilon %.4f at delta %.0e: the"
            + " guarantee of its records (budget %s, multiplier %d, %s)",
            g.guarantee().epsilon(), g.guarantee().delta(), NumberText.of(g.budgetEpsilon()),
            g.multiplier(), p.groupMethod()));
      }
    }
    if (!p.guaranteeHolds()) {
      row(b, "", "NOT a guarantee: seeded noise, which anyone with the config can replay");
    } else if (PrivacyInWords.weak(p.epsilonDataIndependent())) {
      row(b, "", PrivacyInWords.weakWarning(p.epsilonDataIndependent()));
    }
    var a = r.aggregation();
    row(b, "aggregation", a.mechanism() + ", " + a.queriesAnswered() + " of " + a.queries()
        + " queries answered, " + labelAccuracy(a));
    if (a.rounds().size() > 1) {
      row(b, "selection", a.selection() + " in " + a.rounds().size() + " rounds, answered of"
          + " asked: " + a.rounds().stream().map(round -> round.answered() + "/" + round.asked())
              .collect(java.util.stream.Collectors.joining(", ")));
    }
    if (r.plan() != null) {
      row(b, "noise (auto)", plan(r.plan()));
    }
    if (a.stoppedBecause() != null) {
      row(b, "stopped after " + a.queriesAsked(), a.stoppedBecause());
    }
    if (r.student() == null) {
      row(b, "student", "not trained (student.train is false)");
    } else {
      row(b, "student", r.student().method() + String.format(Locale.ROOT,
          ", test accuracy %.4f on %d held-out examples (%d labelled queries)",
          r.student().testAccuracy(), r.dataset().heldOut(), r.student().trainingExamples()));
      if (r.student().validationAccuracy() != null) {
        row(b, "", String.format(Locale.ROOT, "validation accuracy %.4f on %d public examples"
            + " never queried nor trained on (choose settings by this one)",
            r.student().validationAccuracy(), r.dataset().validation()));
      }
    }
    if (r.student() != null && r.student().pseudoLabels() != null) {
      var pl = r.student().pseudoLabels();
      row(b, "pseudo-labels", String.format(Locale.ROOT, "%d of %d pool examples, ", pl.count(),
          pl.poolSize()) + (pl.count() == 0 ? "precision n/a (none made)"
              : pl.precision() == null ? "no precision (the pool has no labels)"
              : String.format(Locale.ROOT, "precision %.4f (against true labels, not trained on)",
                  pl.precision())));
    }
    if (r.release() != null) {
      row(b, "release (publishable)", r.runFolder() + "/" + r.release().folder() + " ("
          + String.join(", ", r.release().files()) + ")");
    }

    b.append("  details (publishable):").append(System.lineSeparator());
    row(b, "guarantee", guarantee + String.format(Locale.ROOT, " (order %s, %s conversion),"
        + " data-independent: %s", NumberText.of(p.orderDataIndependent()), p.conversion(),
        p.guarantee().basis()));
    if (p.dataDependentRelease() != null) {
      var d = p.dataDependentRelease();
      row(b, "data-dependent (released)", String.format(Locale.ROOT, "order %s, smooth"
          + " sensitivity, its own cost included (in the guarantee too)",
          NumberText.of(((Number) d.get("order")).doubleValue())));
    }
    if (p.epsilonSpent() < p.epsilonDataIndependent() - 1e-9) {
      row(b, "spent", String.format(Locale.ROOT, "epsilon %.4f (order %s): the steps that ran;"
          + " not itself a guarantee", p.epsilonSpent(), NumberText.of(p.orderSpent())));
    }
    row(b, "noise", p.noise() + " from a " + p.randomness() + " source");

    b.append("  details, private to the data owner (functions of the private data, not for"
        + " publication):").append(System.lineSeparator());
    var t = r.teachers();
    row(b, "teachers", t.count() + " x " + t.architecture()
        + String.format(Locale.ROOT, ", mean test accuracy %.4f",
            t.teachersPrivate().meanTestAccuracy())
        + (t.teachersPrivate().cache().teachersTrained() == 0 ? " (reused from the cache)"
            : " (trained by the " + t.executor() + " executor, engine " + t.engine() + ")"));
    var pp = p.privacyPrivate();
    row(b, "epsilon (data-dependent)", String.format(Locale.ROOT,
        "%.4f at delta %.0e (order %s, %s conversion)", pp.epsilonDataDependent(), p.delta(),
        NumberText.of(pp.order()), p.conversion()));
    if (p.groups() != null) {
      for (var g : p.groups()) {
        var dd = g.groupPrivate().dataDependent();
        row(b, "data-dependent, " + g.name(), String.format(Locale.ROOT,
            "%.4f at delta %.0e (order %s)", dd.epsilon(), dd.delta(), NumberText.of(dd.order())));
      }
    }
    var ceiling = r.runPrivate().nonPrivateCeiling();
    if (ceiling != null) {
      row(b, "non-private ceiling", String.format(Locale.ROOT,
          "test accuracy %.4f, trained on all %d private examples (NOT private)",
          ceiling.testAccuracy(), ceiling.trainingExamples()));
    }
    // Training and voting take longer on larger private partitions: the time tells their size.
    row(b, "wall time", String.format(Locale.ROOT, "%.1f s",
        r.runPrivate().timings().totalSeconds()));
    return b.toString();
  }

  /**
   * E.g. {@code "lnmax gamma 0.0159562 for 60 queries, planned a priori: data-independent epsilon
   * 1.0000 <= budget 1.0 at delta 1e-05 (order 18, improved conversion)"}.
   */
  public static String plan(PlanReport p) {
    StringBuilder parameters = new StringBuilder();
    p.parameters().forEach((name, value) -> parameters.append(parameters.length() == 0 ? "" : ", ")
        .append(name).append(' ').append(String.format(Locale.ROOT, "%.6g", value)));
    return String.format(Locale.ROOT, "%s %s for %d queries, planned a priori: data-independent"
        + " epsilon %.4f <= budget %s at delta %.0e (order %s, %s conversion)", p.mechanism(),
        parameters, p.queries(), p.epsilonDataIndependent(), p.budgetEpsilon(), p.delta(),
        NumberText.of(p.order()), p.conversion());
  }

  private static void row(StringBuilder b, String key, String value) {
    b.append(String.format(Locale.ROOT, "  %-27s %s%n", key, value));
  }
}
