package dev.pate.aggregator.planning;

import dev.pate.aggregator.accounting.Budget;
import dev.pate.aggregator.accounting.NoiseKind;
import dev.pate.files.DpPreconditions;
import dev.pate.aggregator.mechanism.Mechanism;
import java.util.Objects;
import java.util.Optional;

/**
 * What to plan. Start from {@link #pate} or {@link #subsampledGaussian} and change what differs
 * with the {@code with...} methods.
 *
 * @param mechanism the PATE mechanism to plan; empty for the Poisson-subsampled Gaussian of DP-SGD,
 *     planned only to compare budgets with DP-SGD (it is not a PATE aggregator, see {@link
 *     SubsampledGaussianPlan#ID})
 * @param budget the budget to meet
 * @param queries PATE: queries to answer (0 for the subsampled Gaussian)
 * @param teachers PATE: number of teachers (Confident-GNMax grid, profile check)
 * @param classes PATE: number of classes
 * @param noise PATE: the noise the accounting assumes for the expected data-dependent epsilon
 *     (runs draw {@link NoiseKind#DISCRETE}, the default); the data-independent bound is the same
 *     for both
 * @param grid Confident-GNMax candidates
 * @param profile expected vote profile for utility estimates, if any
 * @param samplingRate subsampled Gaussian: q in (0, 1] (0 for PATE)
 * @param steps subsampled Gaussian: number of steps T (0 for PATE)
 * @param dataSize subsampled Gaussian: data size N for the closed-form premise; 0 if unknown
 */
public record PlanRequest(
    Optional<Mechanism.Kind> mechanism,
    Budget budget,
    int queries,
    int teachers,
    int classes,
    NoiseKind noise,
    ConfidentGrid grid,
    Optional<VoteProfile> profile,
    double samplingRate,
    long steps,
    long dataSize) {

  public PlanRequest {
    Objects.requireNonNull(mechanism, "mechanism");
    Objects.requireNonNull(budget, "budget");
    Objects.requireNonNull(noise, "noise");
    Objects.requireNonNull(grid, "grid");
    Objects.requireNonNull(profile, "profile");
    if (mechanism.isEmpty()) {
      if (!(samplingRate > 0 && samplingRate <= 1)) {
        throw new IllegalArgumentException("samplingRate: " + samplingRate + " is not in (0, 1]");
      }
      DpPreconditions.checkAtLeast(steps, 1, "steps");
      if (dataSize < 0) {
        throw new IllegalArgumentException("dataSize: " + dataSize + " is not >= 0 (0: unknown)");
      }
      if (profile.isPresent()) {
        throw new IllegalArgumentException(
            "profile: vote profiles apply to PATE mechanisms, not subsampled-gaussian");
      }
    } else {
      DpPreconditions.checkAtLeast(queries, 1, "queries");
      DpPreconditions.checkAtLeast(teachers, 1, "teachers");
      DpPreconditions.checkAtLeast(classes, 2, "classes");
      if (profile.isPresent()) {
        VoteProfile p = profile.get();
        if (p.classes() != classes) {
          throw new IllegalArgumentException("profile: " + p.classes()
              + " classes per row, but classes is " + classes);
        }
        if (p.maxRowSum() > teachers) {
          throw new IllegalArgumentException("profile: a row has " + p.maxRowSum()
              + " votes, more than the " + teachers + " teachers");
        }
      }
    }
  }

  /**
   * LNMax, GNMax or Confident-GNMax: discrete noise, the default grid, no profile.
   */
  public static PlanRequest pate(Mechanism.Kind mechanism, Budget budget, int queries,
      int teachers, int classes) {
    return new PlanRequest(Optional.of(mechanism), budget, queries, teachers, classes, NoiseKind.DISCRETE,
        ConfidentGrid.defaults(), Optional.empty(), 0, 0, 0);
  }

  /** The Poisson-subsampled Gaussian with sampling rate q for {@code steps} steps; N unknown. */
  public static PlanRequest subsampledGaussian(Budget budget, double samplingRate, long steps) {
    return new PlanRequest(Optional.empty(), budget, 0, 0, 0, NoiseKind.DISCRETE,
        ConfidentGrid.defaults(), Optional.empty(), samplingRate, steps, 0);
  }

  /** Whether this plans DP-SGD's subsampled Gaussian rather than a PATE mechanism. */
  public boolean subsampledGaussian() {
    return mechanism.isEmpty();
  }

  /** {@link #mechanism()}'s id, or {@link SubsampledGaussianPlan#ID}. */
  public String mechanismId() {
    return mechanism.map(Mechanism.Kind::id).orElse(SubsampledGaussianPlan.ID);
  }

  public PlanRequest withNoise(NoiseKind noise) {
    return new PlanRequest(mechanism, budget, queries, teachers, classes, noise, grid, profile,
        samplingRate, steps, dataSize);
  }

  public PlanRequest withGrid(ConfidentGrid grid) {
    return new PlanRequest(mechanism, budget, queries, teachers, classes, noise, grid, profile,
        samplingRate, steps, dataSize);
  }

  public PlanRequest withProfile(VoteProfile profile) {
    return new PlanRequest(mechanism, budget, queries, teachers, classes, noise, grid,
        Optional.of(profile), samplingRate, steps, dataSize);
  }

  public PlanRequest withDataSize(long dataSize) {
    return new PlanRequest(mechanism, budget, queries, teachers, classes, noise, grid, profile,
        samplingRate, steps, dataSize);
  }
}
