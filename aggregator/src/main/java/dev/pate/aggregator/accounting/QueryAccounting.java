package dev.pate.aggregator.accounting;

import dev.pate.aggregator.rdp.Orders;
import java.util.Map;

/**
 * The per-query privacy cost of one aggregation mechanism with fixed parameters, as Renyi-DP over
 * a fixed list of orders. One implementation per mechanism (LNMax, GNMax, Confident-GNMax).
 *
 * <p>Both methods return a fresh array with one value per order of {@link #orders()}. Every value
 * is a valid upper bound for the noise the mechanism actually uses (see {@link NoiseKind}); where
 * a data-dependent bound's conditions fail at an order, that order gets the data-independent
 * value, never less.
 */
public interface QueryAccounting {

  /** The orders at which costs are given. */
  Orders orders();

  /** Which noise the mechanism draws: the data-dependent bounds depend on it (ties, tails). */
  NoiseKind noiseKind();

  /**
   * Cost of one query regardless of the votes. {@code answered} matters only for mechanisms that
   * may abstain (Confident-GNMax charges only its threshold check for an unanswered query).
   */
  double[] dataIndependentRdp(boolean answered);

  /** Cost of one query given its vote counts (one entry per class, non-negative). */
  double[] dataDependentRdp(double[] counts, boolean answered);

  /** A short name for reports, e.g. {@code lnmax}, {@code gnmax}, {@code confident-gnmax}. */
  String mechanismId();

  /**
   * The noise parameters every charge depends on, by name in a fixed order (e.g. {@code gamma};
   * {@code threshold, sigma1, sigma2}). A ledger records them so that a resumed run cannot charge
   * the rest of its queries with other noise than its report states.
   */
  Map<String, Double> parameters();
}
