package dev.pate.aggregator.release;

import dev.pate.aggregator.accounting.NoiseKind;
import dev.pate.aggregator.accounting.QueryAccounting;
import dev.pate.aggregator.gnmax.ConfidentGnmaxAccounting;
import dev.pate.aggregator.gnmax.GnmaxAccounting;
import dev.pate.aggregator.gnmax.GnmaxRdp;
import dev.pate.aggregator.gnmax.ThresholdRdp;
import dev.pate.files.DpPreconditions;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * What a smooth-sensitivity release publishes, except the order: the data-dependent RDP of GNMax
 * or Confident-GNMax with these noise parameters, summed over the queries and accounted one way,
 * for this many teachers and classes, with this kind of noise. Nothing here comes from the votes,
 * so a release can be planned from it in advance ({@code
 * dev.pate.aggregator.planning.ReleasePlanner}).
 *
 * @param accounting which per-query function is released
 * @param teachers number of teachers (the largest possible row sum)
 * @param classes number of classes
 * @param threshold Confident-GNMax's threshold T (NaN for GNMax)
 * @param sigma1 Confident-GNMax's threshold noise (NaN for GNMax)
 * @param sigma2 GNMax's noise (for Confident-GNMax, the arg-max step's)
 * @param noise the noise the mechanism drew: {@link NoiseKind#CONTINUOUS} (the paper's analysis,
 *     Algorithms 3-5) or {@link NoiseKind#DISCRETE} (what runs draw; the per-query RDP is then the
 *     accountant's discrete one and its bounds are {@link DiscreteGnmaxSensitivity}'s)
 */
public record ReleaseTarget(
    Accounting accounting, int teachers, int classes, double threshold, double sigma1,
    double sigma2, NoiseKind noise) {

  /**
   * The per-query function. With G the data-dependent GNMax RDP, F the threshold check's and m
   * the max count: {@code G} for GNMax; {@code F + 1{m >= T} G} in the actual accounting of
   * Confident-GNMax (the noiseless outcome of the check decides whether GNMax is charged); {@code
   * F + Pr[m + N(0, sigma1^2) >= T] G} in the expected accounting (the PATE 2018 tables); {@code
   * F + a G} in a run's transcript, with {@code a} 1 for an answered query and 0 otherwise.
   *
   * <p><b>Why the transcript's {@code a} is not a function of the votes.</b> In a run the noisy
   * threshold's outcome (answered or not) has been released already, by a mechanism whose cost
   * the run's accountant charged. The smooth-sensitivity release is a further mechanism, run
   * afterwards; adaptive composition allows it to depend on everything released before, so the
   * answers {@code a_q} are fixed, public inputs to it, and its sensitivity is taken over the
   * votes D with the transcript held fixed: {@code f(D) = sum_q [F_q(D) + a_q G_q(D)]}. Its
   * local sensitivity has no term for a jump of the indicator, since the indicator does not
   * change with D. This f is exactly what the run's accountant summed ({@code
   * ConfidentGnmaxAccounting.dataDependentRdp(counts, answered)}).
   */
  public enum Accounting {
    GNMAX, CONFIDENT_ACTUAL, CONFIDENT_EXPECTED, CONFIDENT_TRANSCRIPT;

    public String id() {
      return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }
  }

  public ReleaseTarget {
    if (accounting == null) {
      throw new IllegalArgumentException("accounting: null");
    }
    if (noise == null) {
      throw new IllegalArgumentException("noise: null");
    }
    DpPreconditions.checkAtLeast(teachers, 1, "teachers");
    SmoothSensitivity.checkClasses(classes);
    GnmaxRdp.checkSigma(sigma2, "sigma2");
    if (accounting != Accounting.GNMAX) {
      ThresholdRdp.checkThreshold(threshold);
      GnmaxRdp.checkSigma(sigma1, "sigma1");
    }
  }

  /** Plain GNMax with continuous noise sigma: every query answered. */
  public static ReleaseTarget gnmax(int teachers, int classes, double sigma) {
    return new ReleaseTarget(Accounting.GNMAX, teachers, classes, Double.NaN, Double.NaN, sigma,
        NoiseKind.CONTINUOUS);
  }

  /**
   * Confident-GNMax with continuous noise, in the expected accounting if {@code expected}, else
   * the actual one.
   */
  public static ReleaseTarget confidentGnmax(int teachers, int classes, double threshold,
      double sigma1, double sigma2, boolean expected) {
    return new ReleaseTarget(expected ? Accounting.CONFIDENT_EXPECTED : Accounting.CONFIDENT_ACTUAL,
        teachers, classes, threshold, sigma1, sigma2, NoiseKind.CONTINUOUS);
  }

  /**
   * What a run's release publishes: the data-dependent RDP its accountant summed, for GNMax or, for
   * Confident-GNMax, over its transcript ({@link Accounting#CONFIDENT_TRANSCRIPT}), with the
   * accounting's noise.
   *
   * @throws IllegalArgumentException for any other accounting (LNMax: the PATE 2018 analysis of
   *     smooth sensitivity covers GNMax only)
   */
  public static ReleaseTarget forRun(QueryAccounting accounting, int teachers, int classes) {
    if (accounting instanceof GnmaxAccounting g) {
      return new ReleaseTarget(Accounting.GNMAX, teachers, classes, Double.NaN, Double.NaN,
          g.sigma(), g.noiseKind());
    }
    if (accounting instanceof ConfidentGnmaxAccounting c) {
      return new ReleaseTarget(Accounting.CONFIDENT_TRANSCRIPT, teachers, classes, c.threshold(),
          c.sigma1(), c.sigma2(), c.noiseKind());
    }
    throw new IllegalArgumentException("accounting: " + (accounting == null ? "null"
        : accounting.mechanismId()) + " has no smooth-sensitivity release; the PATE 2018"
        + " analysis (Sec. 4.2) covers gnmax and confident-gnmax");
  }

  /** The same target for this kind of noise. */
  public ReleaseTarget withNoise(NoiseKind noise) {
    return new ReleaseTarget(accounting, teachers, classes, threshold, sigma1, sigma2, noise);
  }

  public boolean confident() {
    return accounting != Accounting.GNMAX;
  }

  /** Whether each query's answer is given by the caller ({@link Accounting#CONFIDENT_TRANSCRIPT}). */
  public boolean transcript() {
    return accounting == Accounting.CONFIDENT_TRANSCRIPT;
  }

  /**
   * {@code accounting, teachers, classes}, then {@code sigma} or {@code threshold, sigma1,
   * sigma2}, then {@code noise} for discrete noise (continuous, the papers' setting, is left
   * implicit as before): the public description of what was released.
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
    if (noise != NoiseKind.CONTINUOUS) {
      m.put("noise", noise.name().toLowerCase(Locale.ROOT));
    }
    return m;
  }
}
