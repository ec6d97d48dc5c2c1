package dev.pate.aggregator.gnmax;

/**
 * The parameters of a smooth-sensitivity release (GNSS, PATE 2018 Theorem 23): the Renyi order at
 * which the data-dependent RDP is released, the smoothness beta and the noise multiplier sigma_ss.
 *
 * <p><b>They must not depend on the private votes.</b> The paper's code picks the order as the
 * data-dependent optimum and (beta, sigma_ss) by minimising the expected published value given
 * the smooth sensitivity of the votes; a release made so leaks the very figures it hides (sigma_ss
 * chosen from ss reveals ss). Fix them in advance: by hand, from an earlier, public run, or
 * planned from a stated expectation of the teachers' accuracy ({@code
 * dev.pate.aggregator.planning.ReleasePlanner}). Being data-independent, they may be printed.
 *
 * @param order the Renyi order of the release, {@code > 1}
 * @param beta smoothness of the smooth sensitivity, {@code > 0}, with {@code order < 1/(2 beta)}
 *     (Theorem 23)
 * @param sigmaSs the GNSS noise multiplier: the released RDP has noise {@code SS_beta * N(0,
 *     sigmaSs^2)}
 */
public record ReleaseParameters(double order, double beta, double sigmaSs) {

  public ReleaseParameters {
    SmoothSensitivity.checkOrder(order);
    if (!(beta > 0) || Double.isInfinite(beta)) {
      throw new IllegalArgumentException("beta: " + beta + " is not a finite number > 0");
    }
    GnmaxRdp.checkSigma(sigmaSs, "sigmaSs");
    if (!(order < maxOrder(beta))) {
      throw new IllegalArgumentException("order: " + order + " is not below 1/(2 beta) = "
          + maxOrder(beta) + " (Theorem 23 needs order < 1/(2 beta))");
    }
  }

  /** {@code 1/(2 beta)}: the orders of a release with this beta must lie below it. */
  public static double maxOrder(double beta) {
    return 1 / (2 * beta);
  }

  /** The RDP at {@link #order} of publishing the released value itself (Theorem 23). */
  public double releaseRdp() {
    return SmoothSensitivity.rdpOfSmoothSensitivityGaussian(beta, sigmaSs, order);
  }
}
