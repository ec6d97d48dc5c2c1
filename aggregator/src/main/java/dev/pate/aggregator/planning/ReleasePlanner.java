package dev.pate.aggregator.planning;

import dev.pate.aggregator.release.ReleaseParameters;
import dev.pate.aggregator.release.ReleaseTarget;
import dev.pate.aggregator.release.SmoothSensitivityRelease;
import dev.pate.aggregator.rdp.Conversion;
import dev.pate.aggregator.rdp.Orders;
import dev.pate.aggregator.rdp.RdpConversions;
import dev.pate.files.DpPreconditions;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * Chooses the parameters of a smooth-sensitivity release (order, beta, sigma_ss) before the
 * private votes are seen, by optimising the release on modelled votes.
 *
 * <p>The official {@code smooth_sensitivity_table.py} takes the order that minimises the
 * data-dependent epsilon of the votes and (beta, sigma_ss) from {@code
 * _find_optimal_smooth_sensitivity_parameters} on their smooth sensitivity: parameters that are
 * functions of the private votes, which a release must not use, and a cost formula (Theorem 23)
 * that under-states the release's cost in the range it searches. Here the optimisation runs on a
 * {@link VoteProfile} stated in advance, typically {@link VoteProfile#fromTeacherAccuracy}, with
 * the exact cost ({@link dev.pate.aggregator.release.GnssCost}): the result depends only on the
 * profile (teacher accuracy, teachers, classes), the {@link ReleaseTarget} (mechanism, noise,
 * accounting), the number of queries, delta, the orders and the conversion. If the real votes
 * differ from the model, the release stays private; it is only noisier or costlier than it could
 * have been.
 *
 * <p>Every target is planned in its own accounting and noise ({@link ReleaseTarget#noise()}), so
 * a run's discrete noise is planned with the discrete bounds. For a run's transcript ({@link
 * ReleaseTarget.Accounting#CONFIDENT_TRANSCRIPT}) the answers are not known in advance; each
 * modelled query's answer {@code a_q} is replaced by its answer probability, the expectation over
 * the threshold's noise ({@link SmoothSensitivityRelease#addModelled}). The RDP and the
 * local-sensitivity bounds are linear in {@code a_q}, so this plans on the expected sums of the
 * transcript (the smooth sensitivity of the expected sums, not the expected smooth sensitivity:
 * a model, like the profile itself).
 */
public final class ReleasePlanner {
  private ReleasePlanner() {}

  /**
   * The release whose expected published epsilon, for {@code queries} queries distributed as the
   * profile's rows, is smallest: the epsilon at the release's order of the modelled
   * data-dependent RDP plus the release's cost plus two standard deviations of its noise, with
   * (beta, sigma_ss) from {@link SmoothSensitivityRelease#optimalParameters()} at each order.
   *
   * <p>The orders are searched, not all tried (each costs the local-sensitivity bounds of every
   * modelled row): among the orders where a release is possible ({@link
   * SmoothSensitivityRelease#possible()}), start at the one with the smallest modelled
   * data-dependent epsilon, then step to the neighbouring order while that lowers the criterion.
   * The result is a local minimum over the orders. Any choice made so is private (it never sees
   * the votes); a better one would only publish a smaller figure.
   *
   * @throws IllegalArgumentException if the profile does not fit the target, or no order allows
   *     a release (everything data-independent, or C5/C6 failing, everywhere)
   */
  public static ReleaseParameters plan(VoteProfile profile, ReleaseTarget target, int queries,
      double delta, Orders orders, Conversion conversion) {
    Objects.requireNonNull(profile, "profile");
    Objects.requireNonNull(target, "target");
    Objects.requireNonNull(orders, "orders");
    Objects.requireNonNull(conversion, "conversion");
    if (profile.classes() != target.classes()) {
      throw new IllegalArgumentException("profile: " + profile.classes() + " classes, the target "
          + target.classes());
    }
    if (profile.maxRowSum() > target.teachers()) {
      throw new IllegalArgumentException("profile: rows of " + profile.maxRowSum()
          + " votes, more than the target's " + target.teachers() + " teachers");
    }
    DpPreconditions.checkAtLeast(queries, 1, "queries");
    // The releases at the possible orders, kept: their C5/C6 checks are not cheap.
    List<SmoothSensitivityRelease> possible = new ArrayList<>();
    int start = -1;
    double bestDataDependent = Double.POSITIVE_INFINITY;
    for (int i = 0; i < orders.size(); i++) {
      SmoothSensitivityRelease release = new SmoothSensitivityRelease(target, orders.get(i));
      if (!release.possible()) {
        continue;
      }
      double rdp = 0;
      for (VoteProfile.Row row : profile.rows()) {
        rdp += queries * row.weight() * release.modelledQueryRdp(row.counts());
      }
      double epsilon = RdpConversions.epsilonAtOrder(release.order(), rdp, delta, conversion);
      if (epsilon < bestDataDependent) { // strict: the first minimiser wins
        bestDataDependent = epsilon;
        start = possible.size();
      }
      possible.add(release);
    }
    if (possible.isEmpty()) {
      throw new IllegalArgumentException("orders: at none of the " + orders.size() + " orders can"
          + " the data-dependent RDP be released (" + target.accounting().id() + ", sigma2 "
          + target.sigma2() + "): everything is data-independent or conditions C5/C6 fail;"
          + " publish the data-independent epsilon");
    }
    Candidates candidates = new Candidates(profile, queries, delta, conversion, possible);
    int at = start;
    while (true) {
      int next = at;
      for (int neighbour : new int[] {at - 1, at + 1}) {
        if (candidates.epsilon(neighbour) < candidates.epsilon(next)) {
          next = neighbour;
        }
      }
      if (next == at) {
        break;
      }
      at = next;
    }
    double order = possible.get(at).order();
    return candidates.choice(at).map(SmoothSensitivityRelease.ParameterChoice::parameters)
        .orElseThrow(() -> new IllegalArgumentException("profile: the modelled votes have smooth"
            + " sensitivity 0 at order " + order + "; there is nothing to plan a release for"));
  }

  /**
   * The best release at each possible order, computed once when first asked for: the modelled
   * rows are added to that order's release then.
   */
  private static final class Candidates {
    private final VoteProfile profile;
    private final int queries;
    private final double delta;
    private final Conversion conversion;
    private final List<SmoothSensitivityRelease> releases;
    private final Map<Integer, Optional<SmoothSensitivityRelease.ParameterChoice>> choices =
        new HashMap<>();

    Candidates(VoteProfile profile, int queries, double delta, Conversion conversion,
        List<SmoothSensitivityRelease> releases) {
      this.profile = profile;
      this.queries = queries;
      this.delta = delta;
      this.conversion = conversion;
      this.releases = releases;
    }

    Optional<SmoothSensitivityRelease.ParameterChoice> choice(int index) {
      return choices.computeIfAbsent(index, i -> {
        SmoothSensitivityRelease release = releases.get(i);
        for (VoteProfile.Row row : profile.rows()) {
          release.addModelled(row.counts(), queries * row.weight());
        }
        return release.optimalParameters();
      });
    }

    /** The expected published epsilon at the index-th possible order; +inf outside the list. */
    double epsilon(int index) {
      if (index < 0 || index >= releases.size()) {
        return Double.POSITIVE_INFINITY;
      }
      return choice(index).map(c -> RdpConversions.epsilonAtOrder(releases.get(index).order(),
          c.expectedUpperRdp(), delta, conversion)).orElse(Double.POSITIVE_INFINITY);
    }
  }
}
