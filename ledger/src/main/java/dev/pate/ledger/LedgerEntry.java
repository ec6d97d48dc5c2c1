package dev.pate.ledger;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.Map;

/**
 * One line of ledger.jsonl: the charge for one query, written (and forced to disk) before its
 * answer is released. {@code previous} is the hash of the line before (the header's for the first
 * charge) and {@code hash} the SHA-256 of this line without its hash, so an edited, removed or
 * reordered line breaks the chain.
 *
 * @param sequence 1-based charge number
 * @param query position of the query in the run's query list
 * @param answered whether the aggregator answered (Confident-GNMax may abstain)
 * @param label the released label, -1 if it abstained
 * @param spentRdp the data-independent cost per order of the steps the query ran (for an
 *     abstaining Confident-GNMax query, the threshold check alone); what the budget counts. Named
 *     {@code data_independent_rdp} in the file, as in ledgers of every version
 * @param dataDependentRdp the charge per order given these votes (private: a function of them)
 * @param release for the charge of a smooth-sensitivity release of the data-dependent epsilon
 *     (query {@value #RELEASE}), the values published; absent for a query's charge (so lines
 *     written before releases existed read and hash as they did)
 * @param groupDataDependentRdp in a run with privacy groups, each group's data-dependent charge
 *     (private, like {@code dataDependentRdp}, which is then the charge at multiplier 1); absent
 *     without groups (so lines of runs without groups read and hash as they did)
 */
public record LedgerEntry(long sequence, int query, boolean answered, int label,
    @JsonProperty("data_independent_rdp") double[] spentRdp, double[] dataDependentRdp,
    String previous, String hash,
    @JsonInclude(JsonInclude.Include.NON_NULL) Map<String, Object> release,
    @JsonInclude(JsonInclude.Include.NON_NULL) Map<String, double[]> groupDataDependentRdp) {

  /** A line of a run without privacy groups. */
  public LedgerEntry(long sequence, int query, boolean answered, int label, double[] spentRdp,
      double[] dataDependentRdp, String previous, String hash, Map<String, Object> release) {
    this(sequence, query, answered, label, spentRdp, dataDependentRdp, previous, hash, release,
        null);
  }

  /** The query number of a release's charge: it answers no query. */
  public static final int RELEASE = -1;

  /**
   * Whether this is the charge of a release rather than of a query. (Not named {@code
   * isRelease}: Jackson would take that for the {@code release} field.)
   */
  public boolean chargesRelease() {
    return release != null;
  }
}
