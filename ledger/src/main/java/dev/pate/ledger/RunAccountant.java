package dev.pate.ledger;

import dev.pate.aggregator.accounting.Budget;
import dev.pate.aggregator.accounting.PrivacyAccountant;
import dev.pate.aggregator.accounting.QueryAccounting;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * What a {@link Labeller} charges each query to and a ledger records: one {@link
 * PrivacyAccountant} for a run with one budget ({@link #of(PrivacyAccountant)}), or one accountant
 * per privacy group for a run with per-record budgets. Either way the ledger header states the
 * base accounting (sensitivity multiplier 1), the budget and the query limit, and the groups if
 * any; every line records a {@link LedgerCharge}.
 */
public interface RunAccountant {

  /** The accounting of one query for a record of sensitivity multiplier 1. */
  QueryAccounting accounting();

  /** The run's one budget, if it has one (a run with privacy groups has theirs instead). */
  Optional<Budget> budget();

  /** The most queries the run may ask. */
  int maxQueries();

  /** The run's privacy groups, empty for a run without. */
  Optional<LedgerGroups> groups();

  /**
   * Why the next query must not be asked (the query limit, or a budget its worst-case charge
   * would overspend: with groups, any group's), empty while it may be. Depends only on what was
   * released so far.
   */
  Optional<String> refusal();

  /** What one query with these vote counts costs, computed before anything is added. */
  LedgerCharge costOf(double[] counts, boolean answered);

  /** Adds a charge computed by {@link #costOf} or read back from the run's ledger. */
  void add(LedgerCharge charge);

  /**
   * Adds the reserved cost of the release of the data-dependent epsilon, once, when it runs (see
   * {@link PrivacyAccountant#chargeReserved()}); a run with privacy groups makes no such release.
   */
  void chargeReserved();

  /** The accountant of a run with one budget (or none), no privacy groups. */
  static RunAccountant of(PrivacyAccountant accountant) {
    Objects.requireNonNull(accountant, "accountant");
    return new RunAccountant() {
      @Override
      public QueryAccounting accounting() {
        return accountant.accounting();
      }

      @Override
      public Optional<Budget> budget() {
        return accountant.budget();
      }

      @Override
      public int maxQueries() {
        return accountant.maxQueries();
      }

      @Override
      public Optional<LedgerGroups> groups() {
        return Optional.empty();
      }

      @Override
      public Optional<String> refusal() {
        return accountant.refusal();
      }

      @Override
      public LedgerCharge costOf(double[] counts, boolean answered) {
        return LedgerCharge.of(accountant.costOf(counts, answered));
      }

      @Override
      public void add(LedgerCharge charge) {
        if (!charge.groupDataDependentRdp().isEmpty()) {
          throw new IllegalArgumentException("charge: has privacy groups' charges "
              + charge.groupDataDependentRdp().keySet() + ", the run has no groups");
        }
        accountant.add(charge.base());
      }

      @Override
      public void chargeReserved() {
        accountant.chargeReserved();
      }
    };
  }
}
