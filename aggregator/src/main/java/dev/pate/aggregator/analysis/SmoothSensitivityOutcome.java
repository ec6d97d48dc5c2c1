package dev.pate.aggregator.analysis;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * What the smooth-sensitivity step of an analysis produced: either a noisy, publishable
 * data-dependent epsilon, or the reason none is needed or possible (then the data-independent
 * epsilon is the one to publish).
 *
 * @param status what happened
 * @param order the Renyi order of the release (the data-dependent optimum)
 * @param beta smoothness parameter (0 unless released)
 * @param smoothSensitivity beta-smooth sensitivity of the data-dependent RDP (0 unless released)
 * @param sigmaSs GNSS noise multiplier (0 unless released)
 * @param noiseStd standard deviation of the published epsilon, {@code smoothSensitivity *
 *     sigmaSs}
 * @param epsilonReleased the epsilon that may be published: for {@link Status#RELEASED} a private
 *     noisy estimate of the true cost including the release (not a certain upper bound, see
 *     {@link dev.pate.aggregator.gnmax.SmoothSensitivityRelease}); otherwise the data-independent
 *     epsilon
 * @param explanation one sentence for reports
 */
public record SmoothSensitivityOutcome(
    Status status,
    double order,
    double beta,
    double smoothSensitivity,
    double sigmaSs,
    double noiseStd,
    double epsilonReleased,
    String explanation) {

  public enum Status {
    /** A noisy data-dependent epsilon was drawn. */
    RELEASED,
    /** Nothing is data-dependent at the order: the data-independent epsilon is published. */
    DATA_INDEPENDENT,
    /** Conditions C5/C6 fail at the order: only the data-independent epsilon may be published. */
    CONDITIONS_FAIL;

    public String id() {
      return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }
  }

  /** The JSON object {@code smooth_sensitivity}. */
  public Map<String, Object> toMap() {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("status", status.id());
    m.put("order", order);
    m.put("beta", beta);
    m.put("ss", smoothSensitivity);
    m.put("sigma_ss", sigmaSs);
    m.put("noise_std", noiseStd);
    m.put("epsilon_released", epsilonReleased);
    m.put("explanation", explanation);
    return m;
  }
}
