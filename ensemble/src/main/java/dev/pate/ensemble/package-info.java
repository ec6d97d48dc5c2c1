/**
 * The teacher ensemble: trains one network per disjoint private partition, in parallel, saves each
 * with a manifest entry, and turns the teachers' predictions on public queries into vote counts.
 * Teachers never leave the run folder; only their votes reach the aggregator.
 */
package dev.pate.ensemble;
