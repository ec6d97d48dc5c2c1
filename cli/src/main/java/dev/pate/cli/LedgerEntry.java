package dev.pate.cli;

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
 * @param dataIndependentRdp the charge per order that holds for any votes
 * @param dataDependentRdp the charge per order given these votes
 */
record LedgerEntry(long sequence, int query, boolean answered, int label,
    double[] dataIndependentRdp, double[] dataDependentRdp, String previous, String hash) {}
