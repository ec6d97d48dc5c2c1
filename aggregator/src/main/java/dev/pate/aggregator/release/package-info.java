/**
 * The smooth-sensitivity release of a data-dependent epsilon (PATE 2018, Section 4 and Appendix
 * C): the smooth sensitivity of a run's RDP ({@link dev.pate.aggregator.release.SmoothSensitivity}
 * from per-query bounds that cover Confident-GNMax's jumps and discrete noise), the noisy release
 * on a grid ({@link dev.pate.aggregator.release.SmoothSensitivityRelease}, {@link
 * dev.pate.aggregator.release.RunRelease}) and its exact cost ({@link
 * dev.pate.aggregator.release.GnssCost}), departing from the official {@code smooth_sensitivity.py}
 * where that is not a valid release (local-sensitivity bounds, parameters chosen from the votes,
 * Theorem 23's cost formula, floating-point output), and saying so.
 */
package dev.pate.aggregator.release;
