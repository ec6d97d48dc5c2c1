/**
 * Privacy accounting of a labelling run: the per-query cost of a mechanism ({@link
 * dev.pate.aggregator.accounting.QueryAccounting}, one implementation per mechanism), the
 * accountant that composes those costs query by query ({@link
 * dev.pate.aggregator.accounting.PrivacyAccountant}) and the statement it reports ({@link
 * dev.pate.aggregator.accounting.PrivacyStatement}).
 */
package dev.pate.aggregator.accounting;
