package dev.pate.aggregator.multilabel;

import dev.pate.aggregator.accounting.NoiseKind;
import dev.pate.aggregator.accounting.QueryAccounting;
import dev.pate.aggregator.gnmax.GnmaxAccounting;
import dev.pate.aggregator.rdp.Orders;
import java.util.Map;
import java.util.Objects;

/**
 * Powerset voting's accounting: GNMax's ({@link GnmaxAccounting}, data-independent and
 * data-dependent, on the {@code 2^K} subset counts; see {@link PowersetArgMax} for why it applies
 * unchanged), reported under Powerset voting's own id and parameters so that ledgers and reports
 * name the mechanism that ran.
 */
public final class PowersetAccounting implements QueryAccounting {

  private final GnmaxAccounting gnmax;
  private final Map<String, Double> parameters;

  PowersetAccounting(GnmaxAccounting gnmax, Map<String, Double> parameters) {
    this.gnmax = Objects.requireNonNull(gnmax, "gnmax");
    this.parameters = Map.copyOf(parameters);
  }

  /** The GNMax accounting it reports. */
  public GnmaxAccounting gnmax() {
    return gnmax;
  }

  @Override
  public Orders orders() {
    return gnmax.orders();
  }

  @Override
  public NoiseKind noiseKind() {
    return gnmax.noiseKind();
  }

  @Override
  public double[] dataIndependentRdp() {
    return gnmax.dataIndependentRdp();
  }

  /** GNMax's data-dependent bound; {@code counts} are the subset counts. */
  @Override
  public double[] dataDependentRdp(double[] counts, boolean answered) {
    return gnmax.dataDependentRdp(counts, answered);
  }

  @Override
  public String mechanismId() {
    return MultiLabelMechanism.Kind.POWERSET_VOTING.id();
  }

  @Override
  public Map<String, Double> parameters() {
    return parameters;
  }
}
