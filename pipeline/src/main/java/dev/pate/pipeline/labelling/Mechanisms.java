package dev.pate.pipeline.labelling;

import dev.pate.aggregator.accounting.Budget;
import dev.pate.aggregator.accounting.NoiseKind;
import dev.pate.aggregator.accounting.PrivacyAccountant;
import dev.pate.aggregator.accounting.QueryAccounting;
import dev.pate.aggregator.mechanism.Aggregator;
import dev.pate.aggregator.mechanism.Mechanism;
import dev.pate.aggregator.rdp.Conversion;
import dev.pate.aggregator.rdp.Orders;
import dev.pate.config.AggregatorConfig;
import dev.pate.config.PrivacyConfig;
import dev.pate.config.RunConfig;
import dev.pate.ledger.GroupRunAccountant;
import dev.pate.ledger.RunAccountant;
import java.util.Optional;

/**
 * From the aggregator and privacy sections of a config to the noisy aggregator that answers
 * queries, the accounting of its answers and the accountant a run charges them to: both come from
 * the config's {@link Mechanism} ({@link AggregatorConfig#fixedMechanism()}). Runs always draw
 * discrete noise, so their accounting uses the bounds for discrete noise.
 *
 * @param mechanism the mechanism with its noise parameters, as the ledger header records it
 */
public record Mechanisms(Mechanism mechanism, Aggregator aggregator,
    QueryAccounting accounting) {

  public static Mechanisms of(AggregatorConfig a, PrivacyConfig p) {
    Mechanism mechanism = a.fixedMechanism();
    return new Mechanisms(mechanism, mechanism.aggregator(),
        mechanism.accounting(orders(p), NoiseKind.DISCRETE));
  }

  /**
   * The accountant of a run that asks at most {@code a.queries()} queries, guarding {@code
   * privacy.budget} if the config sets one.
   */
  PrivacyAccountant accountant(AggregatorConfig a, PrivacyConfig p) {
    return new PrivacyAccountant(accounting, budget(p), a.queries());
  }

  /**
   * As {@link #accountant(AggregatorConfig, PrivacyConfig)}, reserving the cost of the run's
   * release of its data-dependent epsilon, if it makes one.
   */
  PrivacyAccountant accountant(AggregatorConfig a, PrivacyConfig p, Optional<ReleasePlan> release) {
    return release.map(r -> new PrivacyAccountant(accounting, budget(p), a.queries(), r.reserve()))
        .orElseGet(() -> accountant(a, p));
  }

  /**
   * What a run of {@code config} charges its queries to: {@code accountant}, or with privacy
   * groups a Renyi filter per group ({@link RunGroups#accountant}).
   */
  RunAccountant charging(RunConfig config, AggregatorConfig a, PrivacyAccountant accountant) {
    return RunGroups.of(config).map(g -> g.accountant(mechanism, a.queries()))
        .orElseGet(() -> RunAccountant.of(accountant));
  }

  /**
   * The accountant whose figures a run states as its own: {@code accountant}, or with privacy
   * groups the weakest group's ({@link RunGroups#weakest}).
   */
  static PrivacyAccountant stated(RunAccountant charging, PrivacyAccountant accountant) {
    return charging instanceof GroupRunAccountant g ? RunGroups.weakest(g.groupAccountant())
        : accountant;
  }

  /** {@code privacy.budget} (its epsilon, with its own or the run's delta), if set. */
  public static Optional<Budget> budget(PrivacyConfig p) {
    return p.budget().epsilon().isPresent()
        ? Optional.of(new Budget(p.budget().epsilon().getAsDouble(), p.budgetDelta(),
            conversion(p), orders(p)))
        : Optional.empty();
  }

  /** {@code privacy.orders}, or the default orders. */
  public static Orders orders(PrivacyConfig p) {
    return p.orders()
        .map(list -> Orders.of(list.stream().mapToDouble(Double::doubleValue).toArray()))
        .orElseGet(Orders::defaults);
  }

  public static Conversion conversion(PrivacyConfig p) {
    return p.conversion();
  }
}
