package dev.pate.aggregator.gnmax;

import dev.pate.aggregator.rdp.LogMath;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Exact tails of the discrete Gaussian {@code N_Z(0, sigma^2)}, {@code Pr[Z = k] ∝
 * exp(-k^2 / (2 sigma^2))} on the integers (Canonne, Kamath, Steinke 2020), in log space: the
 * single tail {@code Pr[Z >= k]} (threshold check) and the tail of the difference of two
 * independent copies {@code Pr[Z1 - Z2 >= g]} (one class overtaking or tying the plurality).
 *
 * <p>The difference has a closed form: {@code k^2 + (k - d)^2 = 2 (k - d/2)^2 + d^2 / 2}, so
 * {@code Pr[Z1 - Z2 = d] = exp(-d^2 / (4 sigma^2)) S_{d mod 2} / Z^2} with the theta sums {@code Z
 * = sum_k exp(-k^2 / (2 sigma^2))}, {@code S_0 = sum_k exp(-k^2 / sigma^2)} and {@code S_1 =
 * sum_k exp(-(k + 1/2)^2 / sigma^2)}. Tails are sums of these terms from the tail's start until
 * the terms fall below 1e-22 of the first one (they decay like a Gaussian, so the rest is
 * negligible in double). The theta sums use Poisson summation for {@code s >= 1}.
 *
 * <p>Values for integer arguments in [0, 4096) are computed once per sigma and memoised ({@link
 * WholeArgumentMemo}); instances are shared per sigma (for the last few sigmas used) and
 * thread-safe. Work per uncached tail is O(sigma).
 */
public final class DiscreteGaussianTails {
  private static final ConcurrentHashMap<Double, DiscreteGaussianTails> BY_SIGMA =
      new ConcurrentHashMap<>();
  /** Summation stops when a term is below e^-50 (2e-22) times the first. */
  private static final double NEGLIGIBLE_LOG = 50;

  private final double sigma;
  private final double variance;
  private final double logZ;
  private final double logSEven;
  private final double logSOdd;
  /** {@code log Pr[Z >= k]} and {@code log Pr[Z1 - Z2 >= g]} for k, g >= 1. */
  private final WholeArgumentMemo single;
  private final WholeArgumentMemo difference;

  private DiscreteGaussianTails(double sigma) {
    this.sigma = sigma;
    this.variance = sigma * sigma;
    this.logZ = logTheta(sigma, 0);
    double s = sigma / Math.sqrt(2);
    this.logSEven = logTheta(s, 0);
    this.logSOdd = logTheta(s, 0.5);
    this.single = new WholeArgumentMemo(k -> logSumFrom((long) k, 2 * variance, false) - logZ);
    this.difference =
        new WholeArgumentMemo(g -> logSumFrom((long) g, 4 * variance, true) - 2 * logZ);
  }

  /** At most this many sigmas keep their caches (64 KB each); beyond, the map starts over. */
  private static final int MAX_SHARED = 32;

  /** The shared instance for this sigma (> 0, finite). */
  public static DiscreteGaussianTails of(double sigma) {
    GnmaxRdp.checkSigma(sigma, "sigma");
    if (BY_SIGMA.size() >= MAX_SHARED && !BY_SIGMA.containsKey(sigma)) {
      BY_SIGMA.clear(); // holders keep their instances; only sharing is lost
    }
    return BY_SIGMA.computeIfAbsent(sigma, DiscreteGaussianTails::new);
  }

  double sigma() {
    return sigma;
  }

  /**
   * Arguments are clamped to +-2^52: a tail that far out is below e^-(2^100) at any sigma this
   * code can sum over, so nothing changes, and {@code 1 - k} cannot overflow.
   */
  private static final long REACH = 1L << 52;

  /** {@code log Pr[Z >= k]} for an integer-valued k (e.g. {@code Math.ceil(T - max)}). */
  public double logTail(double k) {
    return logTail(clamp(k));
  }

  /** {@code log Pr[Z1 - Z2 >= g]} for an integer-valued g (e.g. {@code Math.ceil(gap)}). */
  public double logDifferenceTail(double g) {
    return logDifferenceTail(clamp(g));
  }

  private static long clamp(double k) {
    if (Double.isNaN(k) || k != Math.rint(k)) {
      throw new IllegalArgumentException("k: " + k + " is not an integer");
    }
    return (long) Math.max(-REACH, Math.min(REACH, k));
  }

  /** {@code log Pr[Z >= k]}. */
  private double logTail(long k) {
    if (k <= 0) {
      // Pr[Z >= k] = 1 - Pr[Z <= k - 1] = 1 - Pr[Z >= 1 - k] by symmetry.
      return LogMath.log1mExp(logTail(1 - k));
    }
    return single.applyAsDouble(k);
  }

  /** {@code log Pr[Z1 - Z2 >= g]} for independent {@code Z1, Z2 ~ N_Z(0, sigma^2)}. */
  private double logDifferenceTail(long g) {
    if (g <= 0) {
      return LogMath.log1mExp(logDifferenceTail(1 - g));
    }
    return difference.applyAsDouble(g);
  }

  /**
   * {@code log sum_{d >= start} w(d) exp(-d^2 / scale)} where {@code w(d) = S_{d mod 2}} if
   * {@code parityWeights}, else 1. Terms are taken relative to the first, so nothing underflows.
   */
  private double logSumFrom(long start, double scale, boolean parityWeights) {
    double d0 = start;
    double first = -d0 * d0 / scale + (parityWeights ? parityWeight(start) : 0);
    double sum = 0;
    for (long t = 0; ; t++) {
      // -(d^2 - d0^2) / scale, written to avoid cancellation: d^2 - d0^2 = t (2 d0 + t).
      double rel = -t * (2 * d0 + t) / scale;
      if (rel < -NEGLIGIBLE_LOG) {
        break;
      }
      double w = parityWeights ? parityWeight(start + t) - parityWeight(start) : 0;
      sum += Math.exp(rel + w);
    }
    return first + Math.log(sum);
  }

  private double parityWeight(long d) {
    return (d & 1L) == 0 ? logSEven : logSOdd;
  }

  /**
   * {@code log sum_{k in Z} exp(-(k + a)^2 / (2 s^2))}. For {@code s >= 1}, Poisson summation:
   * {@code s sqrt(2 pi) (1 + 2 sum_{n >= 1} exp(-2 pi^2 s^2 n^2) cos(2 pi n a))}, whose terms
   * beyond n = 3 are below e^-177. For small s, the direct sum (a handful of terms).
   */
  static double logTheta(double s, double a) {
    if (s >= 1) {
      double correction = 0;
      for (int n = 1; n <= 3; n++) {
        correction += 2 * Math.exp(-2 * Math.PI * Math.PI * s * s * n * n)
            * Math.cos(2 * Math.PI * n * a);
      }
      return Math.log(s * Math.sqrt(2 * Math.PI)) + Math.log1p(correction);
    }
    return logThetaDirect(s, a);
  }

  /**
   * The theta sum by direct summation, in log space (for tiny s every term underflows: with s =
   * 1e-3 and a = 1/2 the largest is e^-125000). Terms beyond |k| = 10 s + 2 are below e^-50 of
   * the largest.
   */
  static double logThetaDirect(double s, double a) {
    long reach = (long) Math.ceil(10 * s) + 2;
    double max = Double.NEGATIVE_INFINITY;
    for (long k = -reach; k <= reach; k++) {
      max = Math.max(max, exponent(k, a, s));
    }
    double sum = 0;
    for (long k = -reach; k <= reach; k++) {
      sum += Math.exp(exponent(k, a, s) - max);
    }
    return max + Math.log(sum);
  }

  private static double exponent(long k, double a, double s) {
    double x = k + a;
    return -x * x / (2 * s * s);
  }
}
