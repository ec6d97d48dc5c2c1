package dev.pate.aggregator.lnmax;

import dev.pate.aggregator.rdp.Conversion;
import dev.pate.aggregator.rdp.Orders;
import dev.pate.aggregator.rdp.RdpConversions;
import dev.pate.aggregator.rdp.RdpLedger;
import dev.pate.files.DpPreconditions;

/**
 * The PATE 2017 privacy analysis of a set of LNMax queries, as {@code analysis.py main()} does it
 * (8 moments, {@code noise_eps = gamma}, each query {@code 2 gamma}-DP), computed through an
 * {@link RdpLedger} over {@link Orders#moments2017()} with the {@link Conversion#CLASSIC}
 * conversion: {@code eps = min_l (sum alpha(l) - ln delta) / l} is exactly the classic conversion
 * at order {@code l + 1} of {@code RDP(l + 1) = alpha(l) / l}.
 */
public final class Pate2017Analysis {
  /** The official default: {@code --moments=8}. */
  public static final int MOMENTS = 8;

  private Pate2017Analysis() {}

  /**
   * Analyses the queries (one row of vote counts each) in the given variant; {@code
   * OFFICIAL_CODE} reproduces the official printout, {@code CORRECTED} is the valid analysis.
   */
  public static Pate2017Report analyse(double[][] queries, double gamma, double delta,
      double beta, Pate2017Variant variant) {
    Pate2017Moments.checkNoiseEps(gamma);
    DpPreconditions.checkPositive(beta, "beta");
    DpPreconditions.checkDelta(delta, "delta");
    Orders orders = Orders.moments2017();
    RdpLedger ledger = new RdpLedger(orders);
    double[] smoothSens = new double[MOMENTS];
    for (double[] counts : queries) {
      double[] rdp = new double[MOMENTS];
      for (int l = 1; l <= MOMENTS; l++) {
        rdp[l - 1] = Pate2017Moments.logmgfFromCounts(counts, gamma, l, variant) / l;
        smoothSens[l - 1] +=
            Pate2017SmoothSensitivity.smoothedSens(counts, gamma, l, beta, variant);
      }
      ledger.add(rdp);
    }
    double[] dataIndependentRdp = new double[MOMENTS];
    for (int l = 1; l <= MOMENTS; l++) {
      dataIndependentRdp[l - 1] =
          queries.length * Pate2017Moments.dataIndependentLogmgf(2.0 * gamma, l) / l;
      smoothSens[l - 1] /= l;
    }
    double[] rdp = ledger.rdp();
    return new Pate2017Report(variant, queries.length, gamma, delta, beta,
        timesMoment(rdp), epsPerOrder(orders, rdp, delta),
        ledger.epsilon(delta, Conversion.CLASSIC),
        timesMoment(dataIndependentRdp), epsPerOrder(orders, dataIndependentRdp, delta),
        RdpConversions.epsilon(orders, dataIndependentRdp, delta, Conversion.CLASSIC),
        smoothSens, Pate2017SmoothSensitivity.ssEps(beta, delta),
        Pate2017SmoothSensitivity.ssScale(beta, delta));
  }

  /** RDP at order {@code l + 1} back to the log moment {@code alpha(l) = l * RDP}. */
  private static double[] timesMoment(double[] rdp) {
    double[] out = new double[rdp.length];
    for (int i = 0; i < rdp.length; i++) {
      out[i] = rdp[i] * (i + 1);
    }
    return out;
  }

  private static double[] epsPerOrder(Orders orders, double[] rdp, double delta) {
    double[] out = new double[rdp.length];
    for (int i = 0; i < rdp.length; i++) {
      out[i] = RdpConversions.epsilonAtOrder(orders.get(i), rdp[i], delta, Conversion.CLASSIC);
    }
    return out;
  }
}
