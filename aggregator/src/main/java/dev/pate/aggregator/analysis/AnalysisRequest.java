package dev.pate.aggregator.analysis;

import dev.pate.aggregator.accounting.NoiseKind;
import dev.pate.aggregator.release.ReleaseParameters;
import dev.pate.aggregator.release.ReleaseTarget;
import dev.pate.aggregator.mechanism.Mechanism;
import dev.pate.aggregator.rdp.Conversion;
import dev.pate.aggregator.rdp.Orders;
import dev.pate.files.DpPreconditions;
import java.util.Objects;
import java.util.Optional;

/**
 * What to compute for a vote matrix. Start from {@link #of(Mechanism)} and change what differs
 * with the {@code with...} methods.
 *
 * @param mechanism the mechanism and its noise parameters
 * @param delta the target delta, in (0, 1)
 * @param orders the Renyi orders to optimise over
 * @param conversion how RDP becomes (epsilon, delta)
 * @param expected Confident-GNMax only: report the expectation over the threshold's noise (the
 *     paper's tables) instead of the actual accounting of the noiseless outcome
 * @param release GNMax and Confident-GNMax: the parameters of a smooth-sensitivity release of
 *     the data-dependent epsilon (PATE 2018, Section 4.2), fixed without looking at the votes (see
 *     {@link ReleaseParameters}), with the paper's bounds for continuous noise and those of {@code
 *     DiscreteGnmaxSensitivity} for discrete noise; empty for the data owner's own analysis, which
 *     publishes nothing
 * @param noise the noise the mechanism draws (the papers: continuous)
 * @param teachers the number of teachers for the smooth-sensitivity analysis; 0 to take the
 *     largest row sum of the votes
 */
public record AnalysisRequest(
    Mechanism mechanism,
    double delta,
    Orders orders,
    Conversion conversion,
    boolean expected,
    Optional<ReleaseParameters> release,
    NoiseKind noise,
    int teachers) {

  public AnalysisRequest {
    Objects.requireNonNull(mechanism, "mechanism");
    Objects.requireNonNull(orders, "orders");
    Objects.requireNonNull(conversion, "conversion");
    Objects.requireNonNull(release, "release");
    Objects.requireNonNull(noise, "noise");
    DpPreconditions.checkDelta(delta, "delta");
    if (teachers < 0) {
      throw new IllegalArgumentException("teachers: " + teachers + " is not >= 0 (0: from votes)");
    }
    if (release.isPresent() && mechanism instanceof Mechanism.Lnmax) {
      throw new IllegalArgumentException("release: the PATE 2018 smooth-sensitivity"
          + " analysis covers gnmax and confident-gnmax, not lnmax");
    }
  }

  /** Whether the data-dependent epsilon is released (and only released values are reported). */
  public boolean smoothSensitivity() {
    return release.isPresent();
  }

  /**
   * What a release of this request publishes, for these teachers and classes: the mechanism, its
   * noise parameters and kind, and the accounting (for Confident-GNMax, {@link #expected} or
   * actual).
   *
   * @throws IllegalArgumentException for LNMax, which has no smooth-sensitivity analysis
   */
  public ReleaseTarget releaseTarget(int teachers, int classes) {
    if (mechanism instanceof Mechanism.ConfidentGnmax c) {
      return ReleaseTarget.confidentGnmax(
          teachers, classes, c.threshold(), c.sigma1(), c.sigma2(), expected).withNoise(noise);
    }
    if (mechanism instanceof Mechanism.Gnmax g) {
      return ReleaseTarget.gnmax(teachers, classes, g.sigma()).withNoise(noise);
    }
    throw new IllegalArgumentException("mechanism: " + mechanism.id()
        + " has no smooth-sensitivity release (gnmax and confident-gnmax have)");
  }

  /**
   * Defaults: delta 1e-5, {@link Orders#defaults()}, the improved conversion, actual accounting,
   * no release, continuous noise as in the papers, teachers from the votes.
   */
  public static AnalysisRequest of(Mechanism mechanism) {
    return new AnalysisRequest(mechanism, 1e-5, Orders.defaults(), Conversion.IMPROVED, false,
        Optional.empty(), NoiseKind.CONTINUOUS, 0);
  }

  public AnalysisRequest withDelta(double delta) {
    return new AnalysisRequest(mechanism, delta, orders, conversion, expected, release, noise,
        teachers);
  }

  public AnalysisRequest withOrders(Orders orders) {
    return new AnalysisRequest(mechanism, delta, orders, conversion, expected, release, noise,
        teachers);
  }

  public AnalysisRequest withConversion(Conversion conversion) {
    return new AnalysisRequest(mechanism, delta, orders, conversion, expected, release, noise,
        teachers);
  }

  public AnalysisRequest withExpected(boolean expected) {
    return new AnalysisRequest(mechanism, delta, orders, conversion, expected, release, noise,
        teachers);
  }

  /** With a smooth-sensitivity release with these (data-independent) parameters. */
  public AnalysisRequest withRelease(ReleaseParameters parameters) {
    return new AnalysisRequest(mechanism, delta, orders, conversion, expected,
        Optional.of(Objects.requireNonNull(parameters, "parameters")), noise, teachers);
  }

  public AnalysisRequest withNoise(NoiseKind noise) {
    return new AnalysisRequest(mechanism, delta, orders, conversion, expected, release, noise,
        teachers);
  }

  public AnalysisRequest withTeachers(int teachers) {
    return new AnalysisRequest(mechanism, delta, orders, conversion, expected, release, noise,
        teachers);
  }
}
