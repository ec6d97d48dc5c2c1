package dev.pate.aggregator.gnmax;

import dev.pate.aggregator.rdp.LogMath;
import dev.pate.aggregator.rdp.Orders;
import dev.pate.files.DpPreconditions;
import java.util.function.DoubleUnaryOperator;

/**
 * Renyi-DP of the Gaussian noisy arg-max (GNMax) of PATE 2018 (Papernot, Song, Mironov,
 * Raghunathan, Talwar, Erlingsson, "Scalable Private Learning with PATE", ICLR 2018), mirroring
 * tensorflow/privacy {@code research/pate_2018/core.py}.
 *
 * <p>GNMax adds {@code N(0, sigma^2)} to each of the m vote counts and answers the arg-max. Changing
 * one teacher's vote moves the count vector by L2 distance sqrt 2, so the data-independent bound
 * is {@code alpha / sigma^2} (Prop. 8). When the plurality is clear the answer is nearly
 * deterministic: with {@code q >= Pr[answer != plurality]}, Theorem 6 gives a much smaller RDP at
 * orders below {@code mu1}; it is used only at orders where its conditions hold and never where it
 * exceeds the data-independent value.
 */
public final class GnmaxRdp {
  private GnmaxRdp() {}

  /**
   * Upper bound on {@code log Pr[GNMax answer != arg max counts]} for continuous Gaussian noise:
   * {@code core.compute_logq_gaussian} (Prop. 7), the union bound {@code sum_{j != i*}
   * Pr[N(0, 2 sigma^2) >= n_i* - n_j]}, capped at {@code log(1 - 1/m)} (some outcome always has
   * probability at least 1/m, and Theorem 6 may use any outcome as i*).
   */
  public static double logq(double[] counts, double sigma) {
    checkSigma(sigma, "sigma");
    double scale = Math.sqrt(2 * sigma * sigma);
    return logq(counts, gap -> GaussianTail.logSf(gap, scale));
  }

  /**
   * {@link #logq(double[], double)} with {@code logTail(gap) = log Pr[N(0, 2 sigma^2) >= gap]}
   * given: the accountant passes one that memoises whole gaps ({@link GnmaxAccounting}).
   */
  static double logq(double[] counts, DoubleUnaryOperator logTail) {
    checkCounts(counts);
    int best = argMax(counts);
    double[] logTerms = new double[counts.length - 1];
    int k = 0;
    for (int j = 0; j < counts.length; j++) {
      if (j != best) {
        logTerms[k++] = logTail.applyAsDouble(counts[best] - counts[j]);
      }
    }
    return Math.min(LogMath.logSumExp(logTerms), Math.log(1 - 1.0 / counts.length));
  }

  /** {@code core.rdp_data_independent_gaussian}: {@code alpha / sigma^2} at each order (Prop. 8). */
  public static double[] dataIndependent(double sigma, Orders orders) {
    checkSigma(sigma, "sigma");
    double variance = sigma * sigma;
    double[] rdp = new double[orders.size()];
    for (int i = 0; i < rdp.length; i++) {
      rdp[i] = orders.get(i) / variance;
    }
    return rdp;
  }

  /**
   * {@code core.rdp_gaussian}: the data-dependent RDP of GNMax given {@code logq >= log
   * Pr[answer != i*]} (Theorem 6 with {@code mu2 = sigma sqrt(-log q)}, {@code mu1 = mu2 + 1} from
   * Prop. 10). At each order it is the smaller of Theorem 6 and {@code alpha / sigma^2} where
   * Theorem 6 applies (order below {@code mu1}, {@code mu2 > 1}, q in the range where the bound
   * increases with q), and exactly {@code alpha / sigma^2} elsewhere. {@code logq = -inf} (a
   * certain answer) costs 0, as in the official code.
   */
  public static double[] dataDependent(double logq, double sigma, Orders orders) {
    double[] rdp = new double[orders.size()];
    addDataDependent(logq, sigma, orders, 1.0, rdp);
    return rdp;
  }

  /**
   * Adds {@code weight * dataDependent(logq, sigma, orders)} to {@code total} without allocating:
   * the inner loop of an analysis over many queries.
   */
  public static void addDataDependent(
      double logq, double sigma, Orders orders, double weight, double[] total) {
    checkSigma(sigma, "sigma");
    if (Double.isNaN(logq) || logq > 0) {
      throw new IllegalArgumentException("logq: " + logq + " is not a log probability (<= 0)");
    }
    if (orders.size() != total.length) {
      throw new IllegalArgumentException(
          "total: " + total.length + " entries for " + orders.size() + " orders");
    }
    if (logq == Double.NEGATIVE_INFINITY || weight == 0) {
      return; // a fixed outcome is 0-RDP
    }
    double variance = sigma * sigma;
    Theorem6 bound = Theorem6.of(logq, sigma);
    for (int i = 0; i < total.length; i++) {
      double order = orders.get(i);
      double dataIndependent = order / variance;
      double r = dataIndependent;
      if (bound != null && order < bound.mu1) {
        r = Math.min(dataIndependent, bound.at(order));
      }
      total[i] += weight * r;
    }
  }

  /**
   * True where the data-independent bound is (numerically, {@code numpy.isclose}) never beaten, even
   * for a unanimous vote: {@code core.is_data_independent_always_opt_gaussian}.
   */
  public static boolean dataIndependentAlwaysOptimal(
      int numTeachers, int numClasses, double sigma, double order) {
    double[] unanimous = new double[numClasses];
    unanimous[0] = numTeachers;
    Orders one = Orders.of(order);
    double dependent = dataDependent(logq(unanimous, sigma), sigma, one)[0];
    return isClose(dependent, order / (sigma * sigma));
  }

  /** {@code numpy.isclose} with its default tolerances (rtol 1e-5, atol 1e-8). */
  static boolean isClose(double a, double b) {
    return Math.abs(a - b) <= 1e-8 + 1e-5 * Math.abs(b);
  }

  /**
   * Theorem 6 for one q, as a function of the order. Built only when the order-independent
   * conditions of {@code core.rdp_gaussian} hold: {@code mu2 > 1}, {@code log q <= log A2 - mu2
   * (log(1 + 1/(mu1 - 1)) + log(1 + 1/(mu2 - 1)))} (q in the range where the bound increases with
   * q, Lemma 9) and {@code -log q > eps2} (A positive). The per-order condition {@code order <
   * mu1} is the caller's.
   */
  static final class Theorem6 {
    final double mu1;
    private final double logq;
    private final double log1q;
    /** {@code log A / (order - 1)}, where {@code A = (1 - q) / (1 - (q e^eps2)^(1 - 1/mu2))}. */
    private final double logAPerOrder;
    /** {@code log B / (order - 1)}, where {@code B = e^eps1 / q^(1/(mu1 - 1))}. */
    private final double logBPerOrder;

    private Theorem6(double logq, double sigma) {
      double variance = sigma * sigma;
      double mu2 = Math.sqrt(variance * -logq);
      this.mu1 = mu2 + 1;
      double eps1 = mu1 / variance;
      double eps2 = mu2 / variance;
      this.logq = logq;
      this.log1q = LogMath.log1mExp(logq);
      this.logAPerOrder = log1q - LogMath.log1mExp((logq + eps2) * (1 - 1 / mu2));
      this.logBPerOrder = eps1 - logq / (mu1 - 1);
    }

    /** Null when the conditions fail (then only the data-independent bound applies). */
    static Theorem6 of(double logq, double sigma) {
      if (!(logq < 0) || logq == Double.NEGATIVE_INFINITY) {
        return null;
      }
      double variance = sigma * sigma;
      double mu2 = Math.sqrt(variance * -logq);
      double mu1 = mu2 + 1;
      if (!(mu2 > 1) || Double.isInfinite(mu2)) {
        return null;
      }
      double eps2 = mu2 / variance;
      double logA2 = (mu2 - 1) * eps2;
      boolean increasingInQ =
          logq <= logA2 - mu2 * (Math.log(1 + 1 / (mu1 - 1)) + Math.log(1 + 1 / (mu2 - 1)));
      boolean aPositive = -logq > eps2;
      if (!(increasingInQ && aPositive)) {
        return null;
      }
      Theorem6 bound = new Theorem6(logq, sigma);
      return Double.isFinite(bound.logAPerOrder) && Double.isFinite(bound.logBPerOrder)
          ? bound
          : null;
    }

    /**
     * {@code log((1 - q) A^(order-1) + q B^(order-1)) / (order - 1)}, the bound itself; callers
     * take the minimum with the data-independent value. Not finite only for absurd inputs, which
     * then fall back to the data-independent value through the minimum.
     */
    double at(double order) {
      double m = order - 1;
      double logS = logAddExpFast(log1q + m * logAPerOrder, logq + m * logBPerOrder);
      double r = logS / m;
      if (Double.isNaN(r)) {
        return Double.POSITIVE_INFINITY; // no bound: the caller's minimum keeps alpha / sigma^2
      }
      return Math.max(r, 0); // the official asserts >= 0; rounding may leave -1e-17
    }
  }

  /**
   * Theorem 6 at one order with no condition checked: {@code smooth_sensitivity.
   * _compute_data_dep_bound_gnmax}. NaN where the formula is undefined (q outside (0, 1), or
   * {@code (q e^eps2)^(1 - 1/mu2) >= 1}). Only for callers that establish the conditions
   * themselves (the smooth-sensitivity analysis compares log q with log q0).
   */
  public static double theorem6Unchecked(double logq, double sigma, double order) {
    if (!(logq < 0) || logq == Double.NEGATIVE_INFINITY) {
      return Double.NaN;
    }
    double variance = sigma * sigma;
    double mu2 = Math.sqrt(variance * -logq);
    double mu1 = mu2 + 1;
    double eps1 = mu1 / variance;
    double eps2 = mu2 / variance;
    double inner = (logq + eps2) * (1 - 1 / mu2);
    if (!(inner < 0)) {
      return Double.NaN;
    }
    double log1q = LogMath.log1mExp(logq);
    double m = order - 1;
    double logA = m * (log1q - LogMath.log1mExp(inner));
    double logB = m * (eps1 - logq / (mu1 - 1));
    return logAddExpFast(log1q + logA, logq + logB) / m;
  }

  /**
   * {@code log(e^a + e^b)} for finite a, b, like {@code numpy.logaddexp}, with {@code log1p(t)}
   * computed from the (intrinsic, fast) {@code Math.log}: {@code log(u) - ((u - 1) - t) / u}, u =
   * 1 + t, accurate to about one ulp.
   */
  static double logAddExpFast(double a, double b) {
    double max = Math.max(a, b);
    double d = Math.abs(a - b);
    if (d > 40) {
      return max + Math.exp(-d); // log1p(t) = t to double precision for t < 4e-18
    }
    double t = Math.exp(-d);
    double u = 1 + t;
    return max + (Math.log(u) - ((u - 1) - t) / u);
  }

  /** Index of the largest count (the first such index on ties). */
  public static int argMax(double[] counts) {
    int best = 0;
    for (int j = 1; j < counts.length; j++) {
      if (counts[j] > counts[best]) {
        best = j;
      }
    }
    return best;
  }

  /** Rejects a noise parameter {@code name} that is not a finite number > 0. */
  public static void checkSigma(double sigma, String name) {
    DpPreconditions.checkPositive(sigma, name);
  }

  /** At least two classes, every count finite and >= 0. */
  public static void checkCounts(double[] counts) {
    if (counts == null || counts.length < 2) {
      throw new IllegalArgumentException("counts: need at least 2 classes, got "
          + (counts == null ? "null" : counts.length));
    }
    for (int j = 0; j < counts.length; j++) {
      double c = counts[j];
      if (!(c >= 0) || Double.isInfinite(c)) {
        throw new IllegalArgumentException(
            "counts: entry " + j + " is " + c + ", expected a finite number >= 0");
      }
    }
  }
}
