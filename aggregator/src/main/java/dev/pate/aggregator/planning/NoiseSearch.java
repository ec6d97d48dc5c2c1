package dev.pate.aggregator.planning;

import dev.pate.aggregator.rdp.EpsilonBound;
import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.util.Locale;
import java.util.function.DoubleFunction;

/**
 * Finds the least noise whose epsilon meets a budget by bisection on the accountant itself (no
 * closed form): epsilon is evaluated exactly as a run or an analysis would report it.
 *
 * <p>The searched parameter is either a noise scale (sigma, noise multiplier: more noise as it
 * grows) or an inverse scale (LNMax's gamma: less noise as it grows). The search keeps a bracket
 * with the budget met at the noisy end and exceeded at the other, halves it geometrically until
 * the epsilon at the noisy end is within {@link #TARGET_SLACK} below the budget (or the bracket is
 * at double resolution), and answers the noisy end, so the budget is never exceeded. That value
 * is then rounded to {@link #SIGNIFICANT_DIGITS} significant digits in the noisy direction, so it
 * can be typed into a configuration exactly as printed, and evaluated again: the epsilon reported
 * is the one of the value reported.
 */
final class NoiseSearch {
  private NoiseSearch() {}

  /** Stop once epsilon is within this relative distance below the budget. */
  static final double TARGET_SLACK = 1e-5;
  /** Digits kept in a reported parameter (rounding moves epsilon by about 1e-5 relative). */
  static final int SIGNIFICANT_DIGITS = 6;
  private static final int MAX_ITERATIONS = 200;

  /** A parameter value and the epsilon it achieves. */
  record Solution(double parameter, EpsilonBound epsilon) {}

  /**
   * The least noisy parameter in {@code [min, max]} whose epsilon is within the budget.
   *
   * @param epsilonAt epsilon as a function of the parameter, monotone in the noise
   * @param noiseGrowsWithParameter true for sigma-like parameters, false for gamma
   * @param name the parameter's name, for the message when the budget cannot be met
   * @param what the setting, for that message
   * @throws IllegalArgumentException naming {@code epsilon} when even the noisiest parameter
   *     considered exceeds the budget
   */
  static Solution leastNoise(double budget, DoubleFunction<EpsilonBound> epsilonAt, double min,
      double max, boolean noiseGrowsWithParameter, String name, String what) {
    double noisiest = noiseGrowsWithParameter ? max : min;
    double quietest = noiseGrowsWithParameter ? min : max;
    EpsilonBound atNoisiest = epsilonAt.apply(noisiest);
    if (atNoisiest.epsilon() > budget) {
      throw new IllegalArgumentException(String.format(Locale.ROOT,
          "epsilon: %s cannot be met for %s: even %s = %s (the noisiest value considered) gives"
              + " epsilon %.6g", budget, what, name, format(noisiest), atNoisiest.epsilon()));
    }
    double feasible = noisiest;
    EpsilonBound best = atNoisiest;
    EpsilonBound atQuietest = epsilonAt.apply(quietest);
    if (atQuietest.epsilon() <= budget) {
      feasible = quietest; // within budget even at the least noise considered
      best = atQuietest;
    } else {
      double infeasible = quietest;
      for (int i = 0; i < MAX_ITERATIONS && best.epsilon() < budget * (1 - TARGET_SLACK); i++) {
        double mid = Math.sqrt(feasible * infeasible);
        if (!(mid > Math.min(feasible, infeasible) && mid < Math.max(feasible, infeasible))) {
          break; // double resolution reached
        }
        EpsilonBound e = epsilonAt.apply(mid);
        if (e.epsilon() <= budget) {
          feasible = mid;
          best = e;
        } else {
          infeasible = mid;
        }
      }
    }
    double rounded = round(feasible, noiseGrowsWithParameter);
    boolean inRange = rounded >= min && rounded <= max;
    if (inRange) {
      EpsilonBound atRounded = epsilonAt.apply(rounded);
      if (atRounded.epsilon() <= budget) { // monotone, so always; checked all the same
        return new Solution(rounded, atRounded);
      }
    }
    return new Solution(feasible, best);
  }

  /** {@code x} to {@link #SIGNIFICANT_DIGITS} significant digits, rounded up or down. */
  static double round(double x, boolean up) {
    return new BigDecimal(x)
        .round(new MathContext(SIGNIFICANT_DIGITS, up ? RoundingMode.CEILING : RoundingMode.FLOOR))
        .doubleValue();
  }

  static String format(double x) {
    return String.format(Locale.ROOT, "%.6g", x);
  }
}
