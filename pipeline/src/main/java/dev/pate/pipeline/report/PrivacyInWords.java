package dev.pate.pipeline.report;

import dev.pate.pipeline.output.NumberText;
import java.util.Locale;

/**
 * What an epsilon means, in words a reader without a course in differential privacy can use: the
 * one sentence of the bound, the factor e^epsilon it allows, and the warning a weak guarantee
 * gets wherever it is stated (console, model card, study report). The long form, with the
 * references, is docs/privacy-in-plain-words.md.
 */
public final class PrivacyInWords {
  /**
   * Above this epsilon a guarantee is called weak wherever it is stated: e^10 (about 22,000)
   * bounds how much more likely any outcome becomes with one record in the data, which rules out
   * little. (For scale: the US Census 2020 redistricting data spent 17.14 on persons and 2.47 on
   * housing units; Apple's collection from phones spends 2 to 8 per user per day.)
   */
  public static final double WEAK_EPSILON = 10;

  /** The plain-language page, from the repository's root. */
  public static final String PAGE = "docs/privacy-in-plain-words.md";

  private PrivacyInWords() {}

  public static boolean weak(double epsilon) {
    return epsilon > WEAK_EPSILON;
  }

  /** e^epsilon in words: {@code "2.7"}, {@code "55"}, {@code "2,981"}, {@code "about 10^86"}. */
  public static String factor(double epsilon) {
    double f = Math.exp(epsilon);
    if (epsilon <= 2) {
      return String.format(Locale.ROOT, "%.1f", f);
    }
    if (epsilon <= 20) {
      return String.format(Locale.ROOT, "%,.0f", f);
    }
    return String.format(Locale.ROOT, "about 10^%.0f", epsilon / Math.log(10));
  }

  /** The one-line warning of a weak guarantee, for the console and the study report. */
  public static String weakWarning(double epsilon) {
    return String.format(Locale.ROOT, "WEAK guarantee: epsilon %s is above %s; one record may"
        + " make any outcome up to %s times more likely, which rules out little (see %s)",
        digits(epsilon), NumberText.of(WEAK_EPSILON), factor(epsilon), PAGE);
  }

  /**
   * The model card's paragraph: what the bound says, and what its size means next to the
   * familiar ones (1, 4, 8, 50) and to deployments.
   */
  public static String paragraph(double epsilon, double delta) {
    return String.format(Locale.ROOT, "**Privacy in plain words.** Differential privacy bounds"
        + " how much any one record can change what is published: with the record or without it,"
        + " any outcome (this model, and anything computed from it) is at most e^epsilon times"
        + " as likely, except with a small probability delta (here %.0e) in which the bound may"
        + " fail. Here epsilon is %s, so the factor is %s. For scale: epsilon 1 (factor 2.7) is"
        + " strong; 4 (factor 55) and 8 (factor 2,981) are typical of published PATE models and"
        + " of Apple's daily budgets on phones, meaningful but far from hiding a record; the US"
        + " Census 2020 spent 17.14 on persons in its redistricting data; 50 (factor 5 x 10^21)"
        + " rules out almost nothing."
        + " Smaller is stronger. Background: Dwork & Roth, *The Algorithmic Foundations of"
        + " Differential Privacy* (2014); Wood et al., *Differential Privacy: A Primer for a"
        + " Non-technical Audience* (2018); pate's %s.%n%n", delta,
        digits(epsilon), factor(epsilon), PAGE);
  }

  /**
   * One privacy group's guarantee in words, one line (model card, and wherever groups are
   * listed): e.g. {@code "strict: (epsilon 0.8953, delta 1e-05)-differential privacy, within its
   * budget of 1; one of its records may make an outcome at most 2.4 times as likely"}.
   */
  public static String group(String name, double epsilon, double delta, double budget) {
    return String.format(Locale.ROOT, "%s: (epsilon %s, delta %.0e)-differential privacy, within"
        + " its budget of %s; one of its records may make an outcome at most %s times as likely%s",
        name, digits(epsilon), delta, digits(budget), factor(epsilon),
        weak(epsilon) ? " (a weak guarantee)" : "");
  }

  /** Four significant digits, without trailing zeros: 2, 6.891, 198.3. */
  public static String digits(double value) {
    return new java.math.BigDecimal(value).round(new java.math.MathContext(4))
        .stripTrailingZeros().toPlainString();
  }
}
