package dev.pate.aggregator.lnmax;

import dev.pate.aggregator.rdp.LogMath;
import dev.pate.aggregator.rdp.Orders;
import dev.pate.files.DpPreconditions;

/**
 * LNMax as analysed by PATE 2018 ("Scalable Private Learning with PATE", tensorflow/privacy
 * research/pate_2018/core.py): an upper bound on the probability of a non-plurality answer, and
 * the data-dependent RDP of a pure-DP mechanism given that bound (PATE 2017 Theorem 3 in RDP
 * form). Both mirror the official functions line by line.
 */
public final class Pate2018Lnmax {
  private Pate2018Lnmax() {}

  /**
   * {@code core.compute_logq_laplace(counts, lmbd)}: log of the union bound
   * {@code sum_{j != j*} (2 + gap_j / lambda) / 4 * exp(-gap_j / lambda)}, the exact probability
   * that Laplace noise of scale {@code lambda} lifts class j above the plurality class j* (PATE
   * 2017 Lemma 4), capped at {@code log(1 - 1/n)}. With one class the answer is fixed and the
   * result is {@code -inf}.
   */
  public static double computeLogqLaplace(double[] counts, double lambda) {
    Counts.check(counts);
    DpPreconditions.checkPositive(lambda, "lambda");
    int winner = Counts.argmax(counts);
    double[] terms = new double[counts.length - 1];
    int n = 0;
    for (int i = 0; i < counts.length; i++) {
      if (i != winner) {
        double normalized = (counts[i] - counts[winner]) / lambda; // <= 0
        terms[n++] = Math.log(2 - normalized) + Math.log(.25) + normalized;
      }
    }
    return Math.min(LogMath.logSumExp(terms), Math.log(1 - (1.0 / counts.length)));
  }

  /**
   * {@code core.rdp_pure_eps(logq, pure_eps, orders)} at one order: the RDP of a pure-eps-DP
   * mechanism whose answer differs from a fixed outcome with probability at most
   * {@code q = exp(logq)}. The minimum of
   *
   * <ul>
   *   <li>{@code alpha eps^2 / 2} (eps-DP implies eps^2/2-zCDP, Bun-Steinke 2016),
   *   <li>{@code log t / (alpha - 1)} with {@code t = (1-q) ((1-q)/(1-e^eps q))^(alpha-1) + q
   *       e^(eps (alpha-1))} (PATE 2017 Theorem 3, moment {@code l = alpha - 1}), used only when
   *       its condition {@code q <= 1 / (e^eps + 1)} holds, else {@code +inf},
   *   <li>{@code eps} (the pure-DP guarantee itself).
   * </ul>
   *
   * <p>Evaluated in log space as core.py does; valid at any real order > 1.
   */
  public static double rdpPureEps(double logq, double pureEps, double order) {
    checkArguments(logq, pureEps);
    DpPreconditions.checkOrder(order, "order");
    double logT = Double.POSITIVE_INFINITY;
    if (theorem3Applies(logq, pureEps)) {
      double log1mq = Math.log1p(-Math.exp(logq));
      double logtOne = log1mq + (log1mq - LogMath.log1mExp(pureEps + logq)) * (order - 1);
      double logtTwo = logq + pureEps * (order - 1);
      logT = LogMath.logAddExp(logtOne, logtTwo);
    }
    return Math.min(Math.min(0.5 * pureEps * pureEps * order, logT / (order - 1)), pureEps);
  }

  /** {@link #rdpPureEps(double, double, double)} at every order. */
  public static double[] rdpPureEps(double logq, double pureEps, Orders orders) {
    double[] out = new double[orders.size()];
    for (int i = 0; i < out.length; i++) {
      out[i] = rdpPureEps(logq, pureEps, orders.get(i));
    }
    return out;
  }

  /**
   * The condition of PATE 2017 Theorem 3, {@code q < (e^{eps} - 1) / (e^{2 eps} - 1) = 1 /
   * (e^eps + 1)}, tested as core.py does ({@code <=}; at equality the bound equals {@code eps}).
   */
  public static boolean theorem3Applies(double logq, double pureEps) {
    checkArguments(logq, pureEps);
    return Math.exp(logq) <= 1 / (Math.exp(pureEps) + 1);
  }

  private static void checkArguments(double logq, double pureEps) {
    if (!(logq <= 0)) {
      throw new IllegalArgumentException("logq: " + logq + " is not a log-probability (<= 0)");
    }
    DpPreconditions.checkNonNegative(pureEps, "pureEps");
  }
}
