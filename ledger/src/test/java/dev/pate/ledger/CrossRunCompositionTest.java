package dev.pate.ledger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pate.aggregator.accounting.NoiseKind;
import dev.pate.aggregator.accounting.PrivacyAccountant;
import dev.pate.aggregator.accounting.QueryCharge;
import dev.pate.aggregator.mechanism.Mechanism;
import dev.pate.aggregator.rdp.Conversion;
import dev.pate.aggregator.rdp.EpsilonBound;
import dev.pate.aggregator.rdp.Orders;
import dev.pate.aggregator.rdp.RdpConversions;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class CrossRunCompositionTest {
  private static final double DELTA = 1e-5;
  private static final CrossRunComposition COMPOSITION =
      new CrossRunComposition(DELTA, Conversion.IMPROVED);

  /** A run of {@code queries} GNMax answers at {@code sigma}, as its ledger replays it. */
  private static CrossRunComposition.RunCurves run(Orders orders, double sigma, int queries) {
    var accounting = new Mechanism.Gnmax(sigma).accounting(orders, NoiseKind.DISCRETE);
    PrivacyAccountant accountant = new PrivacyAccountant(accounting, Optional.empty(), queries);
    double[] votes = {200, 40, 10};
    for (int q = 0; q < queries; q++) {
      accountant.add(new QueryCharge(true, accounting.spentRdp(true),
          accounting.dataDependentRdp(votes, true)));
    }
    return CrossRunComposition.RunCurves.of(accountant);
  }

  @Test
  void oneRunComposesToItsOwnGuarantee() {
    CrossRunComposition.RunCurves one = run(Orders.defaults(), 40, 100);
    assertEquals(RdpConversions.epsilon(Orders.defaults(), one.guaranteeRdp(), DELTA,
        Conversion.IMPROVED), COMPOSITION.guarantee(List.of(one)));
    assertEquals(RdpConversions.epsilon(Orders.defaults(), one.dataDependentRdp(), DELTA,
        Conversion.IMPROVED), COMPOSITION.dataDependent(List.of(one)));
  }

  @Test
  void runsOverTheSameDataAddTheirCurvesAtEveryOrder() {
    CrossRunComposition.RunCurves a = run(Orders.defaults(), 40, 100);
    CrossRunComposition.RunCurves b = run(Orders.defaults(), 60, 300);
    double[] sum = a.guaranteeRdp();
    for (int i = 0; i < sum.length; i++) {
      sum[i] += b.guaranteeRdp()[i];
    }
    EpsilonBound composed = COMPOSITION.guarantee(List.of(a, b));
    assertEquals(RdpConversions.epsilon(Orders.defaults(), sum, DELTA, Conversion.IMPROVED),
        composed);
    assertTrue(composed.epsilon() > COMPOSITION.guarantee(List.of(a)).epsilon());
    assertTrue(composed.epsilon() > COMPOSITION.guarantee(List.of(b)).epsilon());
  }

  /** Runs over other orders compose at the orders they share, each curve read at its own index. */
  @Test
  void runsWithOtherOrdersComposeAtTheSharedOnes() {
    CrossRunComposition.RunCurves a = run(Orders.of(2, 8, 16, 32), 40, 100);
    CrossRunComposition.RunCurves b = run(Orders.of(4, 16, 32, 64), 40, 100);
    Orders shared = Orders.of(16, 32);
    assertEquals(Optional.of(shared), CrossRunComposition.sharedOrders(List.of(a, b)));
    double[] sum = {a.guaranteeRdp()[2] + b.guaranteeRdp()[1],
        a.guaranteeRdp()[3] + b.guaranteeRdp()[2]};
    assertEquals(RdpConversions.epsilon(shared, sum, DELTA, Conversion.IMPROVED),
        COMPOSITION.guarantee(List.of(a, b)));
  }

  @Test
  void runsThatShareNoOrderCannotBeComposed() {
    List<CrossRunComposition.RunCurves> apart =
        List.of(run(Orders.of(2, 8), 40, 10), run(Orders.of(4, 16), 40, 10));
    assertEquals(Optional.empty(), CrossRunComposition.sharedOrders(apart));
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> COMPOSITION.guarantee(apart));
    assertTrue(e.getMessage().startsWith("runs: they share no Renyi order"), e.getMessage());
    assertThrows(IllegalArgumentException.class,
        () -> new CrossRunComposition(0, Conversion.IMPROVED));
  }
}
