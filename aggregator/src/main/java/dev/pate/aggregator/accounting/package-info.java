/**
 * Privacy accounting of a labelling run, in the manner of dp_accounting: the per-query cost of a
 * mechanism ({@link dev.pate.aggregator.accounting.QueryAccounting}, one implementation per
 * mechanism: its worst case, what a query spent, and the data-dependent cost), the accountant that
 * composes those costs query by query, guards a {@link dev.pate.aggregator.accounting.Budget} as a
 * Renyi filter and states the run's guarantee ({@link
 * dev.pate.aggregator.accounting.PrivacyAccountant}), and the statement it reports ({@link
 * dev.pate.aggregator.accounting.PrivacyStatement}, with its {@link
 * dev.pate.aggregator.accounting.GuaranteeBasis}). Only the guarantee is a differential-privacy
 * statement as it stands; the spent and data-dependent totals are readings that depend on the
 * private votes.
 */
package dev.pate.aggregator.accounting;
