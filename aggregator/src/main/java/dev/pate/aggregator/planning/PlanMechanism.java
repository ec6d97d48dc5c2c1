package dev.pate.aggregator.planning;

import java.util.Locale;

/** The mechanisms {@code pate plan} can plan, with their command-line ids. */
public enum PlanMechanism {
  LNMAX,
  GNMAX,
  CONFIDENT_GNMAX,
  /** The Poisson-subsampled Gaussian of DP-SGD, for comparing PATE with DP-SGD budgets. */
  SUBSAMPLED_GAUSSIAN;

  /** {@code lnmax}, {@code gnmax}, {@code confident-gnmax}, {@code subsampled-gaussian}. */
  public String id() {
    return name().toLowerCase(Locale.ROOT).replace('_', '-');
  }

  public static PlanMechanism fromId(String id) {
    for (PlanMechanism m : values()) {
      if (m.id().equals(id)) {
        return m;
      }
    }
    throw new IllegalArgumentException("mechanism: '" + id
        + "' is not one of lnmax, gnmax, confident-gnmax, subsampled-gaussian");
  }
}
