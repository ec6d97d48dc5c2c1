package dev.pate.ledger;

import dev.pate.aggregator.accounting.PrivacyAccountant;
import dev.pate.aggregator.rdp.Conversion;
import dev.pate.aggregator.rdp.EpsilonBound;
import dev.pate.aggregator.rdp.Orders;
import dev.pate.aggregator.rdp.RdpConversions;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The guarantee of releasing the results of several runs over the same private data. Each run
 * accounts alone, but releasing the answers of several runs over the same people releases all of
 * them, and their guarantees add up: Renyi-DP composes by addition at each order. Each run's curve
 * holds at each of its own orders, so the sum holds at the orders every run has; the composition
 * converts that sum to an (epsilon, delta) guarantee. Grouping runs (by private data, by teacher
 * ensemble) is the caller's: {@code pate ledger} groups the runs under a folder and prints this.
 *
 * @param delta the delta of the composed guarantee, in (0, 1)
 * @param conversion the RDP-to-DP conversion
 */
public record CrossRunComposition(double delta, Conversion conversion) {

  public CrossRunComposition {
    if (!(delta > 0 && delta < 1)) {
      throw new IllegalArgumentException("delta: " + delta + " is not in (0, 1)");
    }
    Objects.requireNonNull(conversion, "conversion");
  }

  /**
   * One run's charges as RDP curves over its own orders.
   *
   * @param orders the run's orders
   * @param guaranteeRdp its data-independent guarantee, one value per order
   * @param dataDependentRdp its data-dependent cost (a function of the private votes, for the data
   *     owner only), one value per order
   */
  public record RunCurves(Orders orders, double[] guaranteeRdp, double[] dataDependentRdp) {
    public RunCurves {
      Objects.requireNonNull(orders, "orders");
      if (guaranteeRdp.length != orders.size() || dataDependentRdp.length != orders.size()) {
        throw new IllegalArgumentException("guaranteeRdp and dataDependentRdp: need one value per"
            + " order for each of the " + orders.size() + " orders");
      }
      guaranteeRdp = guaranteeRdp.clone();
      dataDependentRdp = dataDependentRdp.clone();
    }

    /** The curves of a run's accountant, as replayed from its ledger. */
    public static RunCurves of(PrivacyAccountant accountant) {
      return new RunCurves(accountant.accounting().orders(), accountant.guaranteeRdp(),
          accountant.dataDependentRdp());
    }

    @Override
    public double[] guaranteeRdp() {
      return guaranteeRdp.clone();
    }

    @Override
    public double[] dataDependentRdp() {
      return dataDependentRdp.clone();
    }
  }

  /**
   * The orders every run has, in the first run's order; empty if they share none (their
   * guarantees cannot then be composed: use one {@code privacy.orders} list for runs over the same
   * data).
   */
  public static Optional<Orders> sharedOrders(List<RunCurves> runs) {
    if (runs.isEmpty()) {
      throw new IllegalArgumentException("runs: none to compose");
    }
    List<Double> shared = new ArrayList<>();
    for (double order : runs.get(0).orders().toArray()) {
      if (runs.stream().allMatch(r -> indexOf(r.orders(), order) >= 0)) {
        shared.add(order);
      }
    }
    return shared.isEmpty() ? Optional.empty()
        : Optional.of(Orders.of(shared.stream().mapToDouble(Double::doubleValue).toArray()));
  }

  /**
   * The data-independent guarantee of releasing the results of all these runs.
   *
   * @throws IllegalArgumentException if they share no order ({@link #sharedOrders})
   */
  public EpsilonBound guarantee(List<RunCurves> runs) {
    return compose(runs, false);
  }

  /**
   * The data-dependent cost of all these runs composed: a function of the private votes, not
   * itself a guarantee; for the data owner only.
   *
   * @throws IllegalArgumentException if they share no order ({@link #sharedOrders})
   */
  public EpsilonBound dataDependent(List<RunCurves> runs) {
    return compose(runs, true);
  }

  private EpsilonBound compose(List<RunCurves> runs, boolean dataDependent) {
    Orders orders = sharedOrders(runs).orElseThrow(() -> new IllegalArgumentException(
        "runs: they share no Renyi order; their guarantees cannot be composed"));
    double[] total = new double[orders.size()];
    for (RunCurves run : runs) {
      double[] curve = dataDependent ? run.dataDependentRdp : run.guaranteeRdp;
      for (int i = 0; i < total.length; i++) {
        total[i] += curve[indexOf(run.orders(), orders.get(i))];
      }
    }
    return RdpConversions.epsilon(orders, total, delta, conversion);
  }

  private static int indexOf(Orders orders, double order) {
    for (int i = 0; i < orders.size(); i++) {
      if (orders.get(i) == order) {
        return i;
      }
    }
    return -1;
  }
}
