package dev.pate.aggregator.release;

import dev.pate.aggregator.gnmax.GnmaxRdp;

import dev.pate.files.DpPreconditions;

/**
 * The Renyi-DP cost of the GNSS mechanism (PATE 2018 Sec. 4.2), which publishes {@code f(D) +
 * S(D) Z}, {@code Z ~ N(0, sigma^2)}, with S a beta-smooth upper bound on f's local sensitivity:
 * exactly, as run by {@link GridNoise}, and, under a name that says what it is, as the paper's
 * Theorem 23 states it.
 *
 * <h2>The exact cost (continuous noise)</h2>
 *
 * An admissible pair of neighbours has {@code S(D') = e^t S(D)} with {@code |t| <= beta}
 * (smoothness) and {@code |f(D) - f(D')| <= min(S(D), S(D'))} (both bound the local
 * sensitivity). Divide by S(D): the outputs are {@code N(0, sigma^2)} and {@code N(Delta, e^{2t}
 * sigma^2)} with {@code Delta^2 <= min(1, e^{2t})}. For two Gaussians the divergence is exact
 * (Gil, Alajaji and Linder 2013):
 *
 * <pre>
 *   D_l = t + (2t - ln w) / (2(l - 1)) + l Delta^2 / (2 sigma^2 w),   w = l e^{2t} + 1 - l,
 * </pre>
 *
 * infinite when {@code w <= 0}. Its supremum over the admissible pairs, in either direction
 * (the reversed pair is the admissible pair with -t), is at {@code t = -beta, Delta^2 =
 * e^{-2beta}}:
 *
 * <ul>
 *   <li>the last term is increasing in Delta^2 and decreasing in t: for {@code t >= 0} it is
 *       {@code l / (2 sigma^2 w)} with w increasing; for {@code t <= 0} it is {@code l u / (2
 *       sigma^2 (l u + 1 - l))}, {@code u = e^{2t}}, whose derivative in u is {@code (1 - l) /
 *       (...)^2 < 0};
 *   <li>the rest, {@code h(t) = t + (2t - ln w)/(2(l - 1))}, has {@code h(0) = 0} and {@code h'(t)
 *       = 1 - 1/w}: it falls on [-beta, 0] and rises on [0, beta], so its maximum is at an end;
 *       and {@code h(-beta) >= h(beta)} because the slopes compare pointwise, {@code 1/w(-s) - 1
 *       >= 1 - 1/w(s)} for s in [0, beta]: with {@code x = l(e^{2s} - 1)} and {@code y = x
 *       e^{-2s}}, {@code 1/(1 - y) + 1/(1 + x) - 2 = x e^{-2s} (e^{2s} - 1)(2l - 1) / ((1 - y)(1 +
 *       x)) >= 0}.
 * </ul>
 *
 * Both parts peak at {@code t = -beta}, so {@link #rdp} is the supremum, attained: the exact cost,
 * not a bound that can be loose or wrong. {@code GnssCostTest} checks it against numerical
 * quadrature of the divergence over t, Delta and both directions. Where {@code w(-beta) <= 0},
 * i.e. at orders {@code >= }{@link #maxOrder}, the cost is infinite.
 *
 * <h2>The discrete noise a run draws</h2>
 *
 * {@link GridNoise} adds lattice noise {@code h K}, K a discrete Gaussian with parameter {@code s /
 * h >= 2^20}, and rounds to cells of a grid (half-open, {@code 2^b} lattice points each). The
 * proof of its cost, and the slack {@link #latticeSlack} it adds to {@link #rdp}, are in {@link
 * GridNoise}'s comment. {@link #releaseRdp} is what every release charges.
 *
 * <h2>The paper's Theorem 23</h2>
 *
 * {@link #pate2018Theorem23NotABound} is the official {@code
 * compute_rdp_of_smooth_sensitivity_gaussian}. It is not an upper bound: at order 20, beta 0.0245,
 * sigma 5.5296 it gives 0.8157 where the pair above diverges by 7.195. Its mean term {@code
 * order e^{2 beta} / sigma^2} misses the factor {@code 1/(2w)}, which exceeds 1 once {@code
 * order (1 - e^{-2 beta}) > 1/2}, roughly {@code order * beta > 1/4}: there it under-states
 * unless sigma is so large that the variance term, which it over-states, dominates. The paper's
 * parameter search explores {@code order * beta} in [0.30, 0.49], inside that range. It is kept
 * only to replay the paper's tables, never charged.
 */
public final class GnssCost {
  private GnssCost() {}

  /**
   * The exact Renyi divergence of order {@code order} of the continuous GNSS mechanism with
   * smoothness beta and noise multiplier sigma, maximised over admissible neighbours (see the
   * class comment); {@code +inf} at orders {@code >= maxOrder(beta)}.
   */
  public static double rdp(double beta, double sigma, double order) {
    check(beta, sigma, order);
    double w = widthAtWorstPair(beta, order);
    if (!(w > 0)) {
      return Double.POSITIVE_INFINITY;
    }
    return -beta + (-2 * beta - Math.log(w)) / (2 * (order - 1))
        + order * Math.exp(-2 * beta) / (2 * sigma * sigma * w);
  }

  /**
   * {@code w = l e^{-2 beta} + 1 - l}: the variance of the divergence's tilted Gaussian relative
   * to S(D)^2 sigma^2, at the worst pair ({@code t = -beta}); computed as {@code 1 - l (1 -
   * e^{-2beta})} with expm1 so that small beta keeps its digits.
   */
  static double widthAtWorstPair(double beta, double order) {
    return 1 + order * Math.expm1(-2 * beta);
  }

  /**
   * The smallest order at which a release with this beta has no bound: {@code 1 / (1 -
   * e^{-2 beta})}, a little above the paper's {@code 1 / (2 beta)}.
   */
  public static double maxOrder(double beta) {
    checkBeta(beta);
    return -1 / Math.expm1(-2 * beta);
  }

  /**
   * The largest beta a release at this order can have, {@code -ln(1 - 1/order) / 2}: where
   * {@code w(-beta)} reaches 0 and the cost becomes infinite ({@link #maxOrder} read the other
   * way round). Every beta below it has a finite cost at the order.
   */
  public static double maxBeta(double order) {
    SmoothSensitivity.checkOrder(order);
    return -Math.log1p(-1 / order) / 2;
  }

  /**
   * What a release made by {@link GridNoise} costs at this order: {@link #rdp} plus {@link
   * #latticeSlack} for its lattice ({@code h <= 2^-20} of the noise's standard deviation), rounded
   * up; {@code +inf} where {@link #rdp} is.
   */
  public static double releaseRdp(double beta, double sigma, double order) {
    double exact = rdp(beta, sigma, order);
    if (exact == Double.POSITIVE_INFINITY) {
      return exact;
    }
    return Math.nextUp(exact + latticeSlack(beta, sigma, order, GridNoise.LATTICE_RATIO));
  }

  /**
   * The extra RDP at this order of drawing the noise on a lattice of spacing at most {@code
   * latticeRatio} times its standard deviation and rounding to half-open grid cells, over the
   * continuous mechanism (the derivation is in {@link GridNoise}'s comment). With {@code r =
   * latticeRatio}, worst-case {@code Delta <= 1}, {@code e^{|t|} <= e^beta} and {@code w >=
   * w(-beta)}:
   *
   * <pre>
   *   (l - 1) slack = r l (l - 1)(1 + e^beta) / (sigma w) + k^2 v / 2 + k sqrt(v) sqrt(2/pi)
   *                   + (2l - 1) r^2 / 2 + (l - 1) 3 exp(-2 pi^2 / r^2),
   *   k = r (l + (l - 1) e^beta) / sigma,   v = sigma^2 e^{2 beta} / w.
   * </pre>
   */
  static double latticeSlack(double beta, double sigma, double order, double latticeRatio) {
    check(beta, sigma, order);
    if (!(latticeRatio > 0 && latticeRatio <= 0.25)) {
      throw new IllegalArgumentException(
          "latticeRatio: " + latticeRatio + " is not in (0, 1/4]");
    }
    double w = widthAtWorstPair(beta, order);
    if (!(w > 0)) {
      return Double.POSITIVE_INFINITY;
    }
    double r = latticeRatio;
    double eb = Math.exp(beta);
    double meanShift = r * order * (order - 1) * (1 + eb) / (sigma * w);
    double k = r * (order + (order - 1) * eb) / sigma;
    double v = sigma * sigma * eb * eb / w;
    double spread = k * k * v / 2 + k * Math.sqrt(v) * Math.sqrt(2 / Math.PI);
    double cells = (2 * order - 1) * r * r / 2;
    double normalisation = (order - 1) * 3 * Math.exp(-2 * Math.PI * Math.PI / (r * r));
    return (meanShift + spread + cells + normalisation) / (order - 1);
  }

  /**
   * PATE 2018 Theorem 23 as the official {@code
   * smooth_sensitivity.compute_rdp_of_smooth_sensitivity_gaussian} computes it, {@code order
   * e^{2 beta} / sigma^2 + (beta order - ln(1 - 2 order beta) / 2) / (order - 1)} for {@code 1 <
   * order < 1/(2 beta)}. <b>Not a bound</b> (PATE 2018 Theorem 23 under-states at {@code order
   * beta > 1/4}, see the class comment): only for replaying the paper's figures, never for a
   * charge.
   */
  public static double pate2018Theorem23NotABound(double beta, double sigma, double order) {
    check(beta, sigma, order);
    if (beta > 0 && !(order < 1 / (2 * beta))) {
      throw new IllegalArgumentException(
          "order: " + order + " is not in (1, 1/(2 beta)) = (1, " + 1 / (2 * beta) + ")");
    }
    return order * Math.exp(2 * beta) / (sigma * sigma)
        + (-.5 * Math.log(1 - 2 * order * beta) + beta * order) / (order - 1);
  }

  private static void check(double beta, double sigma, double order) {
    checkBeta(beta);
    GnmaxRdp.checkSigma(sigma, "sigma");
    SmoothSensitivity.checkOrder(order);
  }

  private static void checkBeta(double beta) {
    DpPreconditions.checkNonNegative(beta, "beta");
  }
}
