package dev.pate.aggregator.release;

import dev.pate.aggregator.accounting.QueryAccounting;
import dev.pate.aggregator.rdp.Conversion;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;

/**
 * The smooth-sensitivity release of a run's data-dependent RDP (PATE 2018 Sec. 4.2, GNSS, at its
 * exact cost {@link GnssCost#releaseRdp}): what {@code privacy.release: smooth-sensitivity}
 * publishes instead of the private data-dependent epsilon.
 *
 * <p>Use: construct from the run's {@link QueryAccounting} ({@link
 * dev.pate.aggregator.gnmax.GnmaxAccounting} or {@link
 * dev.pate.aggregator.gnmax.ConfidentGnmaxAccounting}, normally with discrete noise), the number of teachers and classes, and {@link ReleaseParameters} fixed before
 * the run (by hand or {@code dev.pate.aggregator.planning.ReleasePlanner}); check {@link
 * #refusal()} before the first query; {@link #add} each query's counts and whether it was
 * answered, as they are charged to the accountant; then {@link #release} once, at the end.
 *
 * <p><b>What is released.</b> At the release order, exactly the sum the run's accountant holds
 * ({@code PrivacyAccountant.dataDependentRdp()} at that order): GNMax's data-dependent RDP, or
 * Confident-GNMax's over the run's transcript, {@code sum_q F_q + a_q G_q} with the answers
 * {@code a_q} as released (see {@link ReleaseTarget.Accounting#CONFIDENT_TRANSCRIPT} for why the
 * answers may be held fixed). Its smooth sensitivity uses the bounds proved for the accountant's
 * noise ({@link DiscreteGnmaxSensitivity} for discrete noise).
 *
 * <p><b>What is private.</b> Everything this object accumulates; it has no accessor for any of it.
 * {@link #release} returns only published values; {@link #refusal()}, {@link #target()} and
 * {@link #parameters()} depend on public parameters alone.
 *
 * <p>Not thread-safe; one instance per run.
 */
public final class RunRelease {
  private final ReleaseParameters parameters;
  private final SmoothSensitivityRelease release;
  private final Optional<String> refusal;
  private long queries;
  private boolean released;

  /**
   * @throws IllegalArgumentException for an accounting without a smooth-sensitivity release
   *     (LNMax), or teachers/classes out of range
   */
  public RunRelease(QueryAccounting accounting, int teachers, int classes,
      ReleaseParameters parameters) {
    Objects.requireNonNull(accounting, "accounting");
    this.parameters = Objects.requireNonNull(parameters, "parameters");
    this.release = new SmoothSensitivityRelease(
        ReleaseTarget.forRun(accounting, teachers, classes), parameters.order());
    this.refusal = refusalOf(release);
  }

  private static Optional<String> refusalOf(SmoothSensitivityRelease r) {
    if (r.allDataIndependent()) {
      return Optional.of("release: nothing is data-dependent at order " + r.order()
          + "; publish the data-independent epsilon");
    }
    if (!r.conditions().hold()) {
      return Optional.of("release: the local-sensitivity bounds' conditions fail at order "
          + r.order() + " (" + r.target().noise().name().toLowerCase(Locale.ROOT)
          + " noise); only the data-independent epsilon may be published");
    }
    return Optional.empty();
  }

  /** What is released: mechanism, noise parameters and kind, teachers, classes. Public. */
  public ReleaseTarget target() {
    return release.target();
  }

  /** The fixed order, beta and sigma_ss. Public. */
  public ReleaseParameters parameters() {
    return parameters;
  }

  /**
   * Why no release can be made with these parameters (empty when one can): every step is charged
   * data-independently at the order, or the bounds' conditions fail. A function of the public
   * parameters only; then publish the data-independent epsilon.
   */
  public Optional<String> refusal() {
    return refusal;
  }

  /** Queries added so far (public: a run's query count is). */
  public long queries() {
    return queries;
  }

  /**
   * Adds one query, as the accountant charges it: its vote counts (whole numbers, at most the
   * number of teachers in all) and whether it was answered (GNMax answers every query and ignores
   * it, as its accountant does).
   *
   * @throws IllegalStateException if {@link #refusal()} is present or the release was drawn
   */
  public void add(double[] counts, boolean answered) {
    requireOpen();
    release.add(counts, answered);
    queries++;
  }

  /**
   * Draws the release, once: the published values only.
   *
   * @param delta the delta of the released epsilon, in (0, 1)
   * @param conversion how the released RDP becomes epsilon
   * @param noise the release's noise ({@link GaussianSampler#secure()} for anything published)
   * @throws IllegalStateException if {@link #refusal()} is present or the release was drawn
   *     already (a second draw would let the noise be averaged away)
   */
  public SmoothSensitivityRelease.Release release(double delta, Conversion conversion,
      GaussianSampler noise) {
    requireOpen();
    SmoothSensitivityRelease.Release r = release.release(parameters, delta, conversion, noise);
    released = true;
    return r;
  }

  private void requireOpen() {
    refusal.ifPresent(reason -> {
      throw new IllegalStateException(reason);
    });
    if (released) {
      throw new IllegalStateException("release: already drawn; a run is released once");
    }
  }
}
