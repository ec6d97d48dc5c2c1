package dev.pate.aggregator.analysis;

import dev.pate.aggregator.accounting.NoiseKind;
import dev.pate.aggregator.accounting.QueryAccounting;
import dev.pate.aggregator.gnmax.ConfidentGnmaxAccounting;
import dev.pate.aggregator.release.GaussianSampler;
import dev.pate.aggregator.gnmax.GnmaxAccounting;
import dev.pate.aggregator.release.ReleaseParameters;
import dev.pate.aggregator.release.ReleaseTarget;
import dev.pate.aggregator.release.SmoothSensitivityRelease;
import dev.pate.aggregator.mechanism.Mechanism;
import dev.pate.aggregator.rdp.EpsilonBound;
import dev.pate.aggregator.rdp.RdpLedger;
import dev.pate.aggregator.votes.VoteMatrix;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.stream.IntStream;

/**
 * The privacy analysis of a vote matrix (the engine behind {@code pate analyze}): the data-dependent
 * and data-independent epsilon of answering every query with LNMax, GNMax or Confident-GNMax, and
 * optionally the smooth-sensitivity release of the data-dependent epsilon. With a release, the
 * result still holds the private figures, but reports only the published ones ({@link
 * AnalysisResult#toMap()}).
 *
 * <p>Accounting. GNMax and LNMax answer every query. For Confident-GNMax the actual data-dependent
 * accounting charges the threshold check for every query and GNMax for the answered ones; a vote
 * file does not record the noise drawn, so a query counts as answered when its max count reaches
 * the threshold (the noiseless outcome of the check). The expected accounting ({@link
 * AnalysisRequest#expected()}) charges {@code Pr[answered]} times the GNMax cost instead, the
 * expectation over the threshold noise that the PATE 2018 tables report.
 *
 * <p>The data-independent epsilon is always every query at its worst case ({@link
 * QueryAccounting#dataIndependentRdp()}: for Confident-GNMax both steps, as if answered), the only
 * one of these figures that holds whatever the votes. The expected accounting also gives the
 * paper's own "data-independent" figure (both steps' data-independent costs, GNMax weighted by the
 * answer probability), which depends on the votes and is reported apart, for comparison.
 *
 * <p>Speed: costs are computed once per distinct vote profile ({@link QueryProfiles}), in fixed
 * chunks that run in parallel and are summed in a fixed order, so results do not depend on the
 * number of cores.
 */
public final class VoteAnalysis {
  private static final int CHUNK = 256;

  private final GaussianSampler releaseNoise;

  /** Without a noise source: requests with smooth sensitivity are refused. */
  public VoteAnalysis() {
    this.releaseNoise = null;
  }

  /** With the noise source for smooth-sensitivity releases. */
  public VoteAnalysis(GaussianSampler releaseNoise) {
    this.releaseNoise = Objects.requireNonNull(releaseNoise, "releaseNoise");
  }

  public AnalysisResult analyze(VoteMatrix votes, AnalysisRequest request) {
    Objects.requireNonNull(votes, "votes");
    Objects.requireNonNull(request, "request");
    if (request.smoothSensitivity() && releaseNoise == null) {
      throw new IllegalStateException("smoothSensitivity: this VoteAnalysis has no GaussianSampler"
          + " for the release noise (construct it with one)");
    }
    long start = System.nanoTime();
    QueryProfiles profiles = QueryProfiles.of(votes);
    ProfileCost cost = costModel(request);
    Sums sums = sum(profiles, cost, request.orders().size());

    EpsilonBound epsilon = epsilon(sums.dataDependent, request);
    EpsilonBound independent = epsilon(sums.dataIndependent, request);
    Optional<EpsilonBound> paperIndependent = request.expected()
        && request.mechanism() instanceof Mechanism.ConfidentGnmax
        ? Optional.of(epsilon(sums.expectedDataIndependent, request)) : Optional.empty();
    Optional<SmoothSensitivityOutcome> smooth = request.smoothSensitivity()
        ? Optional.of(smoothSensitivity(votes, profiles, request, independent))
        : Optional.empty();
    double seconds = (System.nanoTime() - start) / 1e9;
    return new AnalysisResult(request.mechanism().id(), request.noise(), request.conversion(),
        request.orders().size(), epsilon, independent, paperIndependent, votes.queries(),
        request.expected(), sums.answered, smooth, seconds);
  }

  private static EpsilonBound epsilon(double[] rdp, AnalysisRequest request) {
    RdpLedger ledger = new RdpLedger(request.orders());
    ledger.add(rdp);
    return ledger.epsilon(request.delta(), request.conversion());
  }

  /** Running totals over queries. */
  private static final class Sums {
    final double[] dataDependent;
    final double[] dataIndependent;
    /** Confident-GNMax, expected accounting: the paper's vote-weighted "data-independent" sum. */
    final double[] expectedDataIndependent;
    double answered;

    Sums(int orders) {
      dataDependent = new double[orders];
      dataIndependent = new double[orders];
      expectedDataIndependent = new double[orders];
    }

    void add(Sums other) {
      addScaled(dataDependent, other.dataDependent, 1);
      addScaled(dataIndependent, other.dataIndependent, 1);
      addScaled(expectedDataIndependent, other.expectedDataIndependent, 1);
      answered += other.answered;
    }
  }

  private static void addScaled(double[] total, double[] values, double scale) {
    for (int i = 0; i < total.length; i++) {
      total[i] += scale * values[i];
    }
  }

  /** Adds {@code multiplicity} queries with these (sorted) counts to the sums. */
  @FunctionalInterface
  private interface ProfileCost {
    void add(double[] counts, long multiplicity, Sums sums);
  }

  private static ProfileCost costModel(AnalysisRequest request) {
    Mechanism mechanism = request.mechanism();
    if (mechanism instanceof Mechanism.ConfidentGnmax c) {
      ConfidentGnmaxAccounting accounting = c.accounting(request.orders(), request.noise());
      return request.expected() ? expectedConfident(accounting) : actualConfident(accounting);
    }
    if (mechanism instanceof Mechanism.Gnmax g) {
      GnmaxAccounting accounting = g.accounting(request.orders(), request.noise());
      double[] independent = accounting.dataIndependentRdp();
      return (counts, n, sums) -> {
        accounting.addDataDependentRdp(counts, n, sums.dataDependent);
        addScaled(sums.dataIndependent, independent, n);
        sums.answered += n;
      };
    }
    QueryAccounting accounting = mechanism.accounting(request.orders(), request.noise());
    double[] independent = accounting.dataIndependentRdp();
    return (counts, n, sums) -> {
      addScaled(sums.dataDependent, accounting.dataDependentRdp(counts, true), n);
      addScaled(sums.dataIndependent, independent, n);
      sums.answered += n;
    };
  }

  private static ProfileCost actualConfident(ConfidentGnmaxAccounting accounting) {
    double[] independent = accounting.dataIndependentRdp();
    return (counts, n, sums) -> {
      boolean answered = accounting.answersWithoutNoise(counts);
      addScaled(sums.dataDependent, accounting.dataDependentRdp(counts, answered), n);
      addScaled(sums.dataIndependent, independent, n);
      sums.answered += answered ? n : 0;
    };
  }

  private static ProfileCost expectedConfident(ConfidentGnmaxAccounting accounting) {
    double[] independent = accounting.dataIndependentRdp();
    return (counts, n, sums) -> {
      addScaled(sums.dataDependent, accounting.expectedRdp(counts), n);
      addScaled(sums.dataIndependent, independent, n);
      addScaled(sums.expectedDataIndependent, accounting.expectedDataIndependentRdp(counts), n);
      sums.answered += n * Math.exp(accounting.logPrAnswered(counts));
    };
  }

  /** Chunks of profiles in parallel, then their sums in chunk order (deterministic). */
  private static Sums sum(QueryProfiles profiles, ProfileCost cost, int orders) {
    List<QueryProfiles.Profile> list = profiles.list();
    int chunks = (list.size() + CHUNK - 1) / CHUNK;
    List<Sums> parts = IntStream.range(0, chunks).parallel().mapToObj(c -> {
      Sums part = new Sums(orders);
      for (int i = c * CHUNK; i < Math.min(list.size(), (c + 1) * CHUNK); i++) {
        QueryProfiles.Profile p = list.get(i);
        cost.add(p.counts(), p.multiplicity(), part);
      }
      return part;
    }).toList();
    Sums total = new Sums(orders);
    parts.forEach(total::add);
    return total;
  }

  /**
   * The smooth-sensitivity release with the request's fixed parameters ({@code
   * smooth_sensitivity_table.py} main, with the order, beta and sigma_ss given instead of
   * optimised on the votes): {@code _is_data_ind_step1/2} and {@code _check_conditions} decide
   * whether anything can be released at the order, then every query's RDP and local-sensitivity
   * bounds are summed and the noisy RDP is drawn on the fixed grid.
   */
  private SmoothSensitivityOutcome smoothSensitivity(VoteMatrix votes, QueryProfiles profiles,
      AnalysisRequest request, EpsilonBound independent) {
    ReleaseParameters parameters = request.release().orElseThrow();
    if (!votes.integral()) {
      throw new IllegalArgumentException("votes: the smooth-sensitivity release counts teachers;"
          + " the vote counts must be whole numbers");
    }
    ReleaseTarget target =
        request.releaseTarget(teachers(votes, request.teachers()), votes.classes());
    double order = parameters.order();
    SmoothSensitivityRelease release = new SmoothSensitivityRelease(target, order);
    if (release.allDataIndependent()) {
      return notReleased(SmoothSensitivityOutcome.Status.DATA_INDEPENDENT, target, parameters,
          independent, "nothing is data-dependent at order " + order
              + ": publish the data-independent epsilon");
    }
    if (!release.conditions().hold()) {
      return notReleased(SmoothSensitivityOutcome.Status.CONDITIONS_FAIL, target, parameters,
          independent, (target.noise() == NoiseKind.CONTINUOUS ? "conditions C5/C6 fail"
              : "the discrete bounds' condition (g non-decreasing in q) fails") + " at order "
              + order + ": only the data-independent epsilon may be published");
    }
    for (QueryProfiles.Profile p : profiles.list()) {
      release.add(p.counts(), p.multiplicity());
    }
    SmoothSensitivityRelease.Release r =
        release.release(parameters, request.delta(), request.conversion(), releaseNoise);
    return new SmoothSensitivityOutcome(SmoothSensitivityOutcome.Status.RELEASED, target,
        parameters, r.rdpReleased(), r.epsilonReleased(),
        "a private estimate of the data-dependent epsilon including the release cost");
  }

  private static SmoothSensitivityOutcome notReleased(SmoothSensitivityOutcome.Status status,
      ReleaseTarget target, ReleaseParameters parameters, EpsilonBound independent,
      String explanation) {
    return new SmoothSensitivityOutcome(
        status, target, parameters, Double.NaN, independent.epsilon(), explanation);
  }

  /** The requested number of teachers, or the largest row sum (rounded up). */
  private static int teachers(VoteMatrix votes, int requested) {
    double maxRowSum = votes.maxRowSum();
    if (requested > 0) {
      if (requested < maxRowSum) {
        throw new IllegalArgumentException("teachers: " + requested
            + " is less than the largest row sum of the votes, " + maxRowSum);
      }
      return requested;
    }
    double teachers = Math.ceil(maxRowSum);
    if (!(teachers >= 1) || teachers > 10_000_000) {
      throw new IllegalArgumentException("teachers: the largest row sum " + maxRowSum
          + " does not give a number of teachers in [1, 10^7]; pass teachers explicitly");
    }
    return (int) teachers;
  }
}
