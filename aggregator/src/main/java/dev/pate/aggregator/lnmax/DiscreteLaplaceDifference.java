package dev.pate.aggregator.lnmax;

import dev.pate.aggregator.rdp.LogMath;
import dev.pate.files.DpPreconditions;

/**
 * Tail of {@code D = Z1 - Z2} for independent discrete Laplace variables with
 * {@code P(Z = k) = (1 - t) / (1 + t) * t^|k|}, {@code t = e^-gamma} (the noise production LNMax
 * adds to each integer count). Used to bound the probability that a class with {@code gap} fewer
 * votes ties or beats the plurality class.
 *
 * <p>Closed form. Summing {@code P(Z1 = k) P(Z2 = k - d)} over k (three geometric pieces: {@code k <= 0},
 * {@code 0 < k < d}, {@code k >= d}) gives, for every integer d,
 * <pre>  P(D = d) = c^2 t^|d| (A + |d|),   c = (1 - t)/(1 + t),   A = (1 + t^2)/(1 - t^2).</pre>
 * Summing the geometric series {@code sum_{d>=g} t^d} and {@code sum_{d>=g} d t^d} then gives, for
 * integer {@code g >= 1},
 * <pre>  P(D >= g) = t^g * ((1 + t + 2 t^2)/(1 + t) + g (1 - t)) / (1 + t)^2,</pre>
 * and by symmetry {@code P(D >= g) = 1 - P(D >= 1 - g)} for {@code g <= 0}. Everything is
 * evaluated in log space ({@code log t^g = -gamma g}), so huge gaps give a very negative log,
 * never 0 or NaN. (At gamma -> 0 the formula tends to 1/2 for g = 1, and at t -> 0 to
 * {@code (1 + g) t^g}, the two one-step paths, as it should.)
 */
public final class DiscreteLaplaceDifference {
  private DiscreteLaplaceDifference() {}

  /**
   * {@code log P(Z1 - Z2 >= gap)}. A non-integer gap is rounded up (D is an integer, so
   * {@code D >= gap} iff {@code D >= ceil(gap)}).
   */
  public static double logSurvival(double gap, double gamma) {
    DpPreconditions.checkFinite(gap, "gap");
    DpPreconditions.checkPositive(gamma, "gamma");
    double g = Math.ceil(gap);
    if (g >= 1) {
      return logUpperTail(g, gamma);
    }
    return LogMath.log1mExp(logUpperTail(1 - g, gamma));
  }

  /** {@code log P(D >= g)} for integer {@code g >= 1}, the closed form above. */
  private static double logUpperTail(double g, double gamma) {
    double t = Math.exp(-gamma);
    double oneMinusT = -Math.expm1(-gamma);
    double bracket = (1 + t + 2 * t * t) / (1 + t) + g * oneMinusT;
    return -gamma * g + Math.log(bracket) - 2 * Math.log1p(t);
  }
}
