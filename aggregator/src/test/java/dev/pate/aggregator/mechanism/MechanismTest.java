package dev.pate.aggregator.mechanism;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pate.aggregator.accounting.NoiseKind;
import dev.pate.aggregator.accounting.QueryAccounting;
import dev.pate.aggregator.gnmax.ConfidentGnmaxAccounting;
import dev.pate.aggregator.gnmax.GnmaxAccounting;
import dev.pate.aggregator.lnmax.LnmaxAccounting;
import dev.pate.aggregator.rdp.Orders;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class MechanismTest {
  private static final List<Mechanism> ALL = List.of(new Mechanism.Lnmax(0.05),
      new Mechanism.Gnmax(40), new Mechanism.ConfidentGnmax(200, 150, 40));

  @Test
  void idsAndParametersAreThoseOfTheAggregatorAndTheAccounting() {
    Orders orders = Orders.defaults();
    for (Mechanism m : ALL) {
      for (NoiseKind noise : NoiseKind.values()) {
        QueryAccounting accounting = m.accounting(orders, noise);
        assertEquals(accounting.mechanismId(), m.id(), m.toString());
        assertEquals(accounting.parameters(), m.parameters(), m.toString());
        assertEquals(List.copyOf(accounting.parameters().keySet()),
            List.copyOf(m.parameters().keySet()), "order of " + m);
        assertEquals(noise, accounting.noiseKind());
      }
      assertEquals(m.id(), m.aggregator().id(), m.toString());
      assertEquals(m.kind().parameterNames(), List.copyOf(m.parameters().keySet()));
      assertTrue(m.kind().parameterNames().contains(m.kind().answerNoiseParameter()));
    }
  }

  @Test
  void accountingIsTheMechanismsOwnClassWithItsNumbers() {
    Orders orders = Orders.of(2, 8, 32);
    assertArrayEquals(new LnmaxAccounting(0.05, orders, NoiseKind.DISCRETE).dataIndependentRdp(),
        ALL.get(0).accounting(orders, NoiseKind.DISCRETE).dataIndependentRdp());
    assertArrayEquals(new GnmaxAccounting(40, orders, NoiseKind.DISCRETE).dataIndependentRdp(),
        ALL.get(1).accounting(orders, NoiseKind.DISCRETE).dataIndependentRdp());
    double[] counts = {180, 60, 10};
    assertArrayEquals(
        new ConfidentGnmaxAccounting(200, 150, 40, orders, NoiseKind.DISCRETE)
            .dataDependentRdp(counts, true),
        ALL.get(2).accounting(orders, NoiseKind.DISCRETE).dataDependentRdp(counts, true));
  }

  @Test
  void idAndParametersGiveBackTheMechanism() {
    for (Mechanism m : ALL) {
      assertEquals(m, Mechanism.of(m.id(), m.parameters()));
      assertEquals(m.kind(), Mechanism.Kind.fromId(m.id()));
    }
  }

  @Test
  void refusesUnknownIdsAndParameters() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> Mechanism.Kind.fromId("dp-sgd"));
    assertEquals("mechanism: 'dp-sgd' is not one of lnmax, gnmax, confident-gnmax",
        e.getMessage());
    e = assertThrows(IllegalArgumentException.class,
        () -> Mechanism.of("gnmax", Map.of("gamma", 1.0)));
    assertTrue(e.getMessage().startsWith("parameters: gnmax takes sigma"), e.getMessage());
    e = assertThrows(IllegalArgumentException.class,
        () -> Mechanism.of("confident-gnmax", Map.of("threshold", 1.0, "sigma1", 2.0)));
    assertTrue(e.getMessage().startsWith("parameters:"), e.getMessage());
    e = assertThrows(IllegalArgumentException.class,
        () -> Mechanism.of("lnmax", Map.of("gamma", -1.0)));
    assertTrue(e.getMessage().startsWith("gamma:"), e.getMessage());
  }
}
