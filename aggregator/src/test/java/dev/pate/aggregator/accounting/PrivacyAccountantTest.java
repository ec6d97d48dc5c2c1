package dev.pate.aggregator.accounting;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pate.aggregator.lnmax.LnmaxAccounting;
import dev.pate.aggregator.rdp.Conversion;
import dev.pate.aggregator.rdp.Orders;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The accountant composes per-query costs and reports both guarantees. */
class PrivacyAccountantTest {

  /** A mechanism that may abstain: 0.01 per order if unanswered, 0.1 if answered. */
  private static final class AbstainingStub implements QueryAccounting {
    private final Orders orders = Orders.of(2, 8, 32);

    @Override
    public Orders orders() {
      return orders;
    }

    @Override
    public NoiseKind noiseKind() {
      return NoiseKind.DISCRETE;
    }

    @Override
    public double[] dataIndependentRdp(boolean answered) {
      double v = answered ? 0.1 : 0.01;
      return new double[] {v, v, v};
    }

    @Override
    public double[] dataDependentRdp(double[] counts, boolean answered) {
      double v = counts[0] < 0 ? Double.NaN : answered ? 0.05 : 0.005;
      return new double[] {v, v, v};
    }

    @Override
    public String mechanismId() {
      return "stub";
    }

    @Override
    public Map<String, Double> parameters() {
      return Map.of();
    }
  }

  @Test
  void countsQueriesAndComposesBothLedgers() {
    PrivacyAccountant accountant = new PrivacyAccountant(new AbstainingStub());
    accountant.charge(new double[] {3, 1}, true);
    accountant.charge(new double[] {2, 2}, false);
    accountant.charge(new double[] {4, 0}, true);
    assertEquals(3, accountant.queries());
    assertEquals(2, accountant.answered());
    assertArrayEquals(new double[] {0.21, 0.21, 0.21}, accountant.dataIndependentRdp(), 1e-15);
    assertArrayEquals(new double[] {0.105, 0.105, 0.105}, accountant.dataDependentRdp(), 1e-15);

    PrivacyStatement s = accountant.report(1e-5, Conversion.CLASSIC);
    assertEquals("stub", s.mechanismId());
    assertEquals(NoiseKind.DISCRETE, s.noiseKind());
    assertEquals(Orders.of(2, 8, 32), s.orders());
    assertEquals(3, s.queries());
    assertEquals(2, s.answered());
    assertEquals(1e-5, s.epsilonDataIndependent().delta());
    assertEquals(Conversion.CLASSIC, s.epsilonDataDependent().conversion());
    // Best order 32: 0.21 + ln(1e5)/31.
    assertEquals(32.0, s.epsilonDataIndependent().order());
    assertEquals(0.21 + Math.log(1e5) / 31, s.epsilonDataIndependent().epsilon(), 1e-12);
    assertEquals(0.105 + Math.log(1e5) / 31, s.epsilonDataDependent().epsilon(), 1e-12);
  }

  @Test
  void aRejectedChargeChangesNothing() {
    PrivacyAccountant accountant = new PrivacyAccountant(new AbstainingStub());
    accountant.charge(new double[] {3, 1}, true);
    assertThrows(IllegalArgumentException.class,
        () -> accountant.charge(new double[] {-1, 1}, true));
    assertEquals(1, accountant.queries());
    assertArrayEquals(new double[] {0.1, 0.1, 0.1}, accountant.dataIndependentRdp());
    assertArrayEquals(new double[] {0.05, 0.05, 0.05}, accountant.dataDependentRdp());
  }

  @Test
  void reportsBeforeAnyQueryAndGrowsWithQueries() {
    PrivacyAccountant accountant = new PrivacyAccountant(
        new LnmaxAccounting(0.05, Orders.defaults(), NoiseKind.DISCRETE));
    assertEquals(0.0, accountant.report(1e-5, Conversion.IMPROVED).epsilonDataIndependent()
        .epsilon());
    double previous = 0;
    for (int i = 0; i < 50; i++) {
      accountant.charge(new double[] {200, 30, 20}, true);
      PrivacyStatement s = accountant.report(1e-5, Conversion.IMPROVED);
      assertTrue(s.epsilonDataIndependent().epsilon() >= previous);
      assertTrue(s.epsilonDataDependent().epsilon() <= s.epsilonDataIndependent().epsilon());
      previous = s.epsilonDataIndependent().epsilon();
    }
    assertTrue(accountant.report(1e-5, Conversion.IMPROVED).epsilonDataIndependent().epsilon()
        <= accountant.report(1e-5, Conversion.CLASSIC).epsilonDataIndependent().epsilon());
  }
}
