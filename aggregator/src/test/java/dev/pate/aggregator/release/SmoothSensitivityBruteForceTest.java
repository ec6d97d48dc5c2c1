package dev.pate.aggregator.release;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pate.aggregator.gnmax.ThresholdRdp;
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

  private static List<String> violations(Setting s, Function<double[], double[]> bounds,
      Function<double[], Double> f) {
    return VoteBalls.violations(s.toString(), s.target().teachers(), CLASSES, bounds, f);
  }

  private static void assertSmooth(Setting s, QuerySensitivity query) {
    VoteBalls.assertSmooth(s.toString(), s.target().teachers(), CLASSES, query::localSensitivity);
  }

  private static double max(double[] v) {
    return Arrays.stream(v).max().orElseThrow();
  }
}
