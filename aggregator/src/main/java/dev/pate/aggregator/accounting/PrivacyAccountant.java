package dev.pate.aggregator.accounting;

import dev.pate.aggregator.rdp.Conversion;
import dev.pate.aggregator.rdp.RdpLedger;
import java.util.Objects;

/**
 * Tracks the privacy spent while labelling: every query is charged to a data-independent ledger
 * and to a data-dependent ledger, with the costs given by the mechanism's {@link
 * QueryAccounting}. Mutable and not thread-safe: one accountant per labelling run.
 */
public final class PrivacyAccountant {
  private final QueryAccounting accounting;
  private final RdpLedger dataIndependent;
  private final RdpLedger dataDependent;
  private long queries;
  private long answered;

  public PrivacyAccountant(QueryAccounting accounting) {
    this.accounting = Objects.requireNonNull(accounting, "accounting");
    this.dataIndependent = new RdpLedger(accounting.orders());
    this.dataDependent = new RdpLedger(accounting.orders());
  }

  /**
   * Charges one query with its vote counts (one per class) and whether it was answered. Both
   * costs are computed before either ledger changes, so a rejected query charges nothing.
   */
  public void charge(double[] counts, boolean answered) {
    double[] independent = accounting.dataIndependentRdp(answered);
    double[] dependent = accounting.dataDependentRdp(counts, answered);
    dataIndependent.checkAddable(independent);
    dataDependent.checkAddable(dependent);
    dataIndependent.add(independent);
    dataDependent.add(dependent);
    queries++;
    if (answered) {
      this.answered++;
    }
  }

  /** The guarantees so far at this delta, each minimised over the orders. */
  public PrivacyStatement report(double delta, Conversion conversion) {
    return new PrivacyStatement(accounting.mechanismId(), accounting.noiseKind(),
        accounting.orders(), queries, answered, dataIndependent.epsilon(delta, conversion),
        dataDependent.epsilon(delta, conversion));
  }

  public QueryAccounting accounting() {
    return accounting;
  }

  public long queries() {
    return queries;
  }

  public long answered() {
    return answered;
  }

  /** A copy of the accumulated data-independent RDP, one value per order. */
  public double[] dataIndependentRdp() {
    return dataIndependent.rdp();
  }

  /** A copy of the accumulated data-dependent RDP, one value per order. */
  public double[] dataDependentRdp() {
    return dataDependent.rdp();
  }
}
