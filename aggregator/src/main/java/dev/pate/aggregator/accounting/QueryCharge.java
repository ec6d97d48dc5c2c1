package dev.pate.aggregator.accounting;

/**
 * The cost of one query, per order of the accounting: what an accountant adds for it. Computed
 * before it is added, so it can be recorded durably (a run's ledger) before the answer it pays for
 * is released, and replayed from that record when a run resumes.
 *
 * @param answered whether the query was answered
 * @param spentRdp the data-independent cost of the steps the query ran ({@link
 *     QueryAccounting#spentRdp}): what a budget is checked against
 * @param dataDependentRdp cost given the votes
 */
public record QueryCharge(boolean answered, double[] spentRdp, double[] dataDependentRdp) {

  public QueryCharge {
    spentRdp = spentRdp.clone();
    dataDependentRdp = dataDependentRdp.clone();
  }

  @Override
  public double[] spentRdp() {
    return spentRdp.clone();
  }

  @Override
  public double[] dataDependentRdp() {
    return dataDependentRdp.clone();
  }
}
