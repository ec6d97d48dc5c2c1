package dev.pate.aggregator.planning;

import dev.pate.aggregator.gnmax.ReleaseParameters;
import dev.pate.aggregator.gnmax.ReleaseTarget;
import dev.pate.aggregator.gnmax.SmoothSensitivityRelease;
import dev.pate.aggregator.rdp.Conversion;
import dev.pate.aggregator.rdp.Orders;
import dev.pate.aggregator.rdp.RdpConversions;
import java.util.Objects;

/**
 * Chooses the parameters of a smooth-sensitivity release (order, beta, sigma_ss) before the
 * private votes are seen, by running the PATE 2018 script's optimisation on modelled votes.
 *
 * <p>The official {@code smooth_sensitivity_table.py} takes the order that minimises the
 * data-dependent epsilon of the votes and (beta, sigma_ss) from {@code
 * _find_optimal_smooth_sensitivity_parameters} on their smooth sensitivity: parameters that are
 * functions of the private votes, which a release must not use. Here the same optimisation runs
 * on a {@link VoteProfile} stated in advance, typically {@link VoteProfile#fromTeacherAccuracy}:
 * the result depends only on the profile (teacher accuracy, teachers, classes), the {@link
 * ReleaseTarget} (mechanism, noise, accounting), the number of queries, delta, the orders and the
 * conversion. If the real votes differ from the model, the release stays private; it is only
 * noisier or costlier than it could have been.
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
   * The order among {@code orders} at which a release is possible (see {@link
   * SmoothSensitivityRelease#possible()}) with the smallest expected data-dependent epsilon of
   * {@code queries} queries distributed as the profile's rows (each query's RDP averaged over the
   * rows, in the target's own accounting), then the paper's (beta, sigma_ss) for the expected
   * RDP and the expected per-query local-sensitivity bounds at that order.
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
    if (queries < 1) {
      throw new IllegalArgumentException("queries: " + queries + " is not >= 1");
    }
    SmoothSensitivityRelease best = null;
    double bestEpsilon = Double.POSITIVE_INFINITY;
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
      if (epsilon < bestEpsilon) { // strict: the first minimiser wins, as for every epsilon
        bestEpsilon = epsilon;
        best = release;
      }
    }
    if (best == null) {
      throw new IllegalArgumentException("orders: at none of the " + orders.size() + " orders can"
          + " the data-dependent RDP be released (" + target.accounting().id() + ", sigma2 "
          + target.sigma2() + "): everything is data-independent or conditions C5/C6 fail;"
          + " publish the data-independent epsilon");
    }
    for (VoteProfile.Row row : profile.rows()) {
      best.addModelled(row.counts(), queries * row.weight());
    }
    double order = best.order();
    return best.paperParameters().orElseThrow(() -> new IllegalArgumentException("profile: the"
        + " modelled votes have smooth sensitivity 0 at order " + order
        + "; there is nothing to plan a release for"));
  }
}
