package dev.pate.aggregator.lnmax;

import dev.pate.files.DpPreconditions;

/**
 * The PATE 2017 moments accountant for LNMax ("Semi-supervised Knowledge Transfer for Deep
 * Learning from Private Training Data", tensorflow/privacy research/pate_2017/analysis.py).
 * LNMax adds Laplace noise of scale {@code 1/gamma} ({@code gamma = noise_eps}) to each vote count
 * and is {@code 2 gamma}-DP. Moment {@code l} is RDP order {@code l + 1}:
 * {@code logmgf(l) = l * RDP(l + 1)}.
 */
public final class Pate2017Moments {
  private Pate2017Moments() {}

  /**
   * {@code compute_q_noisy_max(counts, noise_eps)}: the union bound
   * {@code sum_{j != j*} (2 + gamma gap_j) / (4 exp(gamma gap_j))} on Pr[answer != plurality
   * class], capped at {@code 1 - 1/n}. (Where the official code overflows {@code exp} for gaps
   * beyond ~709/gamma, this returns the limit 0 for that term.)
   */
  public static double computeQNoisyMax(double[] counts, double noiseEps) {
    Counts.check(counts);
    checkNoiseEps(noiseEps);
    int winner = Counts.argmax(counts);
    double q = 0.0;
    for (int i = 0; i < counts.length; i++) {
      if (i != winner) {
        double gap = -(noiseEps * (counts[i] - counts[winner]));
        q += (gap + 2.0) / (4.0 * Math.exp(gap));
      }
    }
    return Math.min(q, 1.0 - (1.0 / counts.length));
  }

  /**
   * {@code compute_q_noisy_max_approx(counts, noise_eps)}: {@code (n - 1)} times the term of the
   * runner-up, an upper bound on {@link #computeQNoisyMax} that the paper uses for its
   * sensitivity argument.
   */
  public static double computeQNoisyMaxApprox(double[] counts, double noiseEps) {
    Counts.check(counts);
    checkNoiseEps(noiseEps);
    if (counts.length == 1) {
      return 0.0; // the official code fails here (max of an empty list); the answer is fixed
    }
    int winner = Counts.argmax(counts);
    double maxRest = Double.NEGATIVE_INFINITY;
    for (int i = 0; i < counts.length; i++) {
      if (i != winner) {
        maxRest = Math.max(maxRest, noiseEps * (counts[i] - counts[winner]));
      }
    }
    double gap = -maxRest;
    double q = (counts.length - 1) * (gap + 2.0) / (4.0 * Math.exp(gap));
    return Math.min(q, 1.0 - (1.0 / counts.length));
  }

  /**
   * {@code logmgf_exact(q, priv_eps, l)} exactly as the official code: the data-dependent term
   * {@code log((1-q) ((1-q)/(1 - e^eps q))^l + q e^{eps l})} whenever {@code q < 0.5}, then the
   * minimum with {@code eps^2 l (l+1) / 2} and {@code eps l}.
   *
   * <p>Not a valid bound in general: Theorem 3 of the paper needs {@code q < 1/(e^eps + 1)}.
   * Between that and 0.5, {@code 1 - e^eps q} is small or negative; with eps above ln 2 and q
   * in (e^-eps, 0.5) the base is negative and the term can come out below the data-independent
   * moment (e.g. eps = 2, q = 0.49, l = 2 gives 3.29 instead of 4). {@link #logmgf} with
   * {@link Pate2017Variant#CORRECTED} is the valid one. Where {@code log} would fail ({@code t <= 0}) the
   * official code falls back to {@code eps l}, as here; where it would divide by zero
   * ({@code q = e^-eps} exactly) it crashes, and this falls back to {@code eps l} as well.
   */
  public static double logmgfExact(double q, double privEps, int l) {
    checkQ(q);
    checkPrivEps(privEps);
    checkMoment(l);
    double logT;
    double denominator = 1 - Math.exp(privEps) * q;
    if (q < 0.5 && denominator != 0) {
      double tOne = (1 - q) * Math.pow((1 - q) / denominator, l);
      double tTwo = q * Math.exp(privEps * l);
      double t = tOne + tTwo;
      logT = t > 0 ? Math.log(t) : privEps * l;
    } else {
      logT = privEps * l;
    }
    return Math.min(Math.min(0.5 * privEps * privEps * l * (l + 1), logT), privEps * l);
  }

  /**
   * The log moment {@code alpha(l)} for a {@code privEps}-DP mechanism whose answer differs from
   * a fixed outcome with probability at most {@code q}, in the chosen variant. The corrected one
   * is PATE 2018 {@code core.rdp_pure_eps(log q, eps, l + 1) * l}: the same Theorem 3 term, used
   * only where the theorem's condition holds.
   */
  public static double logmgf(double q, double privEps, int l, Pate2017Variant variant) {
    return switch (variant) {
      case OFFICIAL_CODE -> logmgfExact(q, privEps, l);
      case CORRECTED -> {
        checkQ(q);
        checkMoment(l);
        yield l * Pate2018Lnmax.rdpPureEps(Math.log(q), privEps, l + 1.0);
      }
    };
  }

  /**
   * {@code logmgf_from_counts(counts, noise_eps, l)}: LNMax with noise {@code Lap(1/noise_eps)}
   * is {@code 2 noise_eps}-DP (one teacher's vote moves one count up and another down).
   */
  public static double logmgfFromCounts(double[] counts, double noiseEps, int l,
      Pate2017Variant variant) {
    double q = computeQNoisyMax(counts, noiseEps);
    return logmgf(q, 2.0 * noiseEps, l, variant);
  }

  /**
   * The data-independent moment of a {@code privEps}-DP mechanism, as the official {@code main()}
   * computes it: {@code logmgf_exact(1.0, priv_eps, l) = min(eps^2 l (l+1) / 2, eps l)}.
   */
  public static double dataIndependentLogmgf(double privEps, int l) {
    return logmgfExact(1.0, privEps, l);
  }

  private static void checkQ(double q) {
    if (!(q >= 0 && q <= 1)) {
      throw new IllegalArgumentException("q: " + q + " is not a probability in [0, 1]");
    }
  }

  private static void checkPrivEps(double privEps) {
    DpPreconditions.checkNonNegative(privEps, "privEps");
  }

  static void checkNoiseEps(double noiseEps) {
    DpPreconditions.checkPositive(noiseEps, "noiseEps");
  }

  static void checkMoment(int l) {
    if (l < 1) {
      throw new IllegalArgumentException("l: moment " + l + " is not >= 1");
    }
  }
}
