/**
 * The PATE mechanisms: {@link dev.pate.aggregator.mechanism.Mechanism}, the one description of a
 * mechanism with its parameters (id, aggregator, accounting), and the noisy aggregators that turn
 * one query's teacher vote counts into an answer: LNMax (Papernot et al. 2017: discrete Laplace
 * noise, scale 1/gamma, on every count, then arg max), GNMax and Confident-GNMax (Papernot et al.
 * 2018: discrete Gaussian noise; the confident variant answers only when the noisy top count clears
 * a threshold). Noise comes from {@code dev.pate.aggregator.noise}; the bounds behind each
 * mechanism's accounting live in {@code dev.pate.aggregator.lnmax} and {@code
 * dev.pate.aggregator.gnmax}.
 */
package dev.pate.aggregator.mechanism;
