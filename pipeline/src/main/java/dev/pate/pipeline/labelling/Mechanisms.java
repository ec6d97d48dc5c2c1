package dev.pate.pipeline.labelling;

import dev.pate.aggregator.accounting.Budget;
import dev.pate.aggregator.accounting.NoiseKind;
import dev.pate.aggregator.accounting.PrivacyAccountant;
import dev.pate.aggregator.accounting.QueryAccounting;
import dev.pate.aggregator.gnmax.ConfidentGnmaxAccounting;
import dev.pate.aggregator.gnmax.GnmaxAccounting;
import dev.pate.aggregator.lnmax.LnmaxAccounting;
import dev.pate.aggregator.mechanism.Aggregator;
import dev.pate.aggregator.mechanism.Aggregators;
import dev.pate.aggregator.rdp.Conversion;
import dev.pate.aggregator.rdp.Orders;
import dev.pate.config.AggregatorConfig;
import dev.pate.config.PrivacyConfig;
import java.util.Optional;

/**
 * From the aggregator and privacy sections of a config to the noisy aggregator that answers
 * queries, the accounting of its answers and the accountant a run charges them to. Runs always
 * draw discrete noise, so their accounting uses the bounds for discrete noise.
 */
public record Mechanisms(Aggregator aggregator, QueryAccounting accounting) {

  public static Mechanisms of(AggregatorConfig a, PrivacyConfig p) {
    Orders orders = orders(p);
    return switch (a.mechanism()) {
      case LNMAX -> {
        double gamma = a.gamma().orElseThrow();
        yield new Mechanisms(Aggregators.lnmax(gamma),
            new LnmaxAccounting(gamma, orders, NoiseKind.DISCRETE));
      }
      case GNMAX -> {
        double sigma = a.sigma().orElseThrow();
        yield new Mechanisms(Aggregators.gnmax(sigma),
            new GnmaxAccounting(sigma, orders, NoiseKind.DISCRETE));
      }
      case CONFIDENT_GNMAX -> {
        double t = a.threshold().orElseThrow();
        double s1 = a.sigma1().orElseThrow();
        double s2 = a.sigma2().orElseThrow();
        yield new Mechanisms(Aggregators.confidentGnmax(t, s1, s2),
            new ConfidentGnmaxAccounting(t, s1, s2, orders, NoiseKind.DISCRETE));
      }
    };
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

  /** {@code privacy.budget} (its epsilon, with its own or the run's delta), if set. */
  static Optional<Budget> budget(PrivacyConfig p) {
    return p.budget().epsilon().isPresent()
        ? Optional.of(new Budget(p.budget().epsilon().getAsDouble(), p.budgetDelta(),
            conversion(p), orders(p)))
        : Optional.empty();
  }

  static Orders orders(PrivacyConfig p) {
    return p.orders()
        .map(list -> Orders.of(list.stream().mapToDouble(Double::doubleValue).toArray()))
        .orElseGet(Orders::defaults);
  }

  public static Conversion conversion(PrivacyConfig p) {
    return p.conversion();
  }

  /** What noise the run drew, for the report. */
  public static String noiseName(AggregatorConfig a) {
    return switch (a.mechanism()) {
      case LNMAX -> "discrete Laplace, scale 1/gamma, on integer vote counts";
      case GNMAX -> "discrete Gaussian, sigma, on integer vote counts";
      case CONFIDENT_GNMAX -> "discrete Gaussian (sigma1 threshold check, sigma2 arg-max) on"
          + " integer vote counts";
    };
  }
}
