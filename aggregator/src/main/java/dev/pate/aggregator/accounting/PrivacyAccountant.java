package dev.pate.aggregator.accounting;

import dev.pate.aggregator.rdp.Conversion;
import dev.pate.aggregator.rdp.EpsilonBound;
import dev.pate.aggregator.rdp.RdpConversions;
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
    add(costOf(counts, answered));
  }

  /** What {@link #charge} would add for this query, without adding it. */
  public QueryCharge costOf(double[] counts, boolean answered) {
    return new QueryCharge(answered, accounting.dataIndependentRdp(answered),
        accounting.dataDependentRdp(counts, answered));
  }

  /** Adds a charge computed by {@link #costOf} (or read back from a run's ledger). */
  public void add(QueryCharge charge) {
    double[] independent = charge.dataIndependentRdp();
    double[] dependent = charge.dataDependentRdp();
    dataIndependent.checkAddable(independent);
    dataDependent.checkAddable(dependent);
    dataIndependent.add(independent);
    dataDependent.add(dependent);
    queries++;
    if (charge.answered()) {
      this.answered++;
    }
  }

  /**
   * The data-independent epsilon if {@code extra} were charged too: what a budget check may use
   * before answering (it depends on no private data beyond what is already released).
   */
  public EpsilonBound dataIndependentEpsilonWith(double[] extra, double delta,
      Conversion conversion) {
    double[] total = dataIndependent.rdp();
    for (int i = 0; i < total.length; i++) {
      total[i] += extra[i];
    }
    return RdpConversions.epsilon(accounting.orders(), total, delta, conversion);
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
