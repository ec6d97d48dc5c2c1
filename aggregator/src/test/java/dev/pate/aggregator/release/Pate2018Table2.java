package dev.pate.aggregator.release;

import dev.pate.aggregator.accounting.NoiseKind;
import dev.pate.aggregator.gnmax.ConfidentGnmaxAccounting;
import dev.pate.aggregator.rdp.Conversion;
import dev.pate.aggregator.rdp.Orders;
import dev.pate.aggregator.rdp.RdpConversions;
import dev.pate.aggregator.rdp.RdpLedger;

/**
 * The official {@code smooth_sensitivity_table.py} pipeline on a vote matrix, as the paper ran
 * it: the order from {@code _compute_rdp} (expected accounting, classic conversion, the long
 * orders), the data-independence tests, the official local sensitivity (GNMax's bounds weighted
 * by the answer probability at the votes, rebuilt from the official functions), and {@code
 * _find_optimal_smooth_sensitivity_parameters}. Everything here is a function of the votes: it
 * replays the paper, it is no release.
 *
 * @param order the data-dependent optimum order
 * @param release the release's own sums at that order (its bounds, larger than the official)
 * @param answered the expected number of answered queries
 * @param rdp the expected data-dependent RDP at the order
 * @param paper the paper's (beta, sigma_ss)
 * @param official the official local-sensitivity bounds by distance
 * @param delta the delta of every epsilon
 */
record Pate2018Table2(double order, SmoothSensitivityRelease release, double answered,
    double rdp, ReleaseParameters paper, double[] official, double delta) {

  static Pate2018Table2 replay(double[][] votes, int teachers, double threshold, double sigma1,
      double sigma2, double delta, Orders orders) {
    ConfidentGnmaxAccounting accounting =
        new ConfidentGnmaxAccounting(threshold, sigma1, sigma2, orders, NoiseKind.CONTINUOUS);
    RdpLedger ledger = new RdpLedger(orders);
    for (double[] v : votes) {
      ledger.add(accounting.expectedRdp(v));
    }
    double order = ledger.epsilon(delta, Conversion.CLASSIC).order();
    SmoothSensitivityRelease release = new SmoothSensitivityRelease(ReleaseTarget.confidentGnmax(
        teachers, votes[0].length, threshold, sigma1, sigma2, true), order);
    double rdp = 0;
    double answered = 0;
    double[] official = new double[teachers];
    for (double[] v : votes) {
      double pr = Math.exp(accounting.logPrAnswered(v));
      rdp += release.queryRdp(v);
      answered += pr;
      double[] ls1 = release.dataIndependentStep1() ? new double[teachers]
          : SmoothSensitivity.localSensitivityBoundsThreshold(v, teachers, threshold, sigma1, order);
      double[] ls2 = SmoothSensitivity.localSensitivityBoundsGnmax(v, teachers, sigma2, order);
      for (int d = 0; d < teachers; d++) {
        official[d] += ls1[d] + pr * ls2[d];
      }
      release.add(v, 1);
    }
    ReleaseParameters paper = SmoothSensitivityRelease.pate2018Parameters(order, rdp, official)
        .orElseThrow().parameters();
    return new Pate2018Table2(order, release, answered, rdp, paper, official, delta);
  }

  /** The official smooth sensitivity at the paper's beta. */
  double officialSs() {
    return SmoothSensitivity.discountedMax(paper.beta(), official);
  }

  /** The epsilon of the noiseless data-dependent RDP at the order, as the script prints it. */
  double epsilonBefore() {
    return RdpConversions.epsilonAtOrder(order, rdp, delta, Conversion.CLASSIC);
  }

  /** "goes from ... to X": the epsilon with the release's cost by Theorem 23 (under-stated). */
  double epsilonWithTheorem23() {
    return RdpConversions.epsilonAtOrder(order, rdp + GnssCost.pate2018Theorem23NotABound(
        paper.beta(), paper.sigmaSs(), order), delta, Conversion.CLASSIC);
  }

  /** The same release (the paper's parameters) charged its exact cost. */
  double epsilonWithExactCost() {
    return RdpConversions.epsilonAtOrder(order, rdp + paper.releaseRdp(), delta,
        Conversion.CLASSIC);
  }

  /**
   * The same data-dependent choice as the paper's, made with the exact cost: (beta, sigma_ss)
   * minimising the expected upper end with the official bounds.
   */
  ReleaseParameters exactCostParameters() {
    return SmoothSensitivityRelease.optimalParameters(order, rdp, official).orElseThrow()
        .parameters();
  }

  /** "+/- X": the standard deviation of the released value with the official bounds. */
  double officialStd() {
    return officialSs() * paper.sigmaSs();
  }
}
