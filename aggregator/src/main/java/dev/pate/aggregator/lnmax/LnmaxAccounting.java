package dev.pate.aggregator.lnmax;

import dev.pate.aggregator.accounting.NoiseKind;
import dev.pate.aggregator.accounting.QueryAccounting;
import dev.pate.aggregator.rdp.LogMath;
import dev.pate.aggregator.rdp.Orders;
import dev.pate.aggregator.rdp.RdpCurves;
import dev.pate.files.DpPreconditions;
import java.util.Map;
import java.util.Objects;

/**
 * Per-query RDP of LNMax: noise with density (or mass) proportional to {@code exp(-gamma |x|)}
 * added to each vote count, answer the noisy arg-max. One teacher changing its vote moves one
 * count down and another up by 1, so a query is {@code eps = 2 gamma}-DP, with continuous
 * (Laplace) noise as in the papers and with discrete Laplace noise as in production runs (the
 * noisy histogram has L1 sensitivity 2; the arg-max, ties broken at random, is post-processing).
 *
 * <p><b>Data-independent</b>: {@code min(eps, alpha eps^2 / 2)} ({@link RdpCurves#pureDp}), at
 * moment {@code l = alpha - 1} exactly the PATE 2017 {@code logmgf_exact(1.0, 2 gamma, l) / l},
 * and the data-independent terms of PATE 2018 {@code core.rdp_pure_eps}; valid at every real order
 * since it only uses pure DP.
 *
 * <p><b>Data-dependent</b>: PATE 2018 {@code core.rdp_pure_eps(log q, 2 gamma, alpha)}, which uses
 * PATE 2017 Theorem 3 only where its condition {@code q <= 1/(e^{2 gamma} + 1)} holds and the
 * data-independent value elsewhere. {@code q} bounds Pr[answer != plurality class]: for continuous
 * noise the paper's union bound ({@link Pate2018Lnmax#computeLogqLaplace}); for discrete noise the
 * maximum of that and the union bound of the exact discrete tails {@code P(Z_j - Z_* >= gap_j)}
 * ({@link DiscreteLaplaceDifference}), where a tie counts as an error because runs break ties at
 * random.
 *
 * <p>The official 2017 code ({@link Pate2017Moments#logmgfExact}) uses the Theorem 3 term
 * whenever {@code q < 0.5}; between {@code 1/(e^eps + 1)} and 0.5 the theorem does not hold and
 * that term can fall below the data-independent moment. Here it is never used there, so wherever
 * the two differ this accounting is the larger (valid) one.
 *
 * <p>Not used: the exact RDP of the noisy histogram (each of the two changed counts is a
 * sensitivity-1 mechanism, so twice {@link RdpCurves#laplace} at {@code gamma}, or twice {@link
 * RdpCurves#randomizedResponse} for discrete noise) is also valid and about half the pure-DP form
 * for small gamma. It is left out so that these numbers stay the papers' and never fall below the
 * official analysis.
 */
public final class LnmaxAccounting implements QueryAccounting {
  private final double gamma;
  private final Orders orders;
  private final NoiseKind kind;
  private final double[] dataIndependent;

  /**
   * @param gamma inverse noise scale: Laplace scale {@code 1/gamma} (2017 {@code noise_eps}; 2018
   *     {@code lambda = 1/gamma})
   * @param orders orders at which to give RDP
   * @param kind the noise the runs draw
   */
  public LnmaxAccounting(double gamma, Orders orders, NoiseKind kind) {
    DpPreconditions.checkPositive(gamma, "gamma");
    this.gamma = gamma;
    this.orders = Objects.requireNonNull(orders, "orders");
    this.kind = Objects.requireNonNull(kind, "kind");
    this.dataIndependent = RdpCurves.pureDp(2 * gamma, orders);
  }

  /** The inverse noise scale. */
  public double gamma() {
    return gamma;
  }

  /** The pure-DP parameter of one query, {@code 2 gamma}. */
  public double pureEpsilon() {
    return 2 * gamma;
  }

  @Override
  public Orders orders() {
    return orders;
  }

  @Override
  public NoiseKind noiseKind() {
    return kind;
  }

  /** {@code min(eps, alpha eps^2 / 2)} with {@code eps = 2 gamma} (LNMax always answers). */
  @Override
  public double[] dataIndependentRdp() {
    return dataIndependent.clone();
  }

  @Override
  public double[] dataDependentRdp(double[] counts, boolean answered) {
    double logq = logq(counts, gamma, kind);
    double[] out = new double[orders.size()];
    for (int i = 0; i < out.length; i++) {
      // Never above the data-independent value: rdp_pure_eps takes the min with its terms.
      out[i] = Pate2018Lnmax.rdpPureEps(logq, pureEpsilon(), orders.get(i));
    }
    return out;
  }

  @Override
  public Map<String, Double> parameters() {
    return Map.of("gamma", gamma);
  }

  @Override
  public String mechanismId() {
    return "lnmax";
  }

  /**
   * Log of an upper bound on Pr[answer != first plurality class] for these vote counts.
   * CONTINUOUS: the paper's bound. DISCRETE: the maximum of the paper's bound and the discrete
   * union bound with ties counted as errors; both capped at {@code log(1 - 1/n)} (the plurality
   * class wins at least as often as any other, so at least 1/n of the time).
   */
  public static double logq(double[] counts, double gamma, NoiseKind kind) {
    Counts.checkVotes(counts);
    double continuous = Pate2018Lnmax.computeLogqLaplace(counts, 1 / gamma);
    return switch (Objects.requireNonNull(kind, "kind")) {
      case CONTINUOUS -> continuous;
      case DISCRETE -> Math.max(continuous, logqDiscrete(counts, gamma));
    };
  }

  /**
   * {@code log sum_{j != j*} P(Z_j - Z_* >= n_* - n_j)} for discrete Laplace noise, capped at
   * {@code log(1 - 1/n)}; {@code -inf} for one class.
   */
  public static double logqDiscrete(double[] counts, double gamma) {
    Counts.checkVotes(counts);
    int winner = Counts.argmax(counts);
    double[] terms = new double[counts.length - 1];
    int n = 0;
    for (int j = 0; j < counts.length; j++) {
      if (j != winner) {
        terms[n++] = DiscreteLaplaceDifference.logSurvival(counts[winner] - counts[j], gamma);
      }
    }
    return Math.min(LogMath.logSumExp(terms), Math.log(1 - 1.0 / counts.length));
  }

  @Override
  public String toString() {
    return "LnmaxAccounting[gamma=" + gamma + ", kind=" + kind + ", " + orders.size() + " orders]";
  }
}
