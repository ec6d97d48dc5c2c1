package dev.pate.aggregator.gnmax;

import dev.pate.aggregator.accounting.NoiseKind;
import dev.pate.aggregator.accounting.QueryAccounting;
import dev.pate.aggregator.rdp.Orders;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * Per-query RDP of Confident-GNMax (PATE 2018, Algorithm 1): a threshold check {@code max_j n_j +
 * N(0, sigma1^2) >= T}; if it passes, GNMax with sigma2 answers, otherwise the query is not
 * answered. A query spends the threshold check always and GNMax only when answered; its
 * guarantee ({@link #dataIndependentRdp()}) charges both, since whether it is answered depends on
 * the votes.
 *
 * <p>Two accountings:
 *
 * <ul>
 *   <li>actual ({@link #dataDependentRdp} / {@link #spentRdp}): the caller says whether the query
 *       was answered; this is what a run charges. The data-independent guarantee of a query is
 *       {@link #dataIndependentRdp()}, both steps, whatever it answered.
 *   <li>expected ({@link #expectedRdp}): the threshold cost plus {@code Pr[answered]} times the
 *       GNMax cost, the expectation over the threshold's randomness that the paper's tables report
 *       ({@code ICLR2018/smooth_sensitivity_table.py _compute_rdp}, {@code rdp_cumulative.py}).
 *       It is an average over runs, not a guarantee for one run.
 * </ul>
 *
 * <p><b>Discrete noise</b> (see also {@link GnmaxAccounting}). The threshold check adds a discrete
 * Gaussian to the integer max count (sensitivity 1), so {@code alpha / (2 sigma1^2)} holds
 * (Canonne-Kamath-Steinke 2020). For Theorem 6 the q is {@code min(Pr[answer], Pr[abstain])}; with
 * discrete noise {@code max + Z} can equal T exactly, and whether that counts as answered is the
 * run's convention, so the bound used is {@code min(Pr[Z >= T - max], Pr[Z <= T - max])}, which
 * bounds the smaller outcome under either convention, and the larger of that and the continuous q.
 * The answer probability used for expectations is {@code Pr[Z >= T - max]}, an upper bound under
 * either convention.
 */
public final class ConfidentGnmaxAccounting implements QueryAccounting {
  private final double threshold;
  private final double sigma1;
  private final GnmaxAccounting gnmax;
  private final double[] thresholdDataIndependent;

  public ConfidentGnmaxAccounting(
      double threshold, double sigma1, double sigma2, Orders orders, NoiseKind noiseKind) {
    ThresholdRdp.checkThreshold(threshold);
    GnmaxRdp.checkSigma(sigma1, "sigma1");
    GnmaxRdp.checkSigma(sigma2, "sigma2");
    this.threshold = threshold;
    this.sigma1 = sigma1;
    this.gnmax = new GnmaxAccounting(sigma2, orders, noiseKind);
    this.thresholdDataIndependent = ThresholdRdp.dataIndependent(sigma1, orders);
  }

  public double threshold() {
    return threshold;
  }

  public double sigma1() {
    return sigma1;
  }

  public double sigma2() {
    return gnmax.sigma();
  }

  /** The GNMax step (sigma2) on its own. */
  public GnmaxAccounting gnmaxStep() {
    return gnmax;
  }

  @Override
  public Orders orders() {
    return gnmax.orders();
  }

  @Override
  public NoiseKind noiseKind() {
    return gnmax.noiseKind();
  }

  @Override
  public Map<String, Double> parameters() {
    Map<String, Double> parameters = new LinkedHashMap<>();
    parameters.put("threshold", threshold);
    parameters.put("sigma1", sigma1);
    parameters.put("sigma2", gnmax.sigma());
    return Collections.unmodifiableMap(parameters);
  }

  @Override
  public String mechanismId() {
    return "confident-gnmax";
  }

  /**
   * Whether the noiseless threshold check passes ({@code max count >= T}): what a vote-file
   * analysis, which does not know the noise drawn, takes as "answered" in the actual accounting.
   */
  public boolean answersWithoutNoise(double[] counts) {
    GnmaxRdp.checkCounts(counts);
    return counts[GnmaxRdp.argMax(counts)] >= threshold;
  }

  /**
   * The threshold check plus the GNMax step, whatever the votes: whether the GNMax step runs
   * depends on the votes (through the noisy threshold), so the uniform bound charges it always.
   */
  @Override
  public double[] dataIndependentRdp() {
    return add(thresholdDataIndependentRdp(), gnmax.dataIndependentRdp());
  }

  /** The threshold check always; the GNMax step only if the query was answered. */
  @Override
  public double[] spentRdp(boolean answered) {
    return answered ? dataIndependentRdp() : thresholdDataIndependentRdp();
  }

  /** The threshold check's data-independent cost, {@code alpha / (2 sigma1^2)}. */
  public double[] thresholdDataIndependentRdp() {
    return thresholdDataIndependent.clone();
  }

  private static double[] add(double[] a, double[] b) {
    double[] sum = a.clone();
    for (int i = 0; i < sum.length; i++) {
      sum[i] += b[i];
    }
    return sum;
  }

  @Override
  public double[] dataDependentRdp(double[] counts, boolean answered) {
    double[] rdp = thresholdRdp(counts);
    if (answered) {
      GnmaxRdp.addDataDependent(gnmax.logq(counts), gnmax.sigma(), orders(), 1.0, rdp);
    }
    return rdp;
  }

  /**
   * Expected data-dependent cost over the threshold's randomness: {@code rdp_threshold +
   * Pr[answered] rdp_gnmax} ({@code smooth_sensitivity_table._compute_rdp}).
   */
  public double[] expectedRdp(double[] counts) {
    double[] rdp = thresholdRdp(counts);
    double pr = Math.exp(logPrAnswered(counts));
    GnmaxRdp.addDataDependent(gnmax.logq(counts), gnmax.sigma(), orders(), pr, rdp);
    return rdp;
  }

  /**
   * Expected cost with both steps' data-independent bounds, weighted by the (data-dependent)
   * answer probability, as {@code _compute_rdp} with {@code data_ind=True}: the figure the
   * paper's tables call data-independent. It depends on the votes through the answer probability,
   * so it is not a guarantee; {@link #dataIndependentRdp()} is.
   */
  public double[] expectedDataIndependentRdp(double[] counts) {
    double[] rdp = thresholdDataIndependent.clone();
    double pr = Math.exp(logPrAnswered(counts));
    double[] step2 = gnmax.dataIndependentRdp();
    for (int i = 0; i < rdp.length; i++) {
      rdp[i] += pr * step2[i];
    }
    return rdp;
  }

  /** The threshold check's data-dependent cost ({@code core.compute_rdp_threshold}). */
  public double[] thresholdRdp(double[] counts) {
    return ThresholdRdp.dataDependent(thresholdLogq(counts), sigma1, orders());
  }

  /**
   * {@code log Pr[answered]}: {@code core.compute_logpr_answered} for continuous noise, {@code
   * log Pr[Z >= ceil(T - max)]} for discrete noise.
   */
  public double logPrAnswered(double[] counts) {
    double continuous = ThresholdRdp.logPrAnswered(threshold, sigma1, counts);
    if (noiseKind() == NoiseKind.CONTINUOUS) {
      return continuous;
    }
    if (sigma1 > GnmaxAccounting.MAX_EXACT_DISCRETE_SIGMA) {
      return 0; // Pr <= 1: the trivial bound where exact tails would be too slow
    }
    double max = counts[GnmaxRdp.argMax(counts)];
    return discreteTails().logTail(Math.ceil(threshold - max));
  }

  /** The Theorem 6 q of the threshold check (see the class comment for discrete noise). */
  public double thresholdLogq(double[] counts) {
    double continuous = ThresholdRdp.logq(threshold, sigma1, counts);
    if (noiseKind() == NoiseKind.CONTINUOUS) {
      return continuous;
    }
    if (sigma1 > GnmaxAccounting.MAX_EXACT_DISCRETE_SIGMA) {
      return Math.log(0.5); // min(p, 1 - p) <= 1/2: the trivial bound
    }
    double distance = threshold - counts[GnmaxRdp.argMax(counts)];
    DiscreteGaussianTails tails = discreteTails();
    double logAnswer = tails.logTail(Math.ceil(distance)); // Pr[Z >= T - max]
    double logAbstain = tails.logTail(-Math.floor(distance)); // Pr[Z <= T - max], by symmetry
    return Math.max(continuous, Math.min(logAnswer, logAbstain));
  }

  private DiscreteGaussianTails discreteTails() {
    return DiscreteGaussianTails.of(sigma1);
  }

  @Override
  public String toString() {
    return "ConfidentGnmaxAccounting[threshold=" + threshold + ", sigma1=" + sigma1 + ", sigma2="
        + sigma2() + ", noise=" + noiseKind().name().toLowerCase(Locale.ROOT) + ", " + orders().size()
        + " orders]";
  }
}
