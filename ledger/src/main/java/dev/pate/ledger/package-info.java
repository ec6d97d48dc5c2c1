/**
 * A run's privacy record, the privacy-critical code that runs while queries are answered: the
 * {@link dev.pate.ledger.Labeller}, which refuses a query the budget would not admit ({@code
 * PrivacyAccountant.refusal}), draws the noisy answer, appends its charge with the {@link
 * dev.pate.ledger.LedgerWriter} and forces it to disk, and only then releases the answer; the
 * {@link dev.pate.ledger.Ledger} itself (ledger.jsonl: a {@link dev.pate.ledger.LedgerHeader}
 * naming the mechanism every charge is computed with and what the guarantee rests on, then one
 * hash-chained line per charge), read and verified by the {@link dev.pate.ledger.LedgerReader};
 * the check that a resumed run would charge exactly as the ledger's charges were made ({@link
 * dev.pate.ledger.LedgerHeader#differenceFrom}); the composition of the guarantees of several
 * runs over the same private data ({@link dev.pate.ledger.CrossRunComposition}); and the budget of
 * a private data set that every run over it charges ({@link dev.pate.ledger.DatasetBudget}:
 * reserve, settle, release, each under a file lock), kept in the same kind of hash-chained file
 * ({@code ChainedFile}). A run with per-record budgets charges through a {@link
 * dev.pate.ledger.RunAccountant} with one accountant per privacy group: its header records the
 * groups ({@link dev.pate.ledger.LedgerGroups}), its lines each group's data-dependent charge
 * beside the base one ({@link dev.pate.ledger.LedgerCharge}). Plain Java and Jackson, no DL4J: the math is in {@code
 * dev.pate.aggregator.accounting}.
 */
package dev.pate.ledger;
