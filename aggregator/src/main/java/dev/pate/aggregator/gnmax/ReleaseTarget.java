package dev.pate.aggregator.gnmax;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * What a smooth-sensitivity release publishes, except the order: the data-dependent RDP of GNMax
 * or Confident-GNMax with these noise parameters, summed over the queries and accounted one way,
 * for this many teachers and classes. Nothing here comes from the votes, so a release can be
 * planned from it in advance ({@code dev.pate.aggregator.planning.ReleasePlanner}).
 *
 * @param accounting which per-query function is released
 * @param teachers number of teachers (the largest possible row sum)
 * @param classes number of classes
 * @param threshold Confident-GNMax's threshold T (NaN for GNMax)
 * @param sigma1 Confident-GNMax's threshold noise (NaN for GNMax)
 * @param sigma2 GNMax's noise (for Confident-GNMax, the arg-max step's)
 */
public record ReleaseTarget(
    Accounting accounting, int teachers, int classes, double threshold, double sigma1,
    double sigma2) {

  /**
   * The per-query function. With G the data-dependent GNMax RDP, F the threshold check's and m
   * the max count: {@code G} for GNMax; {@code F + 1{m >= T} G} in the actual accounting of
   * Confident-GNMax (the noiseless outcome of the check decides whether GNMax is charged); {@code
   * F + Pr[m + N(0, sigma1^2) >= T] G} in the expected accounting (the PATE 2018 tables).
   */
  public enum Accounting {
    GNMAX, CONFIDENT_ACTUAL, CONFIDENT_EXPECTED;

    public String id() {
      return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }
  }

  public ReleaseTarget {
    if (accounting == null) {
      throw new IllegalArgumentException("accounting: null");
    }
    if (teachers < 1) {
      throw new IllegalArgumentException("teachers: " + teachers + " is not >= 1");
    }
    SmoothSensitivity.checkClasses(classes);
    GnmaxRdp.checkSigma(sigma2, "sigma2");
    if (accounting != Accounting.GNMAX) {
      ThresholdRdp.checkThreshold(threshold);
      GnmaxRdp.checkSigma(sigma1, "sigma1");
    }
  }

  /** Plain GNMax with noise sigma: every query answered. */
  public static ReleaseTarget gnmax(int teachers, int classes, double sigma) {
    return new ReleaseTarget(Accounting.GNMAX, teachers, classes, Double.NaN, Double.NaN, sigma);
  }

  /** Confident-GNMax, in the expected accounting if {@code expected}, else the actual one. */
  public static ReleaseTarget confidentGnmax(int teachers, int classes, double threshold,
      double sigma1, double sigma2, boolean expected) {
    return new ReleaseTarget(expected ? Accounting.CONFIDENT_EXPECTED : Accounting.CONFIDENT_ACTUAL,
        teachers, classes, threshold, sigma1, sigma2);
  }

  public boolean confident() {
    return accounting != Accounting.GNMAX;
  }

  /**
   * {@code accounting, teachers, classes}, then {@code sigma} or {@code threshold, sigma1,
   * sigma2}: the public description of what was released.
   */
  public Map<String, Object> toMap() {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("accounting", accounting.id());
    m.put("teachers", teachers);
    m.put("classes", classes);
    if (confident()) {
      m.put("threshold", threshold);
      m.put("sigma1", sigma1);
      m.put("sigma2", sigma2);
    } else {
      m.put("sigma", sigma2);
    }
    return m;
  }
}
