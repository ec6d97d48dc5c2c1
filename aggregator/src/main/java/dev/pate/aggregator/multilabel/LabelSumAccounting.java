package dev.pate.aggregator.multilabel;

import dev.pate.aggregator.accounting.NoiseKind;
import dev.pate.aggregator.accounting.QueryAccounting;
import dev.pate.aggregator.rdp.Orders;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * Per-query RDP of Binary voting and tau-voting: independent Gaussian noise of standard deviation
 * {@code sigmaOnGrid} on each of the K per-label (clipped) sums, in grid units.
 *
 * <p><b>Data-independent.</b> The Gaussian mechanism with L2 sensitivity Delta is {@code (alpha,
 * alpha Delta^2 / (2 sigma^2))}-RDP. For discrete noise: the discrete Gaussian {@code N_Z(0,
 * sigma^2)} at an integer shift {@code d} has Renyi divergence at most {@code alpha d^2 / (2
 * sigma^2)} (Canonne, Kamath and Steinke 2020, Prop. 5), and for independent noise on each
 * coordinate the divergences add, giving {@code alpha ||d||^2 / (2 sigma^2)}; the grid sums are
 * integers, so this holds with {@code Delta^2 = }{@link VoteClipping#sensitivitySquared()}.
 * Thresholding each noisy sum is post-processing. In vote units (divide by the grid scale s
 * squared both Delta^2 and sigma^2) this is Binary voting's {@code alpha K / (2 sigma^2)} and, for
 * tau-voting, at most {@code alpha min(2 tau^2, K) / (2 sigma^2)}.
 *
 * <p><b>Data-dependent.</b> The paper gives these two mechanisms a data-independent analysis
 * only; {@link #dataDependentRdp} is the data-independent cost (a valid upper bound, never less).
 */
public final class LabelSumAccounting implements QueryAccounting {

  private final String mechanismId;
  private final Map<String, Double> parameters;
  private final long sensitivitySquared;
  private final double sigmaOnGrid;
  private final Orders orders;
  private final NoiseKind noiseKind;
  private final double[] dataIndependent;

  /**
   * The accounting of Gaussian noise on label sums with this sensitivity.
   *
   * @param mechanismId the id reports show
   * @param parameters the mechanism's parameters, recorded by ledgers
   * @param sensitivitySquared the squared L2 sensitivity of the sums, in grid units (>= 1)
   * @param sigmaOnGrid the noise standard deviation in grid units, exactly as the sampler draws it
   */
  public LabelSumAccounting(String mechanismId, Map<String, Double> parameters,
      long sensitivitySquared, double sigmaOnGrid, Orders orders, NoiseKind noiseKind) {
    this.mechanismId = Objects.requireNonNull(mechanismId, "mechanismId");
    this.parameters = Collections.unmodifiableMap(new LinkedHashMap<>(parameters));
    if (sensitivitySquared < 1) {
      throw new IllegalArgumentException("sensitivitySquared: " + sensitivitySquared
          + " is not >= 1");
    }
    if (!(sigmaOnGrid > 0) || Double.isInfinite(sigmaOnGrid)) {
      throw new IllegalArgumentException("sigmaOnGrid: " + sigmaOnGrid
          + " is not a finite number > 0");
    }
    this.sensitivitySquared = sensitivitySquared;
    this.sigmaOnGrid = sigmaOnGrid;
    this.orders = Objects.requireNonNull(orders, "orders");
    this.noiseKind = Objects.requireNonNull(noiseKind, "noiseKind");
    this.dataIndependent = new double[orders.size()];
    for (int i = 0; i < dataIndependent.length; i++) {
      dataIndependent[i] =
          orders.get(i) * sensitivitySquared / (2 * sigmaOnGrid * sigmaOnGrid);
    }
  }

  /** The squared L2 sensitivity in grid units. */
  public long sensitivitySquared() {
    return sensitivitySquared;
  }

  @Override
  public Orders orders() {
    return orders;
  }

  @Override
  public NoiseKind noiseKind() {
    return noiseKind;
  }

  /** {@code alpha Delta^2 / (2 sigma^2)} at every order (both always answer). */
  @Override
  public double[] dataIndependentRdp() {
    return dataIndependent.clone();
  }

  /** The data-independent cost: no data-dependent bound is claimed (class comment). */
  @Override
  public double[] dataDependentRdp(double[] counts, boolean answered) {
    return dataIndependent.clone();
  }

  @Override
  public String mechanismId() {
    return mechanismId;
  }

  @Override
  public Map<String, Double> parameters() {
    return parameters;
  }

  @Override
  public String toString() {
    return String.format(Locale.ROOT, "LabelSumAccounting[%s, Delta^2=%d, sigma=%s on grid, %s]",
        mechanismId, sensitivitySquared, sigmaOnGrid, noiseKind.name().toLowerCase(Locale.ROOT));
  }
}
