package dev.pate.aggregator.rdp;

/**
 * How an RDP guarantee (alpha, rho) becomes an (epsilon, delta) guarantee.
 *
 * <p>Both are valid upper bounds; {@link #IMPROVED} is never larger than {@link #CLASSIC} at the
 * same order above 1.01 (below, dp_accounting does not use it) and so is the default.
 */
public enum Conversion {
  /** Mironov 2017, Prop. 3: eps = rho + ln(1/delta) / (alpha - 1). The PATE papers use this one. */
  CLASSIC,
  /**
   * Canonne-Kamath-Steinke 2020 / Balle et al. 2020, as in current accountants (dp_accounting):
   * eps = rho + ln(1 - 1/alpha) - (ln delta + ln alpha) / (alpha - 1).
   */
  IMPROVED;

  /** The name used in config files, reports and on the command line. */
  public String id() {
    return name().toLowerCase(java.util.Locale.ROOT);
  }

  public static Conversion fromId(String id) {
    for (Conversion c : values()) {
      if (c.id().equals(id)) {
        return c;
      }
    }
    throw new IllegalArgumentException("conversion: '" + id + "' is not one of classic, improved");
  }
}
