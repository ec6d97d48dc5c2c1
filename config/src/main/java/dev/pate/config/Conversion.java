package dev.pate.config;

/**
 * How a Renyi-DP guarantee is turned into an (epsilon, delta) guarantee (key {@code
 * privacy.conversion}).
 */
public enum Conversion implements Choice {
  /**
   * The tighter conversion of Balle et al. 2020 / Canonne, Kamath and Steinke 2020
   * (arXiv:2004.00010 v4, Proposition 12).
   */
  IMPROVED,

  /**
   * Mironov 2017, Proposition 3: epsilon = rdp + log(1/delta) / (order - 1), as in the PATE 2018
   * code.
   */
  CLASSIC;
}
