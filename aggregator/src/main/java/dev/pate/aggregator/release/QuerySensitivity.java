package dev.pate.aggregator.release;

import dev.pate.aggregator.accounting.NoiseKind;
import dev.pate.aggregator.gnmax.ConfidentGnmaxAccounting;
import dev.pate.aggregator.gnmax.GaussianTail;
import dev.pate.aggregator.gnmax.GnmaxRdp;
import dev.pate.aggregator.gnmax.ThresholdRdp;
import dev.pate.aggregator.rdp.Orders;
import dev.pate.files.DpPreconditions;
import java.util.Arrays;
import java.util.function.IntToDoubleFunction;

/**
 * One query's part of a smooth-sensitivity release at one order: the data-dependent RDP {@code
 * f(D)} that the release sums, and for every distance d = 0..teachers a bound {@code A_d(D)} on
 * {@code |f(D') - f(D'')|} over every D' within distance d of the votes D and every neighbour D''
 * of D' (distance: the number of teachers whose vote differs).
 *
 * <p><b>The function.</b> With m the max count, F the threshold check's data-dependent RDP (a
 * function of m only), G GNMax's data-dependent RDP and w the weight of the GNMax step, {@code f
 * = F(m) + w(m) G(D)}, where w is 1 for GNMax, {@code 1{m >= T}} for the actual accounting of
 * Confident-GNMax and {@code Pr[m + N(0, sigma1^2) >= T]} for the expected one, and {@code f = F(m)
 * + a G(D)} with the answer {@code a} fixed by the caller for a run's transcript (see {@link
 * ReleaseTarget.Accounting}). For continuous noise a step whose data-dependent bound never beats
 * its data-independent one at this order is charged data-independently (a constant), as in the
 * official script. For discrete noise F, w and G are the accountant's own values ({@link
 * ConfidentGnmaxAccounting} and {@link dev.pate.aggregator.gnmax.GnmaxAccounting} with {@link
 * NoiseKind#DISCRETE}), with no such shortcut, so that f is exactly what a run's accountant summed.
 *
 * <p><b>The bound.</b> One teacher changes the max count by at most 1, so within distance d the
 * max count lies in {@code [m - d, m + d]} (clipped to [0, teachers]) and a neighbour's in
 * {@code [m - d - 1, m + d + 1]}. For D' within d and a neighbour D'':
 *
 * <pre>
 *   |f' - f''| <= |F' - F''| + |w' G' - w'' G''|
 *              <= |F' - F''| + w' |G' - G''| + G'' |w' - w''|
 *              <= dF(d)      + wMax(d) lsG(d) + G_max dwMax(d)
 * </pre>
 *
 * with {@code dF(d)} and {@code dwMax(d)} the largest change of F and w for one step of the max
 * count from any count in the window, {@code wMax(d)} the largest w in it, {@code G_max = order /
 * sigma2^2} (G is capped at its data-independent value, so {@code G'' <= G_max}) and {@code
 * lsG(d)} the GNMax bound: the paper's for continuous noise (Algorithms 3-5, {@link
 * SmoothSensitivity#localSensitivityBoundsGnmax}, which needs conditions C5/C6), {@link
 * DiscreteGnmaxSensitivity}'s for discrete noise. F and w depend on m only and are enumerated
 * exactly for m = 0..teachers, for either noise. For the actual accounting this charges GNMax's
 * local sensitivity wherever the indicator can be 1 within the window and a whole {@code G_max}
 * wherever it can flip, i.e. where the window meets {@code [T - 1, T + 1)}; the official code
 * charged neither jump nor window (GNMax's term only where the indicator is 1 at the votes
 * themselves). For the expected accounting the official code weighted lsG by {@code w(D)} alone
 * and ignored the change of w; the first term is the paper's own for plain GNMax (w = 1, dw = 0).
 * For a transcript w is the constant a: {@code wMax = a} and {@code dwMax = 0}, no jump term.
 *
 * <p><b>Why windows.</b> A release sums the bounds of every query at the same d, while a dataset
 * at distance d may be at any distance up to d in each query, so each entry must cover the whole
 * ball of radius d (the official threshold bounds cover distance exactly d; they are taken as a
 * running maximum here). Maxima over nested windows also make the sum beta-smooth: a neighbour's
 * window of radius d lies inside this one of radius d + 1. The last entry, d = teachers, covers
 * every vote vector.
 */
final class QuerySensitivity {
  private final ReleaseTarget target;
  private final double order;
  private final boolean dataIndependentStep1;
  private final boolean dataIndependentStep2;
  private final SmoothSensitivity.Conditions conditions;
  private final GnmaxPart gnmax;
  private final double gnmaxMax;
  /** By max count 0..teachers: F, the largest one-step change of F, w, the same for w. */
  private final double[] threshold;
  private final double[] thresholdStep;
  private final double[] weight;
  private final double[] weightStep;
  /** The answer probability by max count (Confident-GNMax), for modelled transcripts. */
  private final double[] answerProbability;

  /** GNMax's part of a query: G and its bounds {@code lsG(d)}, d = 0..teachers. */
  private interface GnmaxPart {
    double rdp(double[] counts);

    double[] bounds(double[] counts);
  }

  QuerySensitivity(ReleaseTarget target, double order) {
    SmoothSensitivity.checkOrder(order);
    this.target = target;
    this.order = order;
    Orders one = Orders.of(order);
    int n = target.teachers();
    double sigma2 = target.sigma2();
    this.gnmaxMax = order / (sigma2 * sigma2);
    ConfidentGnmaxAccounting confident = target.confident()
        ? new ConfidentGnmaxAccounting(
            target.threshold(), target.sigma1(), sigma2, one, target.noise())
        : null;
    if (target.noise() == NoiseKind.CONTINUOUS) {
      // _is_data_ind_step1 / _is_data_ind_step2 of the official script.
      this.dataIndependentStep1 = !target.confident()
          || ThresholdRdp.dataIndependentAlwaysOptimal(
              n, target.threshold(), target.sigma1(), order);
      this.dataIndependentStep2 =
          GnmaxRdp.dataIndependentAlwaysOptimal(n, target.classes(), sigma2, order);
      // C5/C6 concern GNMax's bound only; the other terms are exact enumerations over max counts.
      this.conditions = dataIndependentStep2
          ? new SmoothSensitivity.Conditions(true, true)
          : SmoothSensitivity.checkConditions(sigma2, target.classes(), order);
      this.gnmax = paperGnmax(one);
      this.threshold = continuousThresholdByMax(one);
    } else {
      DiscreteGnmaxSensitivity discrete =
          new DiscreteGnmaxSensitivity(sigma2, target.classes(), n, order);
      this.dataIndependentStep2 = discrete.constant();
      // Only the monotonicity of g in q is assumed (see DiscreteGnmaxSensitivity); no C6.
      this.conditions = new SmoothSensitivity.Conditions(discrete.monotone(), true);
      this.gnmax = new GnmaxPart() {
        @Override
        public double rdp(double[] counts) {
          return discrete.rdp(counts);
        }

        @Override
        public double[] bounds(double[] counts) {
          return discrete.bounds(counts);
        }
      };
      this.threshold = confident == null ? new double[n + 1]
          : byMax(v -> confident.thresholdRdp(withMax(v))[0]);
      double independent = confident == null ? 0 : confident.thresholdDataIndependentRdp()[0];
      this.dataIndependentStep1 = confident == null
          || Arrays.stream(threshold).allMatch(f -> f == independent);
    }
    this.thresholdStep = oneStepChange(threshold);
    this.answerProbability = confident == null ? null
        : byMax(v -> Math.exp(confident.logPrAnswered(withMax(v))));
    this.weight = weightByMax();
    this.weightStep = oneStepChange(weight);
  }

  /**
   * The paper's GNMax part for continuous noise: G charged data-independently where it never
   * beats that, else Theorem 6; bounds from Algorithms 3-5 (null without C5/C6).
   */
  private GnmaxPart paperGnmax(Orders one) {
    double sigma2 = target.sigma2();
    SmoothSensitivity.GnmaxLocalSensitivity paper = dataIndependentStep2 || !conditions.hold()
        ? null
        : new SmoothSensitivity.GnmaxLocalSensitivity(target.classes(), sigma2, order);
    return new GnmaxPart() {
      @Override
      public double rdp(double[] counts) {
        if (dataIndependentStep2) {
          return gnmaxMax;
        }
        return GnmaxRdp.dataDependent(GnmaxRdp.logq(counts, sigma2), sigma2, one)[0];
      }

      @Override
      public double[] bounds(double[] counts) {
        return paperGnmaxBounds(paper, counts);
      }
    };
  }

  private double[] continuousThresholdByMax(Orders one) {
    int n = target.teachers();
    if (!target.confident()) {
      return new double[n + 1];
    }
    if (dataIndependentStep1) {
      double[] constant = new double[n + 1];
      Arrays.fill(constant, ThresholdRdp.dataIndependent(target.sigma1(), one)[0]);
      return constant;
    }
    return SmoothSensitivity.thresholdRdpByMax(n, target.threshold(), target.sigma1(), order);
  }

  /** {@code t[v] = f(v)} for max counts v = 0..teachers. */
  private double[] byMax(IntToDoubleFunction f) {
    double[] t = new double[target.teachers() + 1];
    for (int v = 0; v < t.length; v++) {
      t[v] = f.applyAsDouble(v);
    }
    return t;
  }

  /** A vote vector whose max count is v (what F and w depend on). */
  private double[] withMax(int v) {
    double[] counts = new double[target.classes()];
    counts[0] = v;
    return counts;
  }

  /** w by max count; for a transcript, unused (the caller gives a), so all 1. */
  private double[] weightByMax() {
    return byMax(v -> switch (target.accounting()) {
      case GNMAX, CONFIDENT_TRANSCRIPT -> 1;
      case CONFIDENT_ACTUAL -> v >= target.threshold() ? 1 : 0;
      case CONFIDENT_EXPECTED -> target.noise() == NoiseKind.CONTINUOUS
          ? Math.exp(GaussianTail.logSf(target.threshold() - v, target.sigma1()))
          : answerProbability[v];
    });
  }

  /** {@code max |t[v +- 1] - t[v]|} over the neighbours of v inside the table. */
  private static double[] oneStepChange(double[] t) {
    double[] step = new double[t.length];
    for (int v = 0; v < t.length; v++) {
      double change = 0;
      if (v > 0) {
        change = Math.abs(t[v - 1] - t[v]);
      }
      if (v + 1 < t.length) {
        change = Math.max(change, Math.abs(t[v + 1] - t[v]));
      }
      step[v] = change;
    }
    return step;
  }

  boolean dataIndependentStep1() {
    return dataIndependentStep1;
  }

  boolean dataIndependentStep2() {
    return dataIndependentStep2;
  }

  SmoothSensitivity.Conditions conditions() {
    return conditions;
  }

  /**
   * The query's data-dependent RDP at the order, {@code F(m) + w(m) G(D)}, for an accounting
   * whose weight is a function of the votes.
   *
   * @throws IllegalStateException for a transcript (use {@link #rdp(double[], double)})
   */
  double rdp(double[] counts) {
    requireTranscript(false);
    int m = maxCount(counts);
    return threshold[m] + weight[m] * gnmax.rdp(counts);
  }

  /**
   * A transcript query's data-dependent RDP at the order, {@code F(m) + a G(D)}: with {@code a}
   * 1 or 0 exactly what the accountant charges an answered or unanswered query; a fraction (an
   * answer probability) for modelled votes.
   */
  double rdp(double[] counts, double answered) {
    requireTranscript(true);
    checkAnswered(answered);
    int m = maxCount(counts);
    return threshold[m] + answered * gnmax.rdp(counts);
  }

  /** {@code Pr[answered]} of Confident-GNMax for these counts (the accounting's own). */
  double answerProbability(double[] counts) {
    if (answerProbability == null) {
      throw new IllegalStateException("answerProbability: GNMax answers every query");
    }
    return answerProbability[maxCount(counts)];
  }

  /**
   * {@code A_d} for d = 0..teachers (see the class comment); non-decreasing in d.
   *
   * @throws IllegalStateException for a transcript, or if GNMax's bound is unknown at the order
   *     (conditions C5/C6 fail)
   */
  double[] localSensitivity(double[] counts) {
    requireTranscript(false);
    int m = maxCount(counts);
    return localSensitivity(counts, m, windowMax(weight, m), windowMax(weightStep, m));
  }

  /** {@code A_d} of a transcript query with answer a: {@code dF(d) + a lsG(d)}. */
  double[] localSensitivity(double[] counts, double answered) {
    requireTranscript(true);
    checkAnswered(answered);
    int m = maxCount(counts);
    double[] wMax = new double[target.teachers() + 1];
    Arrays.fill(wMax, answered);
    return localSensitivity(counts, m, wMax, new double[wMax.length]);
  }

  private double[] localSensitivity(double[] counts, int m, double[] wMax, double[] dwMax) {
    if (!conditions.hold()) {
      throw new IllegalStateException(
          "smooth sensitivity: conditions C5/C6 fail at order " + order);
    }
    double[] dF = windowMax(thresholdStep, m);
    double[] lsG = gnmax.bounds(counts);
    double[] ls = new double[dF.length];
    for (int d = 0; d < ls.length; d++) {
      ls[d] = dF[d] + wMax[d] * lsG[d] + gnmaxMax * dwMax[d];
    }
    return ls;
  }

  private void requireTranscript(boolean transcript) {
    if (target.transcript() != transcript) {
      throw new IllegalStateException(transcript
          ? "answered: only the transcript accounting takes the answer from the caller, not "
              + target.accounting().id()
          : "answered: the transcript accounting needs whether each query was answered");
    }
  }

  private static void checkAnswered(double answered) {
    DpPreconditions.checkProbability(answered, "answered");
  }

  /**
   * The paper's GNMax bounds as a running maximum over d (they are non-decreasing already when
   * C5/C6 hold), extended to d = teachers with the largest local sensitivity of all; 0 when G is
   * a constant.
   */
  private double[] paperGnmaxBounds(
      SmoothSensitivity.GnmaxLocalSensitivity paper, double[] counts) {
    int n = target.teachers();
    double[] out = new double[n + 1];
    if (paper == null) {
      return out;
    }
    double[] walk = paper.bounds(counts, n);
    double running = 0;
    for (int d = 0; d < n; d++) {
      running = Math.max(running, walk[d]);
      out[d] = running;
    }
    out[n] = Math.max(running, paper.plateau());
    return out;
  }

  /** {@code out[d] = max t[v]} over {@code v in [m - d, m + d]} clipped to the table. */
  private static double[] windowMax(double[] t, int m) {
    double[] out = new double[t.length];
    double max = t[m];
    for (int d = 0; d < out.length; d++) {
      if (m - d >= 0) {
        max = Math.max(max, t[m - d]);
      }
      if (m + d < t.length) {
        max = Math.max(max, t[m + d]);
      }
      out[d] = max;
    }
    return out;
  }

  /**
   * The max count as an index into the tables. The bounds count teachers: each count must be a
   * whole number and the row sum at most the number of teachers.
   */
  private int maxCount(double[] counts) {
    GnmaxRdp.checkCounts(counts);
    if (counts.length != target.classes()) {
      throw new IllegalArgumentException(
          "counts: " + counts.length + " classes, expected " + target.classes());
    }
    double sum = 0;
    double max = 0;
    for (double c : counts) {
      if (c != Math.rint(c)) {
        throw new IllegalArgumentException("counts: " + c + " is not a whole number of votes");
      }
      sum += c;
      max = Math.max(max, c);
    }
    if (sum > target.teachers()) {
      throw new IllegalArgumentException("counts: " + sum + " votes, more than the "
          + target.teachers() + " teachers");
    }
    return (int) max;
  }
}
