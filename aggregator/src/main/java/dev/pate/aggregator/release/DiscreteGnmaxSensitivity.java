package dev.pate.aggregator.release;

import dev.pate.aggregator.accounting.NoiseKind;
import dev.pate.aggregator.gnmax.DiscreteGaussianTails;
import dev.pate.aggregator.gnmax.GaussianTail;
import dev.pate.aggregator.gnmax.GnmaxAccounting;
import dev.pate.aggregator.gnmax.GnmaxRdp;
import dev.pate.aggregator.rdp.Orders;
import dev.pate.files.DpPreconditions;
import java.util.Arrays;
import java.util.concurrent.ConcurrentHashMap;

/**
 * GNMax's data-dependent RDP at one order for the discrete Gaussian noise that runs draw, {@code
 * G(D) = g(x(D))} with {@code x = log q} the accountant's ({@link GnmaxAccounting#logq} with
 * {@link NoiseKind#DISCRETE}: the larger of the paper's continuous bound and the exact discrete
 * tail with ties counted as errors) and g Theorem 6 or the data-independent bound, whichever is
 * smaller ({@link GnmaxRdp#dataDependent}), and for every distance d a bound {@code lsG(d) >=
 * |G(D') - G(D'')|} over every D' within distance d of the votes D and every neighbour D'' of D'.
 *
 * <p><b>Why not the paper's bounds.</b> Proposition 13's neighbour bounds {@code bl(q), bu(q)}
 * (erfc) bound the q of a neighbour through q alone, for continuous Gaussians; the discrete q is a
 * different function of the gaps (ties lose, tails of a lattice distribution), and the brute force
 * ({@code DiscreteSmoothSensitivityBruteForceTest}) finds vote vectors where they fail for it.
 *
 * <p><b>Notation.</b> q is {@code min(cap, sum_{j != top} t(gap_j))}, {@code cap = 1 - 1/m}, for a
 * tail t non-increasing in the gap, both for the continuous term ({@code t_c}, the tail of {@code
 * N(0, 2 sigma^2)}) and for the discrete one ({@code t_d}, the tail of the difference of two
 * discrete Gaussians); the accountant takes the larger, so bounding each bounds the maximum. Both
 * tails are log-concave, and convex on gaps >= 0: the Gaussian's because its density decreases
 * there, the discrete one's because the difference is symmetric and log-concave (a convolution of
 * log-concave sequences), so its probabilities do not increase away from 0 (on the integers take
 * the piecewise-linear interpolation, equal to t where vote vectors lie). Sorted counts of D are
 * {@code c_1 >= ... >= c_m}, {@code g_j = c_1 - c_j}. Within distance r each count, hence each
 * order statistic, moves by at most r.
 *
 * <p><b>1. Where x lies in the ball B(D, r).</b>
 *
 * <ul>
 *   <li>Below: the top count of D' is at most {@code min(c_1 + r, n)} and its k-th largest at
 *       least {@code max(0, c_k - r)}, so every gap is at most that difference, and x(D') is at
 *       least x of the vector (top {@code min(c_1 + r, n)}, others {@code max(0, c_k - r)}).
 *   <li>Above: if {@code 2r >= g_2} another class may overtake, and the bound is the cap.
 *       Otherwise the top class stays on top (others gain at most r, it loses at most r). If D'
 *       takes {@code w <= r} votes from it and adds {@code u_j} to class j ({@code sum u_j <= r}),
 *       each gap is at least {@code g_j - r - u_j > 0}, so q(D') is at most {@code sum_j t(g_j - r
 *       - u_j)}, a convex function of u on the simplex {@code u >= 0, sum u <= r}, largest at a
 *       vertex {@code u = r e_k}: D with r votes moved from the top to class k, itself in the
 *       ball. Of these, the runner-up's ({@code k = 2}) is largest: the move raises the sum by
 *       {@code t(g_k - 2r) - t(g_k - r)}, the tail's mass on r consecutive gaps from {@code g_k -
 *       2r > 0}, which does not grow with g_k because the density (for t_d the probabilities) of
 *       the difference does not increase away from 0; the same k maximises both terms, so the cap
 *       and the larger of the two keep it. So the upper end is x of that vector, and is attained.
 * </ul>
 *
 * <p><b>2. How far x moves in one step.</b> Let D'' be a neighbour of D', a an arg max of D'.
 *
 * <ul>
 *   <li>If a is an arg max of D'' too, both q's sum over the same classes, and every gap (to a)
 *       stays in [0, G] and moves by at most 2, where G bounds the top counts of D' and D''. A
 *       ratio of sums is at most the largest ratio of their terms, and for a log-concave tail
 *       {@code log t(u) - log t(u + 2)} grows with u, so {@code |x(D'') - x(D')| <= delta(G) = max
 *       over t_c, t_d of log t(G - 2) - log t(G)} (the cap and the maximum of the two terms only
 *       shrink the difference). For D' within d of D, {@code G = min(n, c_1 + d + 1)}.
 *   <li>Otherwise some class b overtakes a in one step, so it is within 1 of a in D', and a is
 *       within 2 of the top in D'': both q's are at least {@code t_c(2)}, i.e. both x at least
 *       {@code xTie = min(log cap, log t_c(2))}, and the change of G is at most {@code g(log cap)
 *       - g(xTie)}; this case needs the ball's upper end to reach xTie.
 * </ul>
 *
 * <p><b>3. The bound.</b> For D' in B(D, d), x' lies in {@code [xLo(d), xHi(d)]} (1.), and in the
 * first case of 2. x'' lies in {@code [x' - delta, x' + delta]} (delta for the G of distance d),
 * so, g being non-decreasing, {@code |G'' - G'| <= sup g(min(y + delta, log cap)) - g(y)} over y
 * in {@code [xLo(d) - delta, xHi(d)]} (y = x' or y = x''). The supremum is bounded on a fixed grid
 * {@code y_i = log cap - i h} ({@code h <= delta(n) / 32}): on a cell {@code [y_(i+1), y_i]},
 * {@code g(y + delta) - g(y) <= g(y_i + delta) - g(y_(i+1))}, with {@code y_i + delta} rounded up
 * to a grid point and one more. So {@code lsG(d)} is the largest of these cell values over the
 * cells that meet the interval, and of the tie term if {@code xHi(d) >= xTie}. This is the
 * paper's kind of bound, a one-step change at the worst point of the ball, with delta the worst
 * one-step move of x for gaps up to G instead of Prop. 13's {@code bl, bu} (which take the worst
 * gaps given q; that needs more than log-concavity). On the MNIST votes it costs about 1.5 to 1.7
 * times the continuous release noise ({@code DiscreteReleaseCostTest}).
 *
 * <p>The bounds are non-decreasing in d (the balls are nested) and smooth, as a release needs
 * ({@code lsG_{D~}(d) <= lsG_D(d + 1)} for a neighbour D~): the lower end because D~'s order
 * statistics are within 1 of D's, the upper end because D~'s gaps are D's less at most 2 for one
 * class and 1 for the others, so each of D~'s vertex vectors at r lies in D's simplex at r + 1; G
 * grows with d, and the grid is fixed, so D~'s cells at d are among D's at d + 1, with no longer a
 * reach. The last entry, d = n, covers every vote vector.
 *
 * <p><b>Assumption, checked.</b> g must be non-decreasing in q over {@code [q(unanimous) e^-delta(n),
 * cap]}; as with the paper's condition C5 this is checked numerically ({@link
 * SmoothSensitivity#nonDecreasingOnGrid}, and on the cell grid), on the accountant's own g (with
 * its switch to the data-independent bound), and a release is refused where it fails. Nothing like
 * C6 is needed.
 *
 * <p>Bounds are memoised by sorted counts (a bounded cache); thread-safe.
 */
final class DiscreteGnmaxSensitivity {
  private static final int MAX_CACHED = 4096;
  /** Cells per delta of the grid (at least; more when the grid would be too long). */
  private static final int CELLS_PER_DELTA = 32;
  private static final int MAX_CELLS = 1 << 20;

  private final int teachers;
  private final int classes;
  private final double sigma;
  private final Orders one;
  private final GnmaxAccounting accounting;
  private final double logCap;
  private final double logqMin;
  /**
   * By the largest gap G = 0..teachers a pair of neighbours can have: the largest one-step move
   * of x = log q when the arg max stays, delta(G) (2. of the class comment), and the number of
   * grid cells it reaches (rounded up, plus one for rounding).
   */
  private final double[] deltaByGap;
  private final int[] reachByGap;
  private final double logTie;
  private final double tieJump;
  /** The grid step h and g at the grid points {@code y_i = log cap - i h}. */
  private final double step;
  private final double[] gGrid;
  private final boolean monotone;
  private final boolean constant;
  private final ConcurrentHashMap<SortedCounts, double[]> bySortedCounts =
      new ConcurrentHashMap<>();

  DiscreteGnmaxSensitivity(double sigma, int classes, int teachers, double order) {
    SmoothSensitivity.checkOrder(order);
    SmoothSensitivity.checkClasses(classes);
    DpPreconditions.checkAtLeast(teachers, 1, "teachers");
    this.teachers = teachers;
    this.classes = classes;
    this.sigma = sigma;
    this.one = Orders.of(order);
    this.accounting = new GnmaxAccounting(sigma, one, NoiseKind.DISCRETE);
    this.logCap = Math.log(1 - 1.0 / classes);
    double[] unanimous = new double[classes];
    unanimous[0] = teachers;
    this.logqMin = accounting.logq(unanimous);
    this.deltaByGap = new double[teachers + 1];
    for (int gap = 0; gap <= teachers; gap++) {
      deltaByGap[gap] = oneStepMove(sigma, gap);
    }
    double delta = deltaByGap[teachers]; // the largest
    double continuousScale = Math.sqrt(2 * sigma * sigma);
    this.logTie = Math.min(logCap, GaussianTail.logSf(2, continuousScale));
    this.tieJump = g(logCap) - g(logTie);
    double range = logCap - (logqMin - delta);
    this.step = Math.max(delta / CELLS_PER_DELTA, range / MAX_CELLS);
    this.reachByGap = new int[teachers + 1];
    for (int gap = 0; gap <= teachers; gap++) {
      reachByGap[gap] = (int) Math.ceil(deltaByGap[gap] / step) + 1;
    }
    int n = (int) Math.min(MAX_CELLS, Math.ceil(range / step) + 1);
    this.gGrid = new double[n + 1];
    boolean gridMonotone = Double.isFinite(range);
    for (int i = 0; i <= n && gridMonotone; i++) {
      gGrid[i] = g(logCap - i * step);
      gridMonotone = i == 0 || gGrid[i] <= gGrid[i - 1];
    }
    // The fine check reaches delta below q(unanimous): y = x' - delta may lie there (3.). An
    // infinite span (q = 0) makes the grid non-finite and the check fail.
    double logSpan = Math.max(0,
        logCap - Math.log(SmoothSensitivity.LINEAR_POINTS) - (logqMin - delta));
    this.monotone = gridMonotone && SmoothSensitivity.nonDecreasingOnGrid(this::g, logCap, logSpan);
    this.constant = g(logqMin) == order / (sigma * sigma);
  }

  /**
   * {@code delta(G) = max over t_c, t_d of log t(G - 2) - log t(G)} (from 0 for G < 2): the
   * largest change of log q between neighbours with the same arg max whose gaps are all at most G
   * (2. of the class comment). Where the accountant does not sum discrete tails (huge sigma, q_d
   * is the cap), only t_c counts.
   */
  static double oneStepMove(double sigma, int largestGap) {
    int from = Math.max(0, largestGap - 2);
    double scale = Math.sqrt(2 * sigma * sigma);
    double move = GaussianTail.logSf(from, scale) - GaussianTail.logSf(largestGap, scale);
    if (sigma <= GnmaxAccounting.MAX_EXACT_DISCRETE_SIGMA) {
      DiscreteGaussianTails tails = DiscreteGaussianTails.of(sigma);
      move = Math.max(move,
          tails.logDifferenceTail(from) - tails.logDifferenceTail(largestGap));
    }
    return move;
  }

  /**
   * Whether g is non-decreasing in q on grids over every q the bounds evaluate it at: the
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
    int first = Integer.MAX_VALUE; // cells [first, last] have been maximised over, at reach
    int last = -1;
    int reach = -1;
    double largest = 0;
    for (int d = 0; d <= n; d++) {
      boolean overtaken = 2L * d >= smallestGap;
      double xHi = overtaken ? logCap : movedToRunnerUpLogq(c, d, v);
      double xLo = accounting.logq(spread(c, d, n, v));
      // Neighbours D' in B(D, d), D'' next to it: every gap is at most the top count, <= c_1 + d + 1.
      int largestGap = (int) Math.min(n, (long) c[0] + d + 1);
      int from = cell(xHi);
      int to = cell(xLo - deltaByGap[largestGap]);
      if (reachByGap[largestGap] != reach) { // a longer reach raises every cell: start over
        reach = reachByGap[largestGap];
        first = Integer.MAX_VALUE;
        last = -1;
        largest = 0;
      }
      // Otherwise the intervals grow with d: take in the new cells at either end.
      for (int i = from; i <= to; i++) {
        if (i >= first && i <= last) {
          i = last; // covered at a smaller d
          continue;
        }
        largest = Math.max(largest, gGrid[Math.max(0, i - reach)] - gGrid[i + 1]);
      }
      first = Math.min(first, from);
      last = Math.max(last, to);
      ls[d] = xHi >= logTie ? Math.max(largest, tieJump) : largest;
      if (overtaken && d >= c[1] && (long) c[0] + d >= n) {
        // From here on the interval is [q(unanimous), cap] and the reach the largest.
        Arrays.fill(ls, d + 1, n + 1, ls[d]);
        break;
      }
    }
    return ls;
  }

  /** The cell {@code [y_(i+1), y_i]} holding x, clamped to the grid. */
  private int cell(double x) {
    double i = Math.floor((logCap - x) / step);
    return (int) Math.max(0, Math.min(gGrid.length - 2, i));
  }

  /**
   * log q of D with r votes moved from the top to the runner-up (2r < g_2): the largest over the
   * classes they may move to (1. of the class comment); for r = 0, log q of D.
   */
  private double movedToRunnerUpLogq(int[] c, int r, double[] v) {
    for (int j = 0; j < c.length; j++) {
      v[j] = c[j];
    }
    v[0] -= r;
    v[1] += r;
    return accounting.logq(v);
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
