package dev.pate.aggregator.groups;

import dev.pate.aggregator.accounting.NoiseKind;
import dev.pate.aggregator.accounting.QueryAccounting;
import dev.pate.aggregator.gnmax.ConfidentGnmaxAccounting;
import dev.pate.aggregator.gnmax.GnmaxAccounting;
import dev.pate.aggregator.gnmax.GnmaxRdp;
import dev.pate.aggregator.gnmax.ThresholdRdp;
import dev.pate.aggregator.mechanism.Mechanism;
import dev.pate.aggregator.rdp.Orders;
import dev.pate.files.DpPreconditions;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * A mechanism's accounting as seen by a record whose sensitivity multiplier is s: changing the
 * record moves at most s votes, so the vote histogram's L2 sensitivity is {@code s sqrt 2}
 * ({@link #l2Sensitivity()}) and its max count's is s ({@link #maxCountSensitivity()}), s times
 * the base mechanism's. GNMax and Confident-GNMax only.
 *
 * <ul>
 *   <li>Data-independent and spent: exactly {@code s^2} times the base ({@code alpha s^2 /
 *       sigma^2} for GNMax, {@code alpha s^2 / (2 sigma1^2)} for the threshold check): the
 *       (discrete) Gaussian is {@code (alpha, alpha Delta^2 / (2 sigma^2))}-RDP for an integer L2
 *       sensitivity Delta (Canonne-Kamath-Steinke 2020). {@code s = 1} is the base exactly.
 *   <li>Data-dependent: PATE 2018 Theorem 6 needs the RDP at two orders mu1, mu2 and a bound q on
 *       the probability of not answering the likely outcome on the actual votes. q is a property
 *       of the votes and the real noise, so it is the base's ({@link GnmaxAccounting#logq},
 *       {@link ConfidentGnmaxAccounting#thresholdLogq}); the RDP is the scaled {@code eps(mu) = mu
 *       s^2 / sigma^2}. {@link GnmaxRdp#dataDependent} with {@code sigma / s} computes exactly
 *       that: sigma enters it only through {@code variance = sigma^2}, as {@code eps(mu) = mu /
 *       variance} (its data-independent fallback, eps1, eps2, the conditions "q in the range where
 *       the bound increases" and "A positive", all read with the scaled eps) and through the
 *       choice {@code mu2 = sigma sqrt(-log q)}, which is one valid choice (Theorem 6 holds for
 *       any mu1 > mu2 > 1 meeting the conditions, and they are checked with the scaled eps).
 *       {@link ThresholdRdp#dataDependent} is the same with {@code sigma1 sqrt 2}. Each order is
 *       then capped at the scaled data-independent value, so the data-dependent cost never
 *       exceeds it.
 * </ul>
 *
 * <p>LNMax is refused: its pure-DP cost {@code 2 gamma} per query does not scale as {@code s^2}
 * (it scales as s), so it would need its own derivation. Multi-label mechanisms are out of scope.
 */
public final class ScaledSensitivityAccounting implements QueryAccounting {
  /** The parameter that records the multiplier beside the mechanism's own. */
  public static final String SENSITIVITY = "sensitivity";

  private static final double SQRT_2 = Math.sqrt(2);

  private final QueryAccounting base;
  private final int multiplier;

  private ScaledSensitivityAccounting(QueryAccounting base, int multiplier) {
    this.base = base;
    this.multiplier = multiplier;
  }

  /**
   * The accounting of {@code mechanism} for a record with sensitivity multiplier {@code
   * multiplier}.
   *
   * @throws IllegalArgumentException for LNMax, or a multiplier below 1
   */
  public static ScaledSensitivityAccounting of(Mechanism mechanism, int multiplier, Orders orders,
      NoiseKind noise) {
    Objects.requireNonNull(mechanism, "mechanism");
    DpPreconditions.checkAtLeast(multiplier, 1, "multiplier");
    String refusal = unsupported(mechanism.kind());
    if (refusal != null) {
      throw new IllegalArgumentException(refusal);
    }
    return new ScaledSensitivityAccounting(mechanism.accounting(orders, noise), multiplier);
  }

  /** Why {@code kind} has no per-group accounting, or null when it has one. */
  static String unsupported(Mechanism.Kind kind) {
    return kind == Mechanism.Kind.LNMAX
        ? "mechanism: lnmax has no per-group accounting: its pure-DP cost (2 gamma per query)"
            + " does not scale as s^2 with a group's sensitivity multiplier s; use gnmax or"
            + " confident-gnmax with privacy groups"
        : null;
  }

  /** s: how many votes one record of the group moves at most. */
  public int multiplier() {
    return multiplier;
  }

  /** The vote histogram's L2 sensitivity for a record of the group: {@code s sqrt 2}. */
  public double l2Sensitivity() {
    return multiplier * SQRT_2;
  }

  /** The max count's sensitivity for a record of the group (the threshold check's): s. */
  public int maxCountSensitivity() {
    return multiplier;
  }

  /** The base mechanism's accounting (multiplier 1). */
  public QueryAccounting base() {
    return base;
  }

  @Override
  public Orders orders() {
    return base.orders();
  }

  @Override
  public NoiseKind noiseKind() {
    return base.noiseKind();
  }

  @Override
  public double[] dataIndependentRdp() {
    return scaled(base.dataIndependentRdp(), multiplier);
  }

  @Override
  public double[] spentRdp(boolean answered) {
    return scaled(base.spentRdp(answered), multiplier);
  }

  @Override
  public double[] dataDependentRdp(double[] counts, boolean answered) {
    double[] rdp;
    if (base instanceof GnmaxAccounting gnmax) {
      rdp = GnmaxRdp.dataDependent(gnmax.logq(counts), gnmax.sigma() / multiplier, orders());
    } else {
      ConfidentGnmaxAccounting confident = (ConfidentGnmaxAccounting) base;
      rdp = ThresholdRdp.dataDependent(confident.thresholdLogq(counts),
          confident.sigma1() / multiplier, orders());
      if (answered) {
        GnmaxAccounting step = confident.gnmaxStep();
        GnmaxRdp.addDataDependent(step.logq(counts), step.sigma() / multiplier, orders(), 1.0,
            rdp);
      }
    }
    // Never above the scaled worst case of the steps that ran, whatever the rounding of sigma / s.
    double[] cap = spentRdp(answered);
    for (int i = 0; i < rdp.length; i++) {
      rdp[i] = Math.min(rdp[i], cap[i]);
    }
    return rdp;
  }

  /** The base mechanism's id: the multiplier is in {@link #parameters()}. */
  @Override
  public String mechanismId() {
    return base.mechanismId();
  }

  /**
   * The base mechanism's parameters, then {@value #SENSITIVITY} (the multiplier s, even when 1),
   * so a ledger header written with it never reads back as the base mechanism's.
   */
  @Override
  public Map<String, Double> parameters() {
    Map<String, Double> parameters = new LinkedHashMap<>(base.parameters());
    parameters.put(SENSITIVITY, (double) multiplier);
    return Collections.unmodifiableMap(parameters);
  }

  /**
   * {@code curve} times {@code s^2}, order by order: the one scaling every group's cost goes
   * through, in the accountant and in the planner alike.
   */
  static double[] scaled(double[] curve, int multiplier) {
    double factor = (double) multiplier * multiplier;
    double[] out = curve.clone();
    for (int i = 0; i < out.length; i++) {
      out[i] *= factor;
    }
    return out;
  }

  @Override
  public String toString() {
    return "ScaledSensitivityAccounting[" + base + ", multiplier=" + multiplier + "]";
  }
}
