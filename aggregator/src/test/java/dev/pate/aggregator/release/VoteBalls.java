package dev.pate.aggregator.release;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Function;

/**
 * Brute force over every vote vector of a small ensemble, for the smooth-sensitivity tests.
 * Distance: the number of teachers whose vote differs (half the L1 distance of the counts); a
 * neighbour moves one vote.
 */
final class VoteBalls {
  private VoteBalls() {}

  /**
   * Every violation of {@code |f(D') - f(D'')| <= bounds(D)[k]} for every vote vector D, every
   * D' within k of D and every neighbour D'' of D', as text. The largest change at D' (over its
   * neighbours) is computed once per D'.
   */
  static List<String> violations(String setting, int teachers, int classes,
      Function<double[], double[]> bounds, Function<double[], Double> f) {
    List<double[]> all = voteVectors(teachers, classes);
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
      assertEquals(teachers + 1, ls.length, setting + ": one bound per distance 0..n");
      for (int j = 0; j < all.size(); j++) {
        int distance = distance(d, all.get(j));
        for (int k = distance; k <= teachers; k++) {
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
  static void assertSmooth(String setting, int teachers, int classes,
      Function<double[], double[]> bounds) {
    for (double[] d : voteVectors(teachers, classes)) {
      double[] ls = bounds.apply(d);
      for (double[] neighbour : neighbours(d)) {
        double[] near = bounds.apply(neighbour);
        for (int k = 0; k + 1 < ls.length; k++) {
          assertTrue(near[k] <= ls[k + 1] * (1 + 1e-9) + 1e-12, setting + ": D="
              + Arrays.toString(d) + " neighbour " + Arrays.toString(neighbour) + " entry " + k);
        }
      }
    }
  }

  /** Every count vector of n votes over the classes. */
  static List<double[]> voteVectors(int n, int classes) {
    List<double[]> out = new ArrayList<>();
    fill(new double[classes], 0, n, out);
    return out;
  }

  private static void fill(double[] v, int j, int left, List<double[]> out) {
    if (j == v.length - 1) {
      v[j] = left;
      out.add(v.clone());
      return;
    }
    for (int c = 0; c <= left; c++) {
      v[j] = c;
      fill(v, j + 1, left - c, out);
    }
  }

  /** The vectors one teacher away: one count down by 1, another up by 1. */
  static List<double[]> neighbours(double[] v) {
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

  static int distance(double[] a, double[] b) {
    double l1 = 0;
    for (int i = 0; i < a.length; i++) {
      l1 += Math.abs(a[i] - b[i]);
    }
    return (int) (l1 / 2);
  }
}
