package dev.pate.aggregator.analysis;

import dev.pate.aggregator.release.ReleaseParameters;
import dev.pate.aggregator.release.ReleaseTarget;
import dev.pate.aggregator.release.SmoothSensitivityRelease;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * What the smooth-sensitivity step of an analysis produced: either a noisy, publishable
 * data-dependent epsilon, or the reason none is needed or possible (then the data-independent
 * epsilon is the one to publish). Every field may be published: the parameters were fixed in
 * advance, the status depends on them alone (and on the number of teachers and classes), and the
 * released values are the output of the GNSS mechanism. The private inputs of the release (the
 * data-dependent RDP, its smooth sensitivity, the noise's standard deviation) are not kept.
 *
 * @param status what happened
 * @param target what was released: mechanism, noise parameters, accounting, teachers, classes
 * @param parameters the release's order, beta and sigma_ss
 * @param rdpReleased for {@link Status#RELEASED}, the noisy data-dependent RDP at the order, a
 *     multiple of {@link SmoothSensitivityRelease#GRID}; NaN otherwise
 * @param epsilonReleased the epsilon that may be published: for {@link Status#RELEASED} a private
 *     noisy estimate of the true cost including the release (not a certain upper bound, see
 *     {@link SmoothSensitivityRelease}); otherwise the data-independent epsilon
 * @param explanation one sentence for reports
 */
public record SmoothSensitivityOutcome(
    Status status,
    ReleaseTarget target,
    ReleaseParameters parameters,
    double rdpReleased,
    double epsilonReleased,
    String explanation) {

  /** What the release could publish at its order. */
  public enum Status {
    /** A noisy data-dependent epsilon was drawn. */
    RELEASED,
    /** Nothing is data-dependent at the order: the data-independent epsilon is published. */
    DATA_INDEPENDENT,
    /**
     * The bounds' conditions fail at the order (C5/C6 for continuous noise, g non-decreasing in q
     * for discrete): only the data-independent epsilon may be published.
     */
    CONDITIONS_FAIL;

    public String id() {
      return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }
  }

  public SmoothSensitivityOutcome {
    Objects.requireNonNull(status, "status");
    Objects.requireNonNull(target, "target");
    Objects.requireNonNull(parameters, "parameters");
    Objects.requireNonNull(explanation, "explanation");
  }

  public double order() {
    return parameters.order();
  }

  /** The RDP of the release itself at the order ({@code GnssCost.releaseRdp}), a function of the parameters. */
  public double releaseRdp() {
    return parameters.releaseRdp();
  }

  /**
   * The JSON object {@code smooth_sensitivity}: {@code status}, the target ({@code accounting,
   * teachers, classes}, the noise parameters), {@code order, beta, sigma_ss}, for a release also
   * {@code release_rdp, rdp_released, grid}, then {@code epsilon_released, explanation}.
   */
  public Map<String, Object> toMap() {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("status", status.id());
    m.putAll(target.toMap());
    m.put("order", parameters.order());
    m.put("beta", parameters.beta());
    m.put("sigma_ss", parameters.sigmaSs());
    if (status == Status.RELEASED) {
      m.put("release_rdp", releaseRdp());
      m.put("rdp_released", rdpReleased);
      m.put("grid", SmoothSensitivityRelease.GRID);
    }
    m.put("epsilon_released", epsilonReleased);
    m.put("explanation", explanation);
    return m;
  }
}
