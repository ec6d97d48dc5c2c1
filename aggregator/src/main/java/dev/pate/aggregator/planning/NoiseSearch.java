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

  /** A parameter value and what it achieves against a {@link NoiseTarget}. */
  record Found<T>(double parameter, T achieved) {}

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
    Found<EpsilonBound> found = leastNoise(new EpsilonAtMost(budget), epsilonAt, min, max,
        noiseGrowsWithParameter, name, what);
    return new Solution(found.parameter(), found.achieved());
  }

  /** The target of one budget: epsilon at most {@code budget}. */
  record EpsilonAtMost(double budget) implements NoiseTarget<EpsilonBound> {
    @Override
    public boolean fits(EpsilonBound achieved) {
      return achieved.epsilon() <= budget;
    }

    @Override
    public boolean tight(EpsilonBound achieved, double slack) {
      return achieved.epsilon() >= budget * (1 - slack);
    }

    @Override
    public String goal() {
      return Double.toString(budget);
    }

    @Override
    public String describe(EpsilonBound achieved) {
      return String.format(Locale.ROOT, "epsilon %.6g", achieved.epsilon());
    }
  }

  /**
   * The least noisy parameter in {@code [min, max]} whose achievement fits the target: the search
   * of the class comment, with "within the budget" read as {@link NoiseTarget#fits} and "within
   * {@link #TARGET_SLACK} below it" as {@link NoiseTarget#tight}.
   *
   * @param achievedAt what a parameter achieves, monotone in the noise
   * @throws IllegalArgumentException naming {@code epsilon} when even the noisiest parameter
   *     considered misses the target
   */
  static <T> Found<T> leastNoise(NoiseTarget<T> target, DoubleFunction<T> achievedAt, double min,
      double max, boolean noiseGrowsWithParameter, String name, String what) {
    double noisiest = noiseGrowsWithParameter ? max : min;
    double quietest = noiseGrowsWithParameter ? min : max;
    T atNoisiest = achievedAt.apply(noisiest);
    if (!target.fits(atNoisiest)) {
      throw new IllegalArgumentException(String.format(Locale.ROOT,
          "epsilon: %s cannot be met for %s: even %s = %s (the noisiest value considered) gives"
              + " %s", target.goal(), what, name, format(noisiest), target.describe(atNoisiest)));
    }
    double feasible = noisiest;
    T best = atNoisiest;
    T atQuietest = achievedAt.apply(quietest);
    if (target.fits(atQuietest)) {
      feasible = quietest; // within budget even at the least noise considered
      best = atQuietest;
    } else {
      double infeasible = quietest;
      for (int i = 0; i < MAX_ITERATIONS && !target.tight(best, TARGET_SLACK); i++) {
        double mid = Math.sqrt(feasible * infeasible);
        if (!(mid > Math.min(feasible, infeasible) && mid < Math.max(feasible, infeasible))) {
          break; // double resolution reached
        }
        T e = achievedAt.apply(mid);
        if (target.fits(e)) {
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
      T atRounded = achievedAt.apply(rounded);
      if (target.fits(atRounded)) { // monotone, so always; checked all the same
        return new Found<>(rounded, atRounded);
      }
    }
    return new Found<>(feasible, best);
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
