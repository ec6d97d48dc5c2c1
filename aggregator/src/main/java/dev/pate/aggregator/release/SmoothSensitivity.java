package dev.pate.aggregator.release;

import dev.pate.aggregator.gnmax.GaussianTail;
import dev.pate.aggregator.gnmax.GnmaxRdp;
import dev.pate.aggregator.gnmax.ThresholdRdp;
import dev.pate.aggregator.rdp.Orders;
import dev.pate.files.DpPreconditions;
import java.util.Arrays;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.DoubleUnaryOperator;

/**
 * Smooth sensitivity of the data-dependent RDP of GNMax and of the threshold check (PATE 2018,
 * Section 4 and Appendix B/C), mirroring tensorflow/privacy {@code
 * research/pate_2018/smooth_sensitivity.py}. The data-dependent RDP {@code beta(D)} is itself a
 * function of the sensitive votes; to publish it, it is released with Gaussian noise scaled by its
 * beta-smooth sensitivity (the GNSS mechanism, whose cost is {@link GnssCost}), see {@link
 * SmoothSensitivityRelease}.
 *
 * <p>All functions are for continuous Gaussian noise, the setting of the paper's analysis
 * (Algorithms 3-5, Proposition 13); they work on log q throughout so that q far below the smallest
 * double is fine.
 */
public final class SmoothSensitivity {
  private SmoothSensitivity() {}

  private static final ConcurrentHashMap<OrderKey, Double> LOGQ0 = new ConcurrentHashMap<>();
  private static final ConcurrentHashMap<ThresholdKey, double[]> THRESHOLD_RDP =
      new ConcurrentHashMap<>();

  private record OrderKey(double sigma, double order) {}

  private record ThresholdKey(int numTeachers, double threshold, double sigma, double order) {}

  /** Conditions C5 (beta non-decreasing in q) and C6 (its neighbour gap non-decreasing). */
  public record Conditions(boolean c5, boolean c6) {
    public boolean hold() {
      return c5 && c6;
    }
  }

  /**
   * {@code smooth_sensitivity.compute_logq0_gnmax}: the log q above which the data-independent
   * bound {@code order / sigma^2} is used, i.e. where Theorem 6 (valid below it) stops being
   * better. Root of {@code theorem6(log q) - order / sigma^2} bracketed as in the official code
   * and found with Brent's method (as {@code scipy.optimize.brentq}). Cached per (sigma, order).
   *
   * @throws ArithmeticException if the official code's assertions would fail (no valid bracket)
   */
  public static double logq0(double sigma, double order) {
    GnmaxRdp.checkSigma(sigma, "sigma");
    checkOrder(order);
    return LOGQ0.computeIfAbsent(new OrderKey(sigma, order), k -> computeLogq0(sigma, order));
  }

  private static double computeLogq0(double sigma, double order) {
    double independent = order / (sigma * sigma);
    DoubleUnaryOperator dependentMinusIndependent =
        logq -> GnmaxRdp.theorem6Unchecked(logq, sigma, order) - independent;
    // Natural upper bounds on q0 (official comment), all making Theorem 6 applicable.
    double logub = Math.min(Math.min(-square(1 + 1 / sigma), -square((order - .99) / sigma)),
        -1 / (sigma * sigma));
    if (!theorem6Applicable(logub, sigma, order)) {
      throw new ArithmeticException("logq0: Theorem 6 does not apply at the upper bracket " + logub
          + " for sigma " + sigma + ", order " + order);
    }
    if (dependentMinusIndependent.applyAsDouble(logub) < 0) {
      return logub;
    }
    double loglb = 2 * logub;
    while (dependentMinusIndependent.applyAsDouble(loglb) > 0) {
      if (!(loglb > -10000)) {
        throw new ArithmeticException("logq0: the lower bracket fell below -10000 for sigma "
            + sigma + ", order " + order);
      }
      loglb *= 1.5;
    }
    double root = Brent.root(dependentMinusIndependent, loglb, logub);
    if (!theorem6Applicable(root, sigma, order)) {
      throw new ArithmeticException("logq0: Theorem 6 does not apply at the root " + root);
    }
    return root;
  }

  /** The validity test of {@code compute_logq0_gnmax}: {@code mu1 >= order} and Lemma 9. */
  private static boolean theorem6Applicable(double logq, double sigma, double order) {
    double mu2 = sigma * Math.sqrt(-logq);
    double mu1 = mu2 + 1;
    if (mu1 < order) {
      return false;
    }
    double eps2 = mu2 / (sigma * sigma);
    return logq <= (mu2 - 1) * eps2 - mu2 * Math.log(mu1 / (mu1 - 1) * mu2 / (mu2 - 1));
  }

  /** {@code smooth_sensitivity._compute_logq1}: {@code log bl(q0)}, the start of the plateau. */
  public static double logq1(double sigma, double order, int numClasses) {
    checkClasses(numClasses);
    double logq0 = logq0(sigma, order);
    double logq1 = logLowerNeighbourQ(logq0, sigma, numClasses);
    if (!(logq1 <= logq0)) {
      throw new ArithmeticException("logq1: " + logq1 + " > logq0 " + logq0);
    }
    return logq1;
  }

  /**
   * {@code log bl(q)} ({@code _compute_bl_gnmax}): the smallest q of a neighbouring vote vector,
   * {@code (m - 1)/2 erfc(1/sigma + erfcinv(2q/(m - 1)))} (Prop. 13).
   */
  static double logLowerNeighbourQ(double logq, double sigma, int numClasses) {
    double logHalfRest = Math.log((numClasses - 1) / 2.0);
    return logHalfRest
        + GaussianTail.logErfc(1 / sigma + GaussianTail.erfcInvOfLog(logq - logHalfRest));
  }

  /**
   * {@code log bu(q)} ({@code _compute_bu_gnmax}): the largest q of a neighbouring vote vector,
   * {@code min(1, (m - 1)/2 erfc(-1/sigma + erfcinv(2q/(m - 1))))}.
   */
  static double logUpperNeighbourQ(double logq, double sigma, int numClasses) {
    return Math.min(0, logUpperNeighbourQUncapped(logq, sigma, numClasses));
  }

  /** {@link #logUpperNeighbourQ} without the cap at 1, as in the symbolic check of C6. */
  private static double logUpperNeighbourQUncapped(double logq, double sigma, int numClasses) {
    double logHalfRest = Math.log((numClasses - 1) / 2.0);
    return logHalfRest
        + GaussianTail.logErfc(-1 / sigma + GaussianTail.erfcInvOfLog(logq - logHalfRest));
  }

  /**
   * {@code smooth_sensitivity._compute_rdp_gnmax}: order / sigma^2 at or above log q0, Theorem 6
   * below it (where, given C5, it is the smaller one). A certain outcome ({@code logq = -inf})
   * costs 0, the limit of Theorem 6.
   */
  static double rdp(double sigma, double logq, double order) {
    if (logq >= logq0(sigma, order)) {
      return order / (sigma * sigma);
    }
    if (logq == Double.NEGATIVE_INFINITY) {
      return 0;
    }
    double r = GnmaxRdp.theorem6Unchecked(logq, sigma, order);
    if (Double.isNaN(r)) {
      throw new ArithmeticException("rdp: Theorem 6 undefined at log q " + logq);
    }
    return r;
  }

  /**
   * {@code smooth_sensitivity._compute_local_sens_gnmax} (Algorithm 3, Prop. 13): an upper bound on
   * how much the data-dependent RDP can change between neighbours of a vote vector with this q.
   */
  public static double localSensitivity(double logq, double sigma, int numClasses, double order) {
    checkClasses(numClasses);
    double logq0 = logq0(sigma, order);
    double logq1 = logq1(sigma, order, numClasses);
    if (logq1 <= logq && logq <= logq0) {
      logq = logq1;
    }
    double beta = rdp(sigma, logq, order);
    double betaUpper = rdp(sigma, logUpperNeighbourQ(logq, sigma, numClasses), order);
    double betaLower = rdp(sigma, logLowerNeighbourQ(logq, sigma, numClasses), order);
    return Math.max(betaUpper - beta, beta - betaLower);
  }

  /**
   * {@code smooth_sensitivity.compute_local_sensitivity_bounds_gnmax} (Algorithms 4 and 5 in
   * O(teachers * classes)): entry d bounds the local sensitivity of every vote vector at distance
   * d from {@code votes}, for d in [0, numTeachers).
   */
  public static double[] localSensitivityBoundsGnmax(
      double[] votes, int numTeachers, double sigma, double order) {
    return new GnmaxLocalSensitivity(votes.length, sigma, order).bounds(votes, numTeachers);
  }

  /**
   * The walk of {@link #localSensitivityBoundsGnmax}, with the local sensitivity memoised by log q
   * (walks from similar vote vectors visit the same q values).
   */
  static final class GnmaxLocalSensitivity {
    private final int numClasses;
    private final double sigma;
    private final double order;
    private final double logq0;
    private final double logq1;
    private final double plateau;
    private final ConcurrentHashMap<Double, Double> byLogq = new ConcurrentHashMap<>();

    GnmaxLocalSensitivity(int numClasses, double sigma, double order) {
      checkClasses(numClasses);
      this.numClasses = numClasses;
      this.sigma = sigma;
      this.order = order;
      this.logq0 = logq0(sigma, order);
      this.logq1 = logq1(sigma, order, numClasses);
      this.plateau = localSensitivity(logq1, sigma, numClasses, order);
    }

    private double at(double logq) {
      return byLogq.computeIfAbsent(logq, l -> localSensitivity(l, sigma, numClasses, order));
    }

    /** The largest local sensitivity of any vote vector (at log q1, see Algorithm 4). */
    double plateau() {
      return plateau;
    }

    double[] bounds(double[] votes, int numTeachers) {
      if (votes.length != numClasses) {
        throw new IllegalArgumentException(
            "votes: " + votes.length + " classes, expected " + numClasses);
      }
      DpPreconditions.checkAtLeast(numTeachers, 1, "numTeachers");
      double logq = GnmaxRdp.logq(votes, sigma);
      double[] res = new double[numTeachers];
      Arrays.fill(res, plateau);
      if (logq1 <= logq && logq <= logq0) {
        return res;
      }
      // Invariant: v sorted in non-increasing order.
      double[] v = votes.clone();
      Arrays.sort(v);
      reverse(v);
      res[0] = at(logq);
      int d = 0;
      boolean goLeft = logq > logq0; // otherwise logq < logq1 and the walk goes right
      while (d + 1 < numTeachers
          && ((goLeft && logq > logq0 && v[1] > 0) || (!goLeft && logq < logq1))) {
        d++;
        if (goLeft) { // widen the gap between the top two: q decreases
          v[0] += 1;
          v[1] -= 1;
          for (int i = 1; i < v.length - 1 && v[i] < v[i + 1]; i++) {
            double t = v[i];
            v[i] = v[i + 1];
            v[i + 1] = t;
          }
        } else { // narrow it: q increases (v stays sorted, else logq >= logq1 already)
          v[0] -= 1;
          v[1] += 1;
        }
        logq = GnmaxRdp.logq(v, sigma);
        res[d] = at(logq);
      }
      return res;
    }
  }

  /**
   * {@code smooth_sensitivity.compute_local_sensitivity_bounds_threshold}: entry d bounds the
   * local sensitivity of the threshold check's data-dependent RDP at distance d (the max count
   * moves by at most d), for d in [0, numTeachers).
   */
  public static double[] localSensitivityBoundsThreshold(
      double[] counts, int numTeachers, double threshold, double sigma1, double order) {
    GnmaxRdp.checkCounts(counts);
    double[] rdpByMax = thresholdRdpByMax(numTeachers, threshold, sigma1, order);
    int curMax = (int) Math.rint(counts[GnmaxRdp.argMax(counts)]);
    double[] ls = new double[numTeachers];
    for (int d = 0; d < Math.max(curMax, numTeachers - curMax) && d < numTeachers; d++) {
      double best = 0;
      if (curMax + d <= numTeachers && curMax + d >= 0) {
        best = Math.max(best, stepChange(rdpByMax, curMax + d, numTeachers));
      }
      if (curMax - d >= 0 && curMax - d <= numTeachers) {
        best = Math.max(best, stepChange(rdpByMax, curMax - d, numTeachers));
      }
      ls[d] = best;
    }
    return ls;
  }

  /** Largest change of the threshold RDP when the max count moves by one from v. */
  private static double stepChange(double[] rdpByMax, int v, int numTeachers) {
    double change = 0;
    if (v > 0) {
      change = Math.max(change, Math.abs(rdpByMax[v - 1] - rdpByMax[v]));
    }
    if (v < numTeachers) {
      change = Math.max(change, Math.abs(rdpByMax[v + 1] - rdpByMax[v]));
    }
    return change;
  }

  /**
   * {@code _compute_rdp_list_threshold}: the threshold RDP for max count 0..numTeachers. Shared
   * (cached): callers must not modify it.
   */
  static double[] thresholdRdpByMax(
      int numTeachers, double threshold, double sigma1, double order) {
    DpPreconditions.checkAtLeast(numTeachers, 1, "numTeachers");
    ThresholdRdp.checkThreshold(threshold);
    GnmaxRdp.checkSigma(sigma1, "sigma1");
    checkOrder(order);
    if (THRESHOLD_RDP.size() >= 64) {
      THRESHOLD_RDP.clear(); // a cache, not a store: bounded memory for long-lived processes
    }
    return THRESHOLD_RDP.computeIfAbsent(
        new ThresholdKey(numTeachers, threshold, sigma1, order),
        k -> {
          Orders one = Orders.of(order);
          double[] res = new double[numTeachers + 1];
          for (int v = 0; v <= numTeachers; v++) {
            res[v] = ThresholdRdp.dataDependentAtMax(threshold, sigma1, v, one);
          }
          return res;
        });
  }

  /** {@code smooth_sensitivity.compute_discounted_max}: {@code max_d ls[d] exp(-beta d)}. */
  public static double discountedMax(double beta, double[] ls) {
    DpPreconditions.checkNonNegative(beta, "beta");
    double max = Double.NEGATIVE_INFINITY;
    for (int d = 0; d < ls.length; d++) {
      max = Math.max(max, ls[d] * Math.exp(-beta * d));
    }
    return max;
  }

  /**
   * {@code smooth_sensitivity.check_conditions}: C5, Theorem 6's {@code beta(q)} is
   * non-decreasing on (0, q0), and C6, {@code beta(bu(q)) - beta(q)} is non-decreasing on (0,
   * bl(q0)) (Appendix B.4.2). The official code differentiates symbolically (sympy) and minimises
   * the derivative with {@code scipy.optimize.minimize_scalar}; here each function is evaluated on
   * a grid, 4000 points linear in q (where violations occur, near the top of the range) plus 2000
   * points logarithmic over the 100 e-folds below, and must not decrease between neighbours
   * beyond rounding (a relative 1e-12). If q0 itself cannot be computed, neither holds.
   */
  public static Conditions checkConditions(double sigma, int numClasses, double order) {
    checkClasses(numClasses);
    double logq0;
    try {
      logq0 = logq0(sigma, order);
    } catch (ArithmeticException e) {
      return new Conditions(false, false);
    }
    DoubleUnaryOperator beta = logq -> GnmaxRdp.theorem6Unchecked(logq, sigma, order);
    boolean c5 = nonDecreasingOnGrid(beta, logq0, LOG_SPAN);
    if (!c5) {
      return new Conditions(false, false);
    }
    double logBlq0 = logLowerNeighbourQ(logq0, sigma, numClasses);
    DoubleUnaryOperator gap = logq -> beta.applyAsDouble(
        logUpperNeighbourQUncapped(logq, sigma, numClasses)) - beta.applyAsDouble(logq);
    return new Conditions(true, nonDecreasingOnGrid(gap, logBlq0, LOG_SPAN));
  }

  static final int LINEAR_POINTS = 4000;
  static final int LOG_POINTS = 2000;
  static final double LOG_SPAN = 100;

  /**
   * Whether f (a function of log q) does not decrease on a grid over [q_top e^-logSpan / N,
   * q_top]: {@link #LINEAR_POINTS} points linear in q down to {@code q_top / N}, N = {@link
   * #LINEAR_POINTS}, and {@link #LOG_POINTS} logarithmic over the {@code logSpan} e-folds below.
   */
  static boolean nonDecreasingOnGrid(DoubleUnaryOperator f, double logTop, double logSpan) {
    double[] grid = new double[LOG_POINTS + LINEAR_POINTS];
    double logStart = logTop - Math.log(LINEAR_POINTS); // first linear point: q_top / N
    for (int i = 0; i < LOG_POINTS; i++) {
      grid[i] = logStart - logSpan + logSpan * i / LOG_POINTS;
    }
    for (int i = 1; i <= LINEAR_POINTS; i++) {
      grid[LOG_POINTS + i - 1] = logTop + Math.log((double) i / LINEAR_POINTS);
    }
    double previous = f.applyAsDouble(grid[0]);
    for (int i = 1; i < grid.length; i++) {
      double value = f.applyAsDouble(grid[i]);
      if (!Double.isFinite(value) || !Double.isFinite(previous)) {
        return false;
      }
      double slack = 1e-12 * (Math.abs(value) + Math.abs(previous));
      if (value < previous - slack) {
        return false;
      }
      previous = value;
    }
    return true;
  }

  private static double square(double x) {
    return x * x;
  }

  private static void reverse(double[] v) {
    for (int i = 0, j = v.length - 1; i < j; i++, j--) {
      double t = v[i];
      v[i] = v[j];
      v[j] = t;
    }
  }

  static void checkOrder(double order) {
    DpPreconditions.checkOrder(order, "order");
  }

  static void checkClasses(int numClasses) {
    DpPreconditions.checkAtLeast(numClasses, 2, "numClasses");
  }
}
