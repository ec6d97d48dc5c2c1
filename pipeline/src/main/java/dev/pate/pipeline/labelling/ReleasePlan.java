package dev.pate.pipeline.labelling;

import dev.pate.aggregator.accounting.Budget;
import dev.pate.aggregator.accounting.QueryAccounting;
import dev.pate.aggregator.release.ReleaseParameters;
import dev.pate.aggregator.release.ReleaseTarget;
import dev.pate.aggregator.release.RunRelease;
import dev.pate.aggregator.mechanism.Mechanism;
import dev.pate.aggregator.planning.ReleasePlanner;
import dev.pate.aggregator.planning.VoteProfile;
import dev.pate.aggregator.rdp.Conversion;
import dev.pate.aggregator.rdp.Orders;
import dev.pate.aggregator.rdp.RdpConversions;
import dev.pate.config.AggregatorConfig;
import dev.pate.config.DataDependentRelease;
import dev.pate.config.NoiseMode;
import dev.pate.config.PrivacyConfig;
import dev.pate.config.RunConfig;
import dev.pate.files.UserError;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * The smooth-sensitivity release a run will make of its data-dependent epsilon ({@code
 * privacy.release: smooth-sensitivity}), decided from the config alone, before any data is read:
 * its parameters (given, or planned from a stated teacher accuracy on modelled votes), and its
 * cost at every order, which the run's accountant reserves from the start so that the guarantee
 * and the budget include it. A release the parameters make impossible is refused here, before
 * anything expensive starts.
 *
 * @param parameters the release's order, beta and sigma_ss
 * @param reserve the release's own RDP at each of the run's orders (its exact cost, {@code
 *     GnssCost.releaseRdp}), {@code +inf} at the orders {@code >= 1/(1 - e^{-2 beta})}, where it
 *     has no bound
 * @param basis how the parameters were chosen, in words
 * @param classes the data's number of classes, which the plan was checked for and the release
 *     is made for
 */
public record ReleasePlan(ReleaseParameters parameters, double[] reserve, String basis,
    int classes) {

  public ReleasePlan {
    Objects.requireNonNull(parameters, "parameters");
    reserve = reserve.clone();
    Objects.requireNonNull(basis, "basis");
  }

  @Override
  public double[] reserve() {
    return reserve.clone();
  }

  /**
   * The release {@code config} asks for, with the noise of {@code aggregator} (the config's or
   * planned), or empty when it asks for none.
   *
   * @param classes the data's number of classes (its schema, not a statistic of private data)
   * @throws UserError if the release cannot be made (LNMax, parameters out of range, nothing
   *     data-dependent at the order, the bounds' conditions fail, or it alone exceeds the budget)
   */
  public static Optional<ReleasePlan> of(RunConfig config, AggregatorConfig aggregator,
      int classes) {
    PrivacyConfig p = config.privacy();
    if (p.release() == DataDependentRelease.NONE) {
      return Optional.empty();
    }
    if (aggregator.mechanism() == Mechanism.Kind.LNMAX) {
      throw new UserError("privacy.release: smooth-sensitivity covers gnmax and confident-gnmax"
          + " (PATE 2018 Sec. 4.2), not aggregator.mechanism lnmax");
    }
    QueryAccounting accounting = Mechanisms.of(aggregator, p).accounting();
    int teachers = config.teachers().count();
    String basis;
    ReleaseParameters parameters;
    try {
      if (p.releasePlan() == NoiseMode.FIXED) {
        parameters = new ReleaseParameters(p.releaseOrder().orElseThrow(),
            p.releaseBeta().orElseThrow(), p.releaseSigma().orElseThrow());
        basis = "fixed in the config (privacy.release_order, release_beta, release_sigma)";
      } else {
        double accuracy = p.releaseTeacherAccuracy().orElseThrow();
        parameters = PLANNED.plan(new PlanInputs(accuracy, ReleaseTarget.forRun(accounting,
            teachers, classes), aggregator.queries(), p.delta(), accounting.orders(),
            Mechanisms.conversion(p)));
        basis = String.format(Locale.ROOT, "planned a priori with the release's exact cost, on"
            + " votes modelled from privacy.release_teacher_accuracy %s (a stated expectation,"
            + " never measured on private data)", accuracy);
      }
    } catch (IllegalArgumentException e) {
      throw new UserError("privacy.release: " + e.getMessage(), e);
    }
    Optional<String> refusal =
        new RunRelease(accounting, teachers, classes, parameters).refusal();
    if (refusal.isPresent()) {
      throw new UserError("privacy." + refusal.get() + " (order " + parameters.order()
          + "; choose other release parameters, or privacy.release: none)");
    }
    double[] reserve = reserve(parameters, accounting.orders());
    Mechanisms.budget(p).ifPresent(b -> requireWithin(b, reserve));
    return Optional.of(new ReleasePlan(parameters, reserve, basis, classes));
  }

  /** Everything a planned release depends on: equal inputs plan equal parameters. */
  private record PlanInputs(double teacherAccuracy, ReleaseTarget target, int queries,
      double delta, Orders orders, Conversion conversion) {
    ReleaseParameters plan() {
      VoteProfile profile = VoteProfile.fromTeacherAccuracy(teacherAccuracy, target.teachers(),
          target.classes());
      return ReleasePlanner.plan(profile, target, queries, delta, orders, conversion);
    }
  }

  /**
   * Plans already made in this JVM, by their inputs. Planning over 1000 teachers takes about a
   * minute, and the same plan is asked for again and again: by a study's dry run and preflight
   * for every seed of a setting, and by each run's preflight and then its start. The planner is
   * a pure function of its inputs, so a remembered plan is the plan. A refusal is not remembered
   * (it stops the run or the study anyway). Bounded: a cache, not a store.
   */
  private static final class Planned {
    private static final int MAX_PLANS = 64;
    private final Map<PlanInputs, ReleaseParameters> plans = new HashMap<>();

    synchronized ReleaseParameters plan(PlanInputs inputs) {
      ReleaseParameters known = plans.get(inputs);
      if (known != null) {
        return known;
      }
      ReleaseParameters planned = inputs.plan();
      if (plans.size() >= MAX_PLANS) {
        plans.clear();
      }
      plans.put(inputs, planned);
      return planned;
    }
  }

  private static final Planned PLANNED = new Planned();

  /** The release's own RDP at each order ({@code +inf} where it has no bound). */
  static double[] reserve(ReleaseParameters r, Orders orders) {
    double[] cost = new double[orders.size()];
    for (int i = 0; i < cost.length; i++) {
      cost[i] = r.releaseRdpAt(orders.get(i));
    }
    return cost;
  }

  private static void requireWithin(Budget b, double[] reserve) {
    double epsilon = RdpConversions.epsilon(b.orders(), reserve, b.delta(), b.conversion())
        .epsilon();
    if (epsilon > b.epsilon()) {
      throw new UserError(String.format(Locale.ROOT, "privacy.budget.epsilon: %s cannot pay for"
          + " the release alone (epsilon %.4f at delta %s); raise it, or privacy.release: none",
          b.epsilon(), epsilon, b.delta()));
    }
  }

  /** The parameters as report.json and release.json give them. */
  public Map<String, Object> describe() {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("order", parameters.order());
    m.put("beta", parameters.beta());
    m.put("sigma_ss", parameters.sigmaSs());
    m.put("parameters_chosen", basis);
    return m;
  }
}
