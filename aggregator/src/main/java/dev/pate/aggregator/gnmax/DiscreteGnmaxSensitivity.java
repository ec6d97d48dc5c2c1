package dev.pate.aggregator.gnmax;

import dev.pate.aggregator.accounting.NoiseKind;
import dev.pate.aggregator.rdp.Orders;
import java.util.Arrays;
import java.util.concurrent.ConcurrentHashMap;

/**
 * GNMax's data-dependent RDP at one order for the discrete Gaussian noise that runs draw, {@code
 * G(D) = g(q(D))} with q the accountant's ({@link GnmaxAccounting#logq} with {@link
 * NoiseKind#DISCRETE}: the larger of the paper's continuous bound and the exact discrete tail with
 * ties counted as errors) and g Theorem 6 or the data-independent bound, whichever is smaller
 * ({@link GnmaxRdp#dataDependent}), and for every distance d a bound {@code lsG(d) >= |G(D') -
 * G(D'')|} over every D' within distance d of the votes D and every neighbour D'' of D'.
 *
 * <p><b>Why not the paper's bounds.</b> Proposition 13's neighbour bounds {@code bl(q), bu(q)}
 * (erfc) bound the q of a neighbour through q alone, for continuous Gaussians; the discrete q is a
 * different function of the gaps (ties lose, tails of a lattice distribution), so they are not
 * proved for it, and the walk of Algorithms 4-5 relies on them.
 *
 * <p><b>The bound.</b> Both balls B(D, d) and their neighbours lie in {@code B(D, r)}, r = d + 1,
 * so {@code lsG(d) = g(qHi(r)) - g(qLo(r))} with {@code [qLo(r), qHi(r)]} containing q of every
 * vote vector in {@code B(D, r)} bounds every change there, provided g is non-decreasing in q
 * (checked, {@link #monotone()}). Write the counts of D sorted, {@code c_1 >= c_2 >= ... >= c_m},
 * and {@code g_j = c_1 - c_j}. q is {@code min(cap, sum_{j != top} t(gap_j))} for a tail t
 * non-increasing in the gap, for the continuous and for the discrete term alike (the accountant
 * takes the larger of the two, so bounding each bounds their maximum). A vote vector D' within r
 * moves at most r votes, so each count changes by at most r, and so does each order statistic.
 *
 * <ul>
 *   <li><b>qLo.</b> In D', the top count is at most {@code min(c_1 + r, n)} and the k-th largest
 *       at least {@code max(0, c_k - r)}, so every gap is at most that difference and q(D') is at
 *       least q of the vector (top {@code min(c_1 + r, n)}, others {@code max(0, c_k - r)}).
 *   <li><b>qHi.</b> If {@code 2r >= g_2} another class may overtake: {@code qHi = cap}, the
 *       accountant's own cap {@code 1 - 1/m}. Otherwise the top class stays on top in B(D, r)
 *       (others gain at most r, it loses at most r). If D' removes {@code w <= r} votes from the
 *       top and adds {@code u_j} to class j ({@code sum u_j <= r}), each gap is at least {@code
 *       g_j - r - u_j > 0}, so q(D') is at most {@code Phi(u) = sum_j t(g_j - r - u_j)} over the
 *       simplex {@code u >= 0, sum u <= r}. Both tails are convex on gaps >= 0: the Gaussian tail
 *       because its density decreases there; the tail of the difference of two discrete Gaussians
 *       because that difference is symmetric and log-concave (a convolution of log-concave
 *       sequences), so its probabilities do not increase away from 0 (on the integers, take the
 *       piecewise-linear interpolation, equal to t at the integer points where D' lies). A convex
 *       function on the simplex is largest at a vertex, {@code u = r e_k}: the vector D with r
 *       votes moved from the top to class k, which is itself in B(D, r). So qHi is the largest q
 *       of these m - 1 vectors (one per distinct count suffices), and is attained.
 * </ul>
 *
 * <p>The bounds are non-decreasing in d (the balls are nested) and smooth, as a release needs
 * ({@code lsG_{D~}(d) <= lsG_D(d + 1)} for a neighbour D~): for qLo because the order statistics
 * of D~ are within 1 of those of D; for qHi because D~'s gaps are D's less at most 2 for one class
 * and 1 for the others, so each of D~'s vertex vectors at r lies in D's simplex at r + 1. The last
 * entry, d = n, uses r = n + 1 and so covers every vote vector.
 *
 * <p><b>What it costs.</b> The paper bounds a one-step change of G at the worst point of the ball;
 * this bounds the spread of G over the whole ball, which is larger by roughly the number of steps
 * it takes to cross it. It is what a proof without a one-step neighbour bound for the discrete q
 * gives; see {@code DiscreteReleaseCostTest} for the release noise on realistic votes.
 *
 * <p><b>Assumption, checked.</b> g must be non-decreasing in q over every q a vote vector can
 * have, {@code [q(unanimous), cap]}; as with the paper's condition C5 this is checked numerically
 * ({@link SmoothSensitivity#nonDecreasingOnGrid}), on the accountant's own g (with the switch to
 * the data-independent bound), and a release is refused where it fails. Nothing like C6 is
 * needed: the bound does not walk to a plateau.
 *
 * <p>Bounds are memoised by sorted counts (a bounded cache); thread-safe.
 */
final class DiscreteGnmaxSensitivity {
  private static final int MAX_CACHED = 4096;

  private final int teachers;
  private final int classes;
  private final double sigma;
  private final Orders one;
  private final GnmaxAccounting accounting;
  private final double logCap;
  private final double gAtCap;
  private final boolean monotone;
  private final boolean constant;
  private final ConcurrentHashMap<SortedCounts, double[]> bySortedCounts =
      new ConcurrentHashMap<>();

  DiscreteGnmaxSensitivity(double sigma, int classes, int teachers, double order) {
    SmoothSensitivity.checkOrder(order);
    SmoothSensitivity.checkClasses(classes);
    if (teachers < 1) {
      throw new IllegalArgumentException("teachers: " + teachers + " is not >= 1");
    }
    this.teachers = teachers;
    this.classes = classes;
    this.sigma = sigma;
    this.one = Orders.of(order);
    this.accounting = new GnmaxAccounting(sigma, one, NoiseKind.DISCRETE);
    this.logCap = Math.log(1 - 1.0 / classes);
    this.gAtCap = g(logCap);
    double[] unanimous = new double[classes];
    unanimous[0] = teachers;
    double logqMin = accounting.logq(unanimous);
    // The grid's lowest point is q(unanimous) itself (or higher, when the linear part reaches
    // below it); an infinite span (q = 0) makes the grid non-finite and the check fail.
    double logSpan = Math.max(0, logCap - Math.log(SmoothSensitivity.LINEAR_POINTS) - logqMin);
    this.monotone = SmoothSensitivity.nonDecreasingOnGrid(this::g, logCap, logSpan);
    this.constant = g(logqMin) == order / (sigma * sigma);
  }

  /**
   * Whether g is non-decreasing in q on a grid over every q a vote vector can have: the
   * assumption of the bounds (the counterpart of the paper's C5).
   */
  boolean monotone() {
    return monotone;
  }

  /**
   * Whether G is the data-independent {@code order / sigma^2} for every vote vector (g at the
   * smallest q already is, and g is non-decreasing): nothing data-dependent to release.
   */
  boolean constant() {
    return monotone && constant;
  }

  /** G(D), exactly as the accountant charges it at this order. */
  double rdp(double[] counts) {
    return accounting.dataDependentRdp(counts, true)[0];
  }

  /**
   * {@code lsG(d)} for d = 0..teachers (see the class comment). The counts must be whole numbers
   * summing to at most {@code teachers} (the caller checks).
   *
   * @throws IllegalStateException if g is not monotone (the bounds would not hold)
   */
  double[] bounds(double[] counts) {
    if (!monotone) {
      throw new IllegalStateException("discrete GNMax: its data-dependent RDP is not"
          + " non-decreasing in q at order " + one.get(0) + ", sigma " + sigma);
    }
    if (counts.length != classes) {
      throw new IllegalArgumentException(
          "counts: " + counts.length + " classes, expected " + classes);
    }
    int[] sorted = new int[classes];
    for (int j = 0; j < classes; j++) {
      sorted[j] = (int) counts[j];
    }
    Arrays.sort(sorted);
    reverse(sorted);
    if (bySortedCounts.size() >= MAX_CACHED) {
      bySortedCounts.clear(); // a cache, not a store: bounded memory over long runs
    }
    return bySortedCounts.computeIfAbsent(new SortedCounts(sorted), k -> compute(k.counts()))
        .clone();
  }

  private double[] compute(int[] c) {
    int n = teachers;
    double[] ls = new double[n + 1];
    if (constant()) {
      return ls;
    }
    int smallestGap = c[0] - c[1];
    double[] v = new double[classes];
    for (int d = 0; d <= n; d++) {
      int r = d + 1;
      boolean overtaken = 2L * r >= smallestGap;
      double hi = overtaken ? gAtCap : g(largestMoveLogq(c, r, v));
      double lo = g(accounting.logq(spread(c, r, n, v)));
      ls[d] = Math.max(0, hi - lo);
      if (overtaken && r >= c[1] && c[0] + r >= n) {
        // From here on qHi is the cap and qLo the unanimous vector's: nothing changes.
        Arrays.fill(ls, d + 1, n + 1, ls[d]);
        break;
      }
    }
    return ls;
  }

  /** The largest log q of D with r votes moved from the top to class k, over k (2r < g_2). */
  private double largestMoveLogq(int[] c, int r, double[] v) {
    double best = Double.NEGATIVE_INFINITY;
    for (int k = 1; k < c.length; k++) {
      if (k > 1 && c[k] == c[k - 1]) {
        continue; // the same vector up to the order of classes, the same q
      }
      for (int j = 0; j < c.length; j++) {
        v[j] = c[j];
      }
      v[0] -= r;
      v[k] += r;
      best = Math.max(best, accounting.logq(v));
    }
    return best;
  }

  /** Top {@code min(c_1 + r, n)}, every other count {@code max(0, c_k - r)}, into v. */
  private static double[] spread(int[] c, int r, int n, double[] v) {
    v[0] = Math.min((long) c[0] + r, n);
    for (int k = 1; k < c.length; k++) {
      v[k] = Math.max(0, c[k] - r);
    }
    return v;
  }

  /** g: the accountant's data-dependent GNMax RDP at the order for this log q. */
  private double g(double logq) {
    return GnmaxRdp.dataDependent(logq, sigma, one)[0];
  }

  private static void reverse(int[] v) {
    for (int i = 0, j = v.length - 1; i < j; i++, j--) {
      int t = v[i];
      v[i] = v[j];
      v[j] = t;
    }
  }

  /** Counts sorted in non-increasing order, compared by content. */
  private record SortedCounts(int[] counts) {
    @Override
    public boolean equals(Object o) {
      return o instanceof SortedCounts s && Arrays.equals(counts, s.counts);
    }

    @Override
    public int hashCode() {
      return Arrays.hashCode(counts);
    }
  }
}
