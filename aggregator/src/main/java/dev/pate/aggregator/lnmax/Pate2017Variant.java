package dev.pate.aggregator.lnmax;

/**
 * Which reading of the PATE 2017 analysis (tensorflow/privacy research/pate_2017/analysis.py) to
 * compute.
 */
public enum Pate2017Variant {
  /**
   * What the official code computes, bit for bit: {@code logmgf_exact} uses its data-dependent
   * term whenever {@code q < 0.5}, and {@code sens_at_k} tests its early exit on the unsorted
   * counts. Use it to reproduce the paper's numbers, never as a privacy guarantee.
   */
  OFFICIAL_CODE,
  /**
   * The valid analysis: the data-dependent term only where PATE 2017 Theorem 3 holds
   * ({@code q <= 1/(e^eps + 1)}, as PATE 2018 {@code core.rdp_pure_eps}), the data-independent
   * moment elsewhere; the smooth-sensitivity early exit on the sorted counts, so that it does not
   * depend on the order of the classes. Never below {@link #OFFICIAL_CODE} where they differ.
   */
  CORRECTED
}
