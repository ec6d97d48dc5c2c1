package dev.pate.aggregator.accounting;

import dev.pate.aggregator.rdp.Orders;
import java.util.Arrays;
import java.util.Map;

/**
 * The per-query privacy cost of one aggregation mechanism with fixed parameters, as Renyi-DP over
 * a fixed list of orders. One implementation per mechanism (LNMax, GNMax, Confident-GNMax).
 *
 * <p>Three costs per query, each a fresh array with one value per order of {@link #orders()}:
 *
 * <ul>
 *   <li>{@link #dataIndependentRdp()}: the worst case over every vote vector and every outcome.
 *       This is the only per-query cost that data-independent guarantees compose.
 *   <li>{@link #spentRdp(boolean)}: the data-independent cost of the steps the query actually
 *       ran. Confident-GNMax runs its GNMax step only when the noisy threshold check passes, so an
 *       abstention spends the threshold check alone. Whether it passes depends on the private
 *       votes, so a sum of spent costs is an odometer reading, not a guarantee; a budget enforced
 *       on it before every query (a Renyi filter, see {@link PrivacyAccountant}) turns it into one.
 *   <li>{@link #dataDependentRdp}: the cost given the votes (PATE's data-dependent analysis);
 *       itself a function of the private votes.
 * </ul>
 *
 * <p>Every value is a valid upper bound for the noise the mechanism actually uses (see {@link
 * NoiseKind}); where a data-dependent bound's conditions fail at an order, that order gets the
 * data-independent value, never less.
 */
public interface QueryAccounting {

  /** The orders at which costs are given. */
  Orders orders();

  /** Which noise the mechanism draws: the data-dependent bounds depend on it (ties, tails). */
  NoiseKind noiseKind();

  /** Cost of one query whatever the votes were and whatever it answered: the uniform bound. */
  double[] dataIndependentRdp();

  /**
   * Data-independent cost of the steps a query ran, given whether it was answered. The default,
   * for mechanisms that always answer, is {@link #dataIndependentRdp()}.
   */
  default double[] spentRdp(boolean answered) {
    return dataIndependentRdp();
  }

  /** Whether an unanswered query spends less than the worst case (only then can they differ). */
  default boolean abstentionSpendsLess() {
    return !Arrays.equals(spentRdp(false), dataIndependentRdp());
  }

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
