package dev.pate.aggregator.accounting;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pate.aggregator.gnmax.ConfidentGnmaxAccounting;
import dev.pate.aggregator.gnmax.GnmaxAccounting;
import dev.pate.aggregator.lnmax.LnmaxAccounting;
import dev.pate.aggregator.rdp.Conversion;
import dev.pate.aggregator.rdp.EpsilonBound;
import dev.pate.aggregator.rdp.Orders;
import dev.pate.aggregator.rdp.RdpConversions;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The accountant composes per-query costs, guards a budget and states a data-independent guarantee. */
class PrivacyAccountantTest {
  private static final double DELTA = 1e-5;

  /** A mechanism that may abstain: spends 0.01 per order if unanswered, 0.1 if answered. */
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
    public double[] dataIndependentRdp() {
      return new double[] {0.1, 0.1, 0.1};
    }

    @Override
    public double[] spentRdp(boolean answered) {
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

  private static ConfidentGnmaxAccounting confident() {
    return new ConfidentGnmaxAccounting(200, 150, 40, Orders.defaults(), NoiseKind.DISCRETE);
  }

  private static EpsilonBound epsilonOf(QueryAccounting a, double times, double delta,
      Conversion conversion) {
    double[] rdp = a.dataIndependentRdp();
    for (int i = 0; i < rdp.length; i++) {
      rdp[i] *= times;
    }
    return RdpConversions.epsilon(a.orders(), rdp, delta, conversion);
  }

  @Test
  void countsQueriesAndComposesEveryLedger() {
    PrivacyAccountant accountant = new PrivacyAccountant(new AbstainingStub());
    accountant.charge(new double[] {3, 1}, true);
    accountant.charge(new double[] {2, 2}, false);
    accountant.charge(new double[] {4, 0}, true);
    assertEquals(3, accountant.queries());
    assertEquals(2, accountant.answered());
    assertArrayEquals(new double[] {0.21, 0.21, 0.21}, accountant.spentRdp(), 1e-15);
    assertArrayEquals(new double[] {0.105, 0.105, 0.105}, accountant.dataDependentRdp(), 1e-15);

    PrivacyStatement s = accountant.report(DELTA, Conversion.CLASSIC);
    assertEquals("stub", s.mechanismId());
    assertEquals(NoiseKind.DISCRETE, s.noiseKind());
    assertEquals(Orders.of(2, 8, 32), s.orders());
    assertEquals(3, s.queries());
    assertEquals(2, s.answered());
    assertEquals(DELTA, s.epsilonDataIndependent().delta());
    assertEquals(Conversion.CLASSIC, s.epsilonDataDependent().conversion());
    // Best order 32. The guarantee charges all three queries at the worst case, 0.1 each, though
    // the one that abstained spent only 0.01.
    assertEquals(GuaranteeBasis.EVERY_QUERY_ASKED, s.basis());
    assertEquals(32.0, s.epsilonDataIndependent().order());
    assertEquals(0.3 + Math.log(1e5) / 31, s.epsilonDataIndependent().epsilon(), 1e-12);
    assertEquals(0.21 + Math.log(1e5) / 31, s.epsilonSpent().epsilon(), 1e-12);
    assertEquals(0.105 + Math.log(1e5) / 31, s.epsilonDataDependent().epsilon(), 1e-12);
  }

  @Test
  void aRejectedChargeChangesNothing() {
    PrivacyAccountant accountant = new PrivacyAccountant(new AbstainingStub());
    accountant.charge(new double[] {3, 1}, true);
    assertThrows(IllegalArgumentException.class,
        () -> accountant.charge(new double[] {-1, 1}, true));
    assertEquals(1, accountant.queries());
    assertArrayEquals(new double[] {0.1, 0.1, 0.1}, accountant.spentRdp());
    assertArrayEquals(new double[] {0.05, 0.05, 0.05}, accountant.dataDependentRdp());
  }

  @Test
  void reportsBeforeAnyQueryAndGrowsWithQueries() {
    PrivacyAccountant accountant = new PrivacyAccountant(
        new LnmaxAccounting(0.05, Orders.defaults(), NoiseKind.DISCRETE));
    assertEquals(0.0, accountant.report(DELTA, Conversion.IMPROVED).epsilonDataIndependent()
        .epsilon());
    double previous = 0;
    for (int i = 0; i < 50; i++) {
      accountant.charge(new double[] {200, 30, 20}, true);
      PrivacyStatement s = accountant.report(DELTA, Conversion.IMPROVED);
      assertTrue(s.epsilonDataIndependent().epsilon() >= previous);
      assertTrue(s.epsilonDataDependent().epsilon() <= s.epsilonDataIndependent().epsilon());
      // LNMax always answers: what it spent is the worst case (to the rounding of a sum).
      assertEquals(s.epsilonDataIndependent().epsilon(), s.epsilonSpent().epsilon(), 1e-12);
      assertTrue(s.epsilonDataIndependent().epsilon() >= s.epsilonSpent().epsilon());
      previous = s.epsilonDataIndependent().epsilon();
    }
    assertTrue(accountant.report(DELTA, Conversion.IMPROVED).epsilonDataIndependent().epsilon()
        <= accountant.report(DELTA, Conversion.CLASSIC).epsilonDataIndependent().epsilon());
  }

  /**
   * Without a budget the Confident-GNMax guarantee is every query at both steps' cost, whichever
   * queries abstained: the same figure for every answer pattern, above what abstentions spent.
   */
  @Test
  void confidentGuaranteeWithoutBudgetChargesEveryQueryInFull() {
    int queries = 640;
    EpsilonBound expected = epsilonOf(confident(), queries, DELTA, Conversion.IMPROVED);
    Random random = new Random(3);
    for (double answerRate : new double[] {0, 0.3, 1}) {
      PrivacyAccountant accountant = new PrivacyAccountant(confident());
      for (int q = 0; q < queries; q++) {
        accountant.charge(new double[] {220, 20, 10}, random.nextDouble() < answerRate);
      }
      PrivacyStatement s = accountant.report(DELTA, Conversion.IMPROVED);
      assertEquals(GuaranteeBasis.EVERY_QUERY_ASKED, s.basis());
      assertEquals(expected, s.epsilonDataIndependent(), "answer rate " + answerRate);
      if (answerRate < 1) {
        assertTrue(s.epsilonSpent().epsilon() < expected.epsilon());
      }
    }
  }

  /**
   * With a budget, labelling is a Renyi filter: whatever the answers, it never asks a query whose
   * worst case could take the spent total over the budget, and the guarantee is the budget (at
   * the budget's delta), the same for every answer pattern.
   */
  @Test
  void aBudgetedConfidentRunIsGuaranteedTheBudgetWhateverItAnswered() {
    Budget budget = new Budget(2.0, DELTA, Conversion.IMPROVED, Orders.defaults());
    int allowed = 100_000;
    Random random = new Random(11);
    for (double answerRate : new double[] {0, 0.1, 0.5, 1}) {
      PrivacyAccountant accountant = new PrivacyAccountant(confident(), Optional.of(budget), allowed);
      int asked = 0;
      while (accountant.refusal().isEmpty()) {
        accountant.charge(new double[] {220, 20, 10}, random.nextDouble() < answerRate);
        asked++;
        assertTrue(accountant.report(DELTA, Conversion.IMPROVED).epsilonSpent().epsilon()
            <= budget.epsilon(), "the spent total never exceeds the budget");
      }
      assertTrue(asked < allowed);
      PrivacyStatement s = accountant.report(DELTA, Conversion.IMPROVED);
      assertEquals(GuaranteeBasis.BUDGET_FILTER, s.basis());
      assertEquals(budget.epsilon(), s.epsilonDataIndependent().epsilon(), 1e-9);
      assertTrue(s.epsilonDataIndependent().epsilon() >= budget.epsilon(), "never understated");
      assertTrue(s.epsilonSpent().epsilon() <= s.epsilonDataIndependent().epsilon());
      // Every query asked at its worst case would be more than the budget once some abstained.
      if (answerRate < 1) {
        assertTrue(epsilonOf(confident(), asked, DELTA, Conversion.IMPROVED).epsilon()
            > budget.epsilon());
      }
    }
  }

  @Test
  void aBudgetThatDoesNotBindLeavesEveryAllowedQueryAtItsWorstCase() {
    Budget budget = new Budget(50.0, DELTA, Conversion.IMPROVED, Orders.defaults());
    int allowed = 300;
    PrivacyAccountant accountant = new PrivacyAccountant(confident(), Optional.of(budget), allowed);
    for (int q = 0; q < 120; q++) {
      assertTrue(accountant.refusal().isEmpty());
      accountant.charge(new double[] {150, 80, 20}, q % 2 == 0);
    }
    PrivacyStatement s = accountant.report(DELTA, Conversion.CLASSIC);
    assertEquals(GuaranteeBasis.EVERY_QUERY_ALLOWED, s.basis());
    assertEquals(epsilonOf(confident(), allowed, DELTA, Conversion.CLASSIC),
        s.epsilonDataIndependent());
  }

  /** GNMax always answers: the budget stops at the same query whatever the votes. */
  @Test
  void aBudgetedGnmaxRunIsGuaranteedWhatItAsked() {
    GnmaxAccounting gnmax = new GnmaxAccounting(40, Orders.defaults(), NoiseKind.DISCRETE);
    Budget budget = new Budget(1.0, DELTA, Conversion.IMPROVED, Orders.defaults());
    PrivacyAccountant accountant = new PrivacyAccountant(gnmax, Optional.of(budget), 10_000);
    int asked = 0;
    while (accountant.refusal().isEmpty()) {
      accountant.charge(new double[] {100, 100, 50}, true);
      asked++;
    }
    PrivacyStatement s = accountant.report(DELTA, Conversion.IMPROVED);
    assertEquals(GuaranteeBasis.EVERY_QUERY_ASKED, s.basis());
    assertEquals(epsilonOf(gnmax, asked, DELTA, Conversion.IMPROVED), s.epsilonDataIndependent());
    assertTrue(s.epsilonDataIndependent().epsilon() <= budget.epsilon());
    assertTrue(epsilonOf(gnmax, asked + 1, DELTA, Conversion.IMPROVED).epsilon()
        > budget.epsilon());
    assertTrue(accountant.refusal().orElseThrow().startsWith("budget: the next query's"));
  }

  @Test
  void aBudgetOverOtherOrdersIsRefused() {
    Budget budget = new Budget(1.0, DELTA, Conversion.IMPROVED, Orders.of(2, 3));
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> new PrivacyAccountant(confident(), Optional.of(budget), 10));
    assertTrue(e.getMessage().startsWith("budget: "), e.getMessage());
  }

  /**
   * A reserved mechanism (a later release) is in the guarantee from the start, leaves less of a
   * budget for queries, and is spent once when it runs.
   */
  @Test
  void aReservedReleaseIsPartOfTheGuaranteeAndOfTheBudget() {
    GnmaxAccounting gnmax = new GnmaxAccounting(40, Orders.defaults(), NoiseKind.DISCRETE);
    double[] reserve = new double[Orders.defaults().size()];
    for (int i = 0; i < reserve.length; i++) {
      double order = Orders.defaults().get(i);
      reserve[i] = order < 50 ? 0.002 * order : Double.POSITIVE_INFINITY; // no bound above 50
    }
    Budget budget = new Budget(1.0, DELTA, Conversion.IMPROVED, Orders.defaults());
    int plain = askedUntilRefused(new PrivacyAccountant(gnmax, Optional.of(budget), 10_000));
    PrivacyAccountant withReserve =
        new PrivacyAccountant(gnmax, Optional.of(budget), 10_000, reserve);
    int reserved = askedUntilRefused(withReserve);
    assertTrue(reserved < plain, reserved + " queries with the reserve, " + plain + " without");

    double[] expected = gnmax.dataIndependentRdp();
    for (int i = 0; i < expected.length; i++) {
      expected[i] = reserved * expected[i] + reserve[i];
    }
    EpsilonBound guarantee = RdpConversions.epsilon(Orders.defaults(), expected, DELTA,
        Conversion.IMPROVED);
    assertEquals(guarantee, withReserve.report(DELTA, Conversion.IMPROVED)
        .epsilonDataIndependent(), "charged or not, the reserve is in the guarantee");
    assertTrue(guarantee.epsilon() <= budget.epsilon());
    withReserve.chargeReserved();
    assertEquals(guarantee, withReserve.report(DELTA, Conversion.IMPROVED)
        .epsilonDataIndependent());
    assertTrue(withReserve.report(DELTA, Conversion.IMPROVED).epsilonSpent().epsilon()
        <= budget.epsilon());
    assertThrows(IllegalStateException.class, withReserve::chargeReserved);
  }

  private static int askedUntilRefused(PrivacyAccountant accountant) {
    int asked = 0;
    while (accountant.refusal().isEmpty()) {
      accountant.charge(new double[] {100, 100, 50}, true);
      asked++;
    }
    return asked;
  }
}
