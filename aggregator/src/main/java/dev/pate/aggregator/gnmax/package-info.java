/**
 * The privacy analysis of PATE 2018 (Papernot et al., "Scalable Private Learning with PATE", ICLR
 * 2018): Renyi-DP of the Gaussian noisy arg-max GNMax ({@link dev.pate.aggregator.gnmax.GnmaxRdp},
 * Theorem 6 with its conditions checked per order) and of Confident-GNMax's threshold check
 * ({@link dev.pate.aggregator.gnmax.ThresholdRdp}), their per-query accounting for continuous and
 * discrete noise ({@link dev.pate.aggregator.gnmax.GnmaxAccounting}, {@link
 * dev.pate.aggregator.gnmax.ConfidentGnmaxAccounting}), and the smooth-sensitivity machinery that
 * lets a run publish a data-dependent epsilon ({@link dev.pate.aggregator.gnmax.SmoothSensitivity},
 * {@link dev.pate.aggregator.gnmax.SmoothSensitivityRelease}, charged its exact cost by {@link
 * dev.pate.aggregator.gnmax.GnssCost}). Where the official code is not a valid release
 * (local-sensitivity bounds of Confident-GNMax, parameters chosen from the votes, Theorem 23's cost
 * formula, floating-point output) the release departs from it, and says so; the official functions
 * stay, under names that say what they are, for the reference tests.
 *
 * <p>Each function names the function of tensorflow/privacy {@code research/pate_2018} ({@code
 * core.py}, {@code smooth_sensitivity.py}, {@code ICLR2018/smooth_sensitivity_table.py}) it
 * mirrors; the shared reference vectors are replayed against them in the tests. Probabilities are
 * handled as logarithms throughout ({@link dev.pate.aggregator.gnmax.GaussianTail} supplies the
 * log-space Gaussian tails the JDK lacks).
 */
package dev.pate.aggregator.gnmax;
