package dev.pate.aggregator.gnmax;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/**
 * The local-sensitivity bounds of a release against brute force: on small ensembles (3 classes,
 * every vote vector of n teachers), for every vote vector D, every D' within distance k of it and
 * every neighbour D'' of D', {@code |f(D') - f(D'')|} must not exceed entry k of D's bounds, where
 * f is the per-query RDP exactly as the release sums it. Distance: the number of teachers whose
 * vote differs (half the L1 distance of the counts); a neighbour moves one vote.
 *
 * <p>Sigmas are small (1..4) and thresholds inside 0..n so that both steps' data-dependent bounds
 * are active; only settings where C5/C6 hold are used (elsewhere a release refuses).
 */
class SmoothSensitivityBruteForceTest {
  private static final int CLASSES = 3;

  /** A setting: mechanism and accounting, teachers, order. */
  private record Setting(ReleaseTarget target, double order) {
    @Override
    public String toString() {
      return target.accounting().id() + " n=" + target.teachers() + " T=" + target.threshold()
          + " sigma1=" + target.sigma1() + " sigma2=" + target.sigma2() + " order=" + order;
    }
  }

  private static List<Setting> settings() {
    List<Setting> out = new ArrayList<>();
    for (int n : new int[] {5, 8, 12}) {
      for (double[] sigma2Order : new double[][] {{1, 1.5}, {2, 2}, {3, 3}, {4, 4}, {4, 2}}) {
        double sigma2 = sigma2Order[0];
        double order = sigma2Order[1];
        out.add(new Setting(ReleaseTarget.gnmax(n, CLASSES, sigma2), order));
        for (double threshold : new double[] {Math.ceil(n / 2.0) + 1, 0.7 * n + 0.5}) {
          for (double sigma1 : new double[] {1, 2.5}) {
            for (boolean expected : new boolean[] {false, true}) {
              out.add(new Setting(ReleaseTarget.confidentGnmax(
                  n, CLASSES, threshold, sigma1, sigma2, expected), order));
            }
          }
        }
      }
    }
    return out;
  }

  @Test
  void boundsCoverEveryNeighbourWithinEachDistanceAndAreSmooth() {
    int active = 0;
    for (Setting s : settings()) {
      QuerySensitivity query = new QuerySensitivity(s.target(), s.order());
      assertTrue(query.conditions().hold(), s + ": C5/C6 (choose another setting)");
      if (!query.dataIndependentStep2()
          && (!s.target().confident() || !query.dataIndependentStep1())) {
        active++;
      }
      List<String> violations = violations(s, query::localSensitivity, query::rdp);
      assertEquals(List.of(), violations.subList(0, Math.min(5, violations.size())),
          s + ": " + violations.size() + " violations");
      assertSmooth(s, query);
    }
    assertTrue(active >= 40, "settings with every step data-dependent: " + active);
  }

  /**
   * The official script's bounds for Confident-GNMax (the threshold's bound at distance exactly
   * d, plus GNMax's weighted by the answer indicator or probability at the votes themselves) miss
   * the change of that weight between neighbours: the check above catches both accountings.
   */
  @Test
  void theOfficialConfidentGnmaxBoundsFail() {
    for (boolean expected : new boolean[] {false, true}) {
      ReleaseTarget target = ReleaseTarget.confidentGnmax(10, CLASSES, 7, 2, 2, expected);
      Setting s = new Setting(target, 2);
      QuerySensitivity query = new QuerySensitivity(target, s.order());
      List<String> violations = violations(s, counts -> officialBounds(target, 2, counts),
          query::rdp);
      assertTrue(violations.size() > 100, s + ": " + violations.size() + " violations");
      if (!expected) {
        // [0, 4, 6] is one teacher from [0, 3, 7], whose neighbour [1, 3, 6] no longer reaches T:
        // f drops by a whole GNMax cost, order / sigma2^2 = 0.5, against an official bound of 0.
        assertTrue(violations.stream().anyMatch(v -> v.startsWith("D=[0.0, 4.0, 6.0] k=1 ")),
            String.join("\n", violations.subList(0, 5)));
      }
    }
  }

  /** {@code compute_local_sensitivity_bounds_*} combined as the official script does. */
  private static double[] officialBounds(ReleaseTarget t, double order, double[] counts) {
    int n = t.teachers();
    double[] threshold = SmoothSensitivity.localSensitivityBoundsThreshold(
        counts, n, t.threshold(), t.sigma1(), order);
    double[] gnmax = SmoothSensitivity.localSensitivityBoundsGnmax(counts, n, t.sigma2(), order);
    double weight = t.accounting() == ReleaseTarget.Accounting.CONFIDENT_EXPECTED
        ? Math.exp(ThresholdRdp.logPrAnswered(t.threshold(), t.sigma1(), counts))
        : max(counts) >= t.threshold() ? 1 : 0;
    double[] ls = new double[n + 1];
    for (int d = 0; d < n; d++) {
      ls[d] = threshold[d] + weight * gnmax[d];
    }
    ls[n] = ls[n - 1];
    return ls;
  }

  /**
   * Every violation of {@code |f(D') - f(D'')| <= bounds(D)[k]} for D' within k of D, as text.
   * The largest change at D' (over its neighbours) is computed once per D'.
   */
  private static List<String> violations(Setting s, Function<double[], double[]> bounds,
      Function<double[], Double> f) {
    int n = s.target().teachers();
    List<double[]> all = voteVectors(n);
    double[] localSensitivity = new double[all.size()];
    for (int i = 0; i < all.size(); i++) {
      double fi = f.apply(all.get(i));
      for (double[] neighbour : neighbours(all.get(i))) {
        localSensitivity[i] = Math.max(localSensitivity[i], Math.abs(fi - f.apply(neighbour)));
      }
    }
    List<String> out = new ArrayList<>();
    for (double[] d : all) {
      double[] ls = bounds.apply(d);
      assertEquals(n + 1, ls.length, s + ": one bound per distance 0..n");
      for (int j = 0; j < all.size(); j++) {
        int distance = distance(d, all.get(j));
        for (int k = distance; k <= n; k++) {
          if (localSensitivity[j] > ls[k] * (1 + 1e-9) + 1e-12) {
            out.add("D=" + Arrays.toString(d) + " k=" + k + " D'=" + Arrays.toString(all.get(j))
                + ": change " + localSensitivity[j] + " > bound " + ls[k]);
          }
        }
      }
    }
    return out;
  }

  /**
   * Smoothness of the bounds, which makes {@code max_d e^(-beta d) A_d} beta-smooth: a
   * neighbour's entry d never exceeds this vector's entry d + 1.
   */
  private static void assertSmooth(Setting s, QuerySensitivity query) {
    for (double[] d : voteVectors(s.target().teachers())) {
      double[] ls = query.localSensitivity(d);
      for (double[] neighbour : neighbours(d)) {
        double[] near = query.localSensitivity(neighbour);
        for (int k = 0; k + 1 < ls.length; k++) {
          assertTrue(near[k] <= ls[k + 1] * (1 + 1e-9) + 1e-12, s + ": D=" + Arrays.toString(d)
              + " neighbour " + Arrays.toString(neighbour) + " entry " + k);
        }
      }
    }
  }

  /** Every count vector of n votes over the classes. */
  private static List<double[]> voteVectors(int n) {
    List<double[]> out = new ArrayList<>();
    for (int a = 0; a <= n; a++) {
      for (int b = 0; a + b <= n; b++) {
        out.add(new double[] {a, b, n - a - b});
      }
    }
    return out;
  }

  /** The vectors one teacher away: one count down by 1, another up by 1. */
  private static List<double[]> neighbours(double[] v) {
    List<double[]> out = new ArrayList<>();
    for (int from = 0; from < v.length; from++) {
      for (int to = 0; to < v.length; to++) {
        if (from != to && v[from] > 0) {
          double[] w = v.clone();
          w[from]--;
          w[to]++;
          out.add(w);
        }
      }
    }
    return out;
  }

  private static int distance(double[] a, double[] b) {
    double l1 = 0;
    for (int i = 0; i < a.length; i++) {
      l1 += Math.abs(a[i] - b[i]);
    }
    return (int) (l1 / 2);
  }

  private static double max(double[] v) {
    return Arrays.stream(v).max().orElseThrow();
  }
}
