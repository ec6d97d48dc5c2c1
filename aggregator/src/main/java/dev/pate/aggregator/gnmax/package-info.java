/**
 * The privacy analysis of PATE 2018 (Papernot et al., "Scalable Private Learning with PATE", ICLR
 * 2018): Renyi-DP of the Gaussian noisy arg-max GNMax ({@link dev.pate.aggregator.gnmax.GnmaxRdp},
 * Theorem 6 with its conditions checked per order) and of Confident-GNMax's threshold check
 * ({@link dev.pate.aggregator.gnmax.ThresholdRdp}), and their per-query accounting for continuous
 * and discrete noise ({@link dev.pate.aggregator.gnmax.GnmaxAccounting}, {@link
 * dev.pate.aggregator.gnmax.ConfidentGnmaxAccounting}). The smooth-sensitivity release of a
 * data-dependent epsilon built on these bounds is {@link dev.pate.aggregator.release}.
 *
 * <p>Each function names the function of tensorflow/privacy {@code research/pate_2018} ({@code
 * core.py}) it mirrors; the shared reference vectors are replayed against them in the tests.
 * Probabilities are handled as logarithms throughout ({@link
 * dev.pate.aggregator.gnmax.GaussianTail} supplies the log-space Gaussian tails the JDK lacks).
 */
package dev.pate.aggregator.gnmax;
