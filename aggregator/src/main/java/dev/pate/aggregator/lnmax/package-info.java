/**
 * LNMax (Laplace noisy arg-max) privacy analysis: the PATE 2017 moments accountant exactly as the
 * official code computes it ({@link dev.pate.aggregator.lnmax.Pate2017Moments}, {@link
 * dev.pate.aggregator.lnmax.Pate2017SmoothSensitivity}, {@link
 * dev.pate.aggregator.lnmax.Pate2017Analysis}) and in a corrected variant that only uses bounds
 * whose conditions hold; the PATE 2018 RDP form ({@link dev.pate.aggregator.lnmax.Pate2018Lnmax});
 * exact tails for discrete Laplace noise ({@link
 * dev.pate.aggregator.lnmax.DiscreteLaplaceDifference}); and the per-query accounting runs use
 * ({@link dev.pate.aggregator.lnmax.LnmaxAccounting}).
 */
package dev.pate.aggregator.lnmax;
