package dev.pate.aggregator.release;

import dev.pate.aggregator.gnmax.GnmaxRdp;

import dev.pate.files.DpPreconditions;

/**
 * The parameters of a smooth-sensitivity release (GNSS, PATE 2018 Sec. 4.2): the Renyi order at
 * which the data-dependent RDP is released, the smoothness beta and the noise multiplier sigma_ss.
 * Their cost is {@link GnssCost#releaseRdp}, the exact divergence of the noise the release draws.
 *
 * <p><b>They must not depend on the private votes.</b> The paper's code picks the order as the
 * data-dependent optimum and (beta, sigma_ss) by minimising the expected published value given
 * the smooth sensitivity of the votes; a release made so leaks the very figures it hides (sigma_ss
 * chosen from ss reveals ss). Fix them in advance: by hand, from an earlier, public run, or
 * planned from a stated expectation of the teachers' accuracy ({@code
 * dev.pate.aggregator.planning.ReleasePlanner}). Being data-independent, they may be printed.
 *
 * @param order the Renyi order of the release, {@code > 1}
 * @param beta smoothness of the smooth sensitivity, {@code > 0}, with {@code order < 1/(1 -
 *     e^{-2 beta})}, above which the release has no bound
 * @param sigmaSs the GNSS noise multiplier: the released RDP has noise {@code SS_beta * N(0,
 *     sigmaSs^2)}
 */
public record ReleaseParameters(double order, double beta, double sigmaSs) {

  public ReleaseParameters {
    SmoothSensitivity.checkOrder(order);
    DpPreconditions.checkPositive(beta, "beta");
    GnmaxRdp.checkSigma(sigmaSs, "sigmaSs");
    if (!(order < maxOrder(beta))) {
      throw new IllegalArgumentException("order: " + order + " is not below 1/(1 - e^(-2 beta))"
          + " = " + maxOrder(beta) + ", where a release with this beta costs infinity");
    }
  }

  /**
   * {@code 1/(1 - e^{-2 beta})} ({@link GnssCost#maxOrder}): a release with this beta has no
   * bound at this order and above.
   */
  public static double maxOrder(double beta) {
    return GnssCost.maxOrder(beta);
  }

  /** The RDP at {@link #order} of publishing the released value itself. */
  public double releaseRdp() {
    return releaseRdpAt(order);
  }

  /**
   * The release's own RDP at any order ({@code +inf} from {@link #maxOrder} on): what a run
   * reserves at each of its orders.
   */
  public double releaseRdpAt(double anyOrder) {
    return GnssCost.releaseRdp(beta, sigmaSs, anyOrder);
  }
}
