package dev.pate.aggregator.release;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pate.aggregator.accounting.NoiseKind;
import dev.pate.aggregator.gnmax.DiscreteGaussianTails;
import dev.pate.aggregator.gnmax.GnmaxAccounting;
import dev.pate.aggregator.rdp.Orders;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/**
 * The local-sensitivity bounds of a release for <b>discrete</b> noise against brute force ({@link
 * VoteBalls}): on small ensembles (3 and 4 classes, 5 to 14 teachers, every vote vector), for
 * every vote vector D, every D' within distance k of D (every k, 0..n) and every neighbour D'' of
 * D', {@code |f(D') - f(D'')|} must not exceed entry k of D's bounds, where f is the per-query
 * RDP exactly as the run's accountant charges it with discrete noise: GNMax, Confident-GNMax in
 * the actual and expected accountings, and in a run's transcript with the answer fixed to 0 (the
 * threshold step alone) or 1 (both steps).
 *
 * <p>Sigmas are small (1..4) and thresholds inside 0..n so that the data-dependent bounds are
 * active (counted below); g's monotonicity, the bounds' one assumption, holds in every setting.
 */
class DiscreteSmoothSensitivityBruteForceTest {
  private static final double[][] SIGMA_ORDER = {{1, 1.5}, {1.5, 2}, {2, 2}, {3, 3}, {4, 2}};

  private static List<ReleaseTarget> targets(int classes, int n, double sigma2) {
    List<ReleaseTarget> out = new ArrayList<>();
    out.add(discrete(ReleaseTarget.gnmax(n, classes, sigma2)));
    for (double threshold : new double[] {Math.ceil(n / 2.0) + 1, 0.7 * n + 0.5}) {
      for (double sigma1 : new double[] {1, 2.5}) {
        for (boolean expected : new boolean[] {false, true}) {
          out.add(discrete(ReleaseTarget.confidentGnmax(
              n, classes, threshold, sigma1, sigma2, expected)));
        }
        out.add(new ReleaseTarget(ReleaseTarget.Accounting.CONFIDENT_TRANSCRIPT, n, classes,
            threshold, sigma1, sigma2, NoiseKind.DISCRETE));
      }
    }
    return out;
  }

  private static ReleaseTarget discrete(ReleaseTarget t) {
    return t.withNoise(NoiseKind.DISCRETE);
  }

  private static int[] teacherCounts(int classes) {
    return classes == 3 ? new int[] {5, 8, 11, 14} : new int[] {5, 8, 10};
  }

  @Test
  void boundsCoverEveryNeighbourWithinEachDistanceAndAreSmooth() {
    int active = 0;
    int settings = 0;
    for (int classes : new int[] {3, 4}) {
      for (int n : teacherCounts(classes)) {
        for (double[] so : SIGMA_ORDER) {
          for (ReleaseTarget target : targets(classes, n, so[0])) {
            QuerySensitivity query = new QuerySensitivity(target, so[1]);
            String s = target + " order=" + so[1];
            assertTrue(query.conditions().hold(), s + ": g monotone in q");
            if (!query.dataIndependentStep2()
                && (!target.confident() || !query.dataIndependentStep1())) {
              active++;
            }
            for (double answered : target.transcript() ? new double[] {0, 1} : new double[] {-1}) {
              Function<double[], double[]> bounds = answered < 0 ? query::localSensitivity
                  : counts -> query.localSensitivity(counts, answered);
              Function<double[], Double> f = answered < 0 ? query::rdp
                  : counts -> query.rdp(counts, answered);
              String what = s + (answered < 0 ? "" : " a=" + answered);
              List<String> violations = VoteBalls.violations(what, n, classes, bounds, f);
              assertEquals(List.of(), violations.subList(0, Math.min(5, violations.size())),
                  what + ": " + violations.size() + " violations");
              VoteBalls.assertSmooth(what, n, classes, bounds);
              settings++;
            }
          }
        }
      }
    }
    assertTrue(active >= 150, "settings with every step data-dependent: " + active);
    assertEquals(7 * SIGMA_ORDER.length * 17, settings);
  }

  /**
   * The paper's continuous-noise bounds (Algorithms 3-5 with Prop. 13's erfc neighbour bounds)
   * do not bound the discrete f: with 8 teachers, 3 classes, sigma 1 at order 1.5 the discrete q
   * (ties count as errors) moves more between neighbours than the erfc bounds allow. The bounds
   * of {@link DiscreteGnmaxSensitivity} hold there (previous test).
   */
  @Test
  void theContinuousBoundsFailForDiscreteNoise() {
    ReleaseTarget continuous = ReleaseTarget.gnmax(8, 3, 1);
    QuerySensitivity paper = new QuerySensitivity(continuous, 1.5);
    QuerySensitivity discrete = new QuerySensitivity(discrete(continuous), 1.5);
    assertTrue(paper.conditions().hold() && !paper.dataIndependentStep2());
    List<String> violations =
        VoteBalls.violations("paper", 8, 3, paper::localSensitivity, discrete::rdp);
    assertEquals(15, violations.size(), String.join("\n", violations));
    List<String> ours =
        VoteBalls.violations("ours", 8, 3, discrete::localSensitivity, discrete::rdp);
    assertEquals(List.of(), ours);
  }

  /**
   * A run's transcript of several queries, with random fixed answers: f sums {@code F + a_q G}
   * over the queries, and the release sums the per-query bounds at the same distance. A
   * neighbouring dataset changes one teacher, so each query's votes move by at most one vote; a
   * dataset within k is within k in every query. Checked over every pair of vote vectors (two
   * queries, 6 teachers, 3 classes), k = 0..3.
   */
  @Test
  void transcriptBoundsCoverTwoQueryDatasets() {
    int n = 6;
    int classes = 3;
    SplittableRandom random = new SplittableRandom(7);
    List<double[]> all = VoteBalls.voteVectors(n, classes);
    for (double[] so : SIGMA_ORDER) {
      ReleaseTarget target = new ReleaseTarget(ReleaseTarget.Accounting.CONFIDENT_TRANSCRIPT, n,
          classes, 4, 1.5, so[0], NoiseKind.DISCRETE);
      QuerySensitivity query = new QuerySensitivity(target, so[1]);
      double[] a = {random.nextInt(2), random.nextInt(2)};
      List<Map<double[], Double>> f = List.of(new HashMap<>(), new HashMap<>());
      for (int q = 0; q < 2; q++) {
        for (double[] v : all) {
          f.get(q).put(v, query.rdp(v, a[q]));
        }
      }
      for (double[] d1 : all) {
        for (double[] d2 : all) {
          double[] ls1 = query.localSensitivity(d1, a[0]);
          double[] ls2 = query.localSensitivity(d2, a[1]);
          for (int k = 0; k <= 3; k++) {
            double bound = ls1[k] + ls2[k];
            double change = largestChange(all, d1, d2, k, f);
            assertTrue(change <= bound * (1 + 1e-9) + 1e-12, target + " a=" + a[0] + "," + a[1]
                + " k=" + k + ": change " + change + " > bound " + bound);
          }
        }
      }
    }
  }

  /** max |f(D') - f(D'')| over D' within k of (d1, d2) in each query and D'' next to D'. */
  private static double largestChange(List<double[]> all, double[] d1, double[] d2, int k,
      List<Map<double[], Double>> f) {
    List<double[]> near1 = within(all, d1, k);
    List<double[]> near2 = within(all, d2, k);
    double largest = 0;
    for (double[] e1 : near1) {
      for (double[] e2 : near2) {
        double here = f.get(0).get(e1) + f.get(1).get(e2);
        for (double[] x1 : within(all, e1, 1)) {
          for (double[] x2 : within(all, e2, 1)) {
            largest = Math.max(largest, Math.abs(here - f.get(0).get(x1) - f.get(1).get(x2)));
          }
        }
      }
    }
    return largest;
  }

  private static List<double[]> within(List<double[]> all, double[] center, int k) {
    return all.stream().filter(v -> VoteBalls.distance(center, v) <= k).toList();
  }

  /**
   * Where g is the data-independent value for every vote vector (large sigma), G is a constant:
   * exactly the accountant's {@code order / sigma^2}, with bounds 0.
   */
  @Test
  void largeNoiseIsDataIndependent() {
    QuerySensitivity query = new QuerySensitivity(discrete(ReleaseTarget.gnmax(8, 3, 50)), 2);
    assertTrue(query.dataIndependentStep2());
    assertEquals(2 / 2500.0, query.rdp(new double[] {8, 0, 0}));
    for (double v : query.localSensitivity(new double[] {4, 3, 1})) {
      assertEquals(0, v);
    }
    assertFalse(new QuerySensitivity(discrete(ReleaseTarget.gnmax(8, 3, 1)), 2)
        .dataIndependentStep2());
  }

  /**
   * The convexity the qHi bound uses: the probabilities of the difference of two discrete
   * Gaussians do not increase away from 0 (log-concavity), so its tail is convex on gaps >= 0.
   */
  @Test
  void differenceTailIsConvexOnNonNegativeGaps() {
    for (double sigma : new double[] {0.3, 0.5, 1, 1.5, 4, 40}) {
      DiscreteGaussianTails tails = DiscreteGaussianTails.of(sigma);
      double previous = Double.POSITIVE_INFINITY;
      for (int k = 0; k < 400; k++) {
        double mass = Math.exp(tails.logDifferenceTail(k))
            - Math.exp(tails.logDifferenceTail(k + 1));
        assertTrue(mass <= previous * (1 + 1e-12), "sigma " + sigma + ", k " + k);
        previous = mass;
      }
    }
  }

  /**
   * The step the upper end of the ball takes from that convexity: of the vote vectors with r
   * votes moved from the top class to another ({@code 2r} below the top's lead), the one that
   * moves them to the runner-up has the largest q, as the accountant computes it for discrete
   * noise. Checked on random ensembles far larger than the brute force can take (up to 1000
   * teachers, 10 classes), against every other class the votes could move to.
   */
  @Test
  void movingVotesToTheRunnerUpRaisesQTheMost() {
    SplittableRandom random = new SplittableRandom(7);
    int checked = 0;
    for (double sigma : new double[] {1, 4, 40, 313.7}) {
      GnmaxAccounting accounting =
          new GnmaxAccounting(sigma, Orders.of(8), NoiseKind.DISCRETE);
      for (int trial = 0; trial < 300; trial++) {
        int classes = 3 + random.nextInt(8);
        int teachers = 10 + random.nextInt(991);
        double[] counts = new double[classes];
        for (int t = 0; t < teachers; t++) {
          // Skewed towards class 0, so that the top's lead leaves room to move votes.
          counts[random.nextInt(3) == 0 ? random.nextInt(classes) : 0]++;
        }
        Arrays.sort(counts);
        double[] sorted = new double[classes];
        for (int j = 0; j < classes; j++) {
          sorted[j] = counts[classes - 1 - j];
        }
        double lead = sorted[0] - sorted[1];
        for (int r = 1; 2 * r < lead; r += 1 + random.nextInt(5)) {
          double runnerUp = accounting.logq(moved(sorted, r, 1));
          // A class tied with the runner-up gives the same vector up to the order of classes.
          for (int k = 2; k < classes; k++) {
            if (sorted[k] == sorted[1]) {
              continue;
            }
            assertTrue(accounting.logq(moved(sorted, r, k)) <= runnerUp,
                "sigma " + sigma + ", counts " + Arrays.toString(sorted) + ", r " + r
                    + ", class " + k);
            checked++;
          }
        }
      }
    }
    assertTrue(checked > 10_000, checked + " moves checked");
  }

  private static double[] moved(double[] sorted, int r, int to) {
    double[] v = sorted.clone();
    v[0] -= r;
    v[to] += r;
    return v;
  }
}
