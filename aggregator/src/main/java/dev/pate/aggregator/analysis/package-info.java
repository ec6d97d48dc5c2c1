/**
 * Analysing vote files: {@link dev.pate.aggregator.analysis.VoteAnalysis} computes what answering
 * the queries of a {@link dev.pate.aggregator.votes.VoteMatrix} costs in privacy under LNMax,
 * GNMax or Confident-GNMax ({@link dev.pate.aggregator.analysis.AnalysisRequest} in, {@link
 * dev.pate.aggregator.analysis.AnalysisResult} out, printable as a table or JSON). The engine
 * behind {@code pate analyze}; the math lives in {@code dev.pate.aggregator.gnmax}, {@code
 * dev.pate.aggregator.lnmax} and {@code dev.pate.aggregator.rdp}.
 */
package dev.pate.aggregator.analysis;
