/**
 * Multi-label PATE (Dziedzic, Choquette-Choo et al., "Private Multi-Winner Voting for Machine
 * Learning", PoPETs 2023): Binary voting, tau-voting and Powerset voting over teachers' per-label
 * 0/1 votes, with their exact sensitivities and Renyi-DP accounting on the shared {@code
 * QueryAccounting} path.
 */
package dev.pate.aggregator.multilabel;
