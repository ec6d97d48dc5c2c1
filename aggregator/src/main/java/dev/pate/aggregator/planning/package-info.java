/**
 * Planning before touching private data (the engine behind {@code pate plan}): given a budget
 * (epsilon, delta), find by numerically solving the accountant the least noise whose
 * data-independent epsilon meets it, for LNMax (gamma), GNMax (sigma), Confident-GNMax (a table
 * of (T, sigma1, sigma2) candidates) and the Poisson-subsampled Gaussian of DP-SGD (noise
 * multiplier), and, given an expected vote profile, the expected utility and expected
 * data-dependent epsilon of each candidate; and the a-priori parameters of a smooth-sensitivity
 * release of the data-dependent epsilon ({@link dev.pate.aggregator.planning.ReleasePlanner}).
 *
 * <p>Entry point: {@link dev.pate.aggregator.planning.Planner#plan(PlanRequest)}; results are
 * immutable {@link dev.pate.aggregator.planning.Plan}s with {@code toMap()} for JSON and {@code
 * tableRows()} for people.
 */
package dev.pate.aggregator.planning;
