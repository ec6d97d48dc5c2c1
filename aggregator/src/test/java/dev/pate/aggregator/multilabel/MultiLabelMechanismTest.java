package dev.pate.aggregator.multilabel;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pate.aggregator.accounting.Budget;
import dev.pate.aggregator.accounting.NoiseKind;
import dev.pate.aggregator.accounting.PrivacyAccountant;
import dev.pate.aggregator.accounting.QueryAccounting;
import dev.pate.aggregator.gnmax.GnmaxAccounting;
import dev.pate.aggregator.noise.RandomSources;
import dev.pate.aggregator.rdp.Conversion;
import dev.pate.aggregator.rdp.Orders;
import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.random.RandomGenerator;
import org.junit.jupiter.api.Test;

/** Each multi-label mechanism's accounting, parameters, answers and budget. */
class MultiLabelMechanismTest {
  private static final Orders ORDERS = Orders.of(2, 5, 10, 32.5);

  @Test
  void binaryVotingRdpIsAlphaKOverTwoSigmaSquared() {
    double sigma = 7.5;
    double[] rdp = new MultiLabelMechanism.BinaryVoting(10, sigma, 0.5)
        .accounting(ORDERS, NoiseKind.DISCRETE).dataIndependentRdp();
    for (int i = 0; i < ORDERS.size(); i++) {
      assertEquals(ORDERS.get(i) * 10 / (2 * sigma * sigma), rdp[i], 1e-15);
    }
  }

  @Test
  void tauVotingRdpIsAlphaDeltaSquaredOverTwoSigmaSquaredAndBelowBinaryWhenClipping() {
    MultiLabelMechanism.TauVoting tau = new MultiLabelMechanism.TauVoting(10, 1.5, 4, 0.5);
    double deltaSquared = tau.clipping().sensitivitySquared()
        / Math.pow(MultiLabelMechanism.TAU_GRID_SCALE, 2);
    double[] rdp = tau.accounting(ORDERS, NoiseKind.DISCRETE).dataIndependentRdp();
    double[] binary = new MultiLabelMechanism.BinaryVoting(10, 4, 0.5)
        .accounting(ORDERS, NoiseKind.DISCRETE).dataIndependentRdp();
    for (int i = 0; i < ORDERS.size(); i++) {
      assertEquals(ORDERS.get(i) * deltaSquared / (2 * 16), rdp[i], 1e-12);
      assertTrue(rdp[i] <= ORDERS.get(i) * 2 * 1.5 * 1.5 / (2 * 16) * (1 + 1e-12));
      assertTrue(rdp[i] < binary[i], "2 tau^2 = 4.5 < K = 10");
    }
  }

  @Test
  void tauAboveSqrtKIsBinaryVoting() {
    double[] tau = new MultiLabelMechanism.TauVoting(4, 2.0, 3, 0.5)
        .accounting(ORDERS, NoiseKind.DISCRETE).dataIndependentRdp();
    double[] binary = new MultiLabelMechanism.BinaryVoting(4, 3, 0.5)
        .accounting(ORDERS, NoiseKind.DISCRETE).dataIndependentRdp();
    assertArrayEquals(binary, tau, 1e-12);
  }

  @Test
  void powersetVotingIsAccountedAsGnmaxOnTheSubsetCounts() {
    MultiLabelMechanism.PowersetVoting powerset = new MultiLabelMechanism.PowersetVoting(3, 6);
    QueryAccounting accounting = powerset.accounting(ORDERS, NoiseKind.DISCRETE);
    GnmaxAccounting gnmax = new GnmaxAccounting(6, ORDERS, NoiseKind.DISCRETE);
    assertArrayEquals(gnmax.dataIndependentRdp(), accounting.dataIndependentRdp());
    assertEquals("powerset-voting", accounting.mechanismId(), "ledgers name what ran");
    assertEquals(powerset.parameters(), accounting.parameters());
    MultiLabelVotes unanimous = new MultiLabelVotes(3, new int[50]);
    double[] counts = powerset.accountingCounts(unanimous);
    assertEquals(8, counts.length);
    assertEquals(50, counts[0]);
    double[] dependent = accounting.dataDependentRdp(counts, true);
    double[] independent = accounting.dataIndependentRdp();
    assertTrue(dependent[0] < independent[0], "a unanimous vote is cheaper given the data");
    assertArrayEquals(gnmax.dataDependentRdp(counts, true), dependent);
  }

  @Test
  void parametersRoundTripThroughTheirIds() {
    List<MultiLabelMechanism> mechanisms = List.of(
        new MultiLabelMechanism.BinaryVoting(10, 7, 0.5),
        new MultiLabelMechanism.TauVoting(10, 1.5, 4, 0.4),
        new MultiLabelMechanism.PowersetVoting(10, 20));
    for (MultiLabelMechanism m : mechanisms) {
      assertEquals(m, MultiLabelMechanism.of(m.id(), m.parameters()));
      assertEquals(m.kind().parameterNames(), List.copyOf(m.parameters().keySet()));
    }
    assertThrows(IllegalArgumentException.class,
        () -> MultiLabelMechanism.of("gnmax", mechanisms.get(0).parameters()));
    assertThrows(IllegalArgumentException.class,
        () -> new MultiLabelMechanism.PowersetVoting(17, 1));
    assertThrows(IllegalArgumentException.class,
        () -> new MultiLabelMechanism.BinaryVoting(3, 1, 1.0));
    assertThrows(IllegalArgumentException.class, () -> MultiLabelMechanism.of("binary-voting",
        java.util.Map.of("labels", 2.5, "sigma", 1.0, "threshold", 0.5)));
  }

  /** 40 teachers: labels 0 and 2 voted by 36, label 1 by 4, label 3 by none. */
  private static MultiLabelVotes clearVotes() {
    int[] masks = new int[40];
    for (int t = 0; t < 40; t++) {
      masks[t] = t < 36 ? 0b0101 : 0b0010;
    }
    return new MultiLabelVotes(4, masks);
  }

  @Test
  void lowNoiseAnswersAreTheMajorityLabelSet() {
    RandomGenerator rng = new SplittableRandom(7);
    for (MultiLabelMechanism m : List.of(
        new MultiLabelMechanism.BinaryVoting(4, 1, 0.5),
        new MultiLabelMechanism.TauVoting(4, 1.0, 1, 0.3),
        new MultiLabelMechanism.PowersetVoting(4, 1))) {
      for (int i = 0; i < 20; i++) {
        assertEquals(0b0101, m.aggregator().answer(clearVotes(), rng).positiveMask(), m.id());
      }
    }
  }

  @Test
  void answersAreReproducibleFromTheSeed() {
    MultiLabelAggregator aggregator = new MultiLabelMechanism.BinaryVoting(4, 30, 0.5)
        .aggregator();
    int[] first = new int[50];
    int[] second = new int[50];
    RandomGenerator a = new SplittableRandom(11);
    RandomGenerator b = new SplittableRandom(11);
    for (int i = 0; i < 50; i++) {
      first[i] = aggregator.answer(clearVotes(), a).positiveMask();
      second[i] = aggregator.answer(clearVotes(), b).positiveMask();
    }
    assertArrayEquals(first, second);
    assertTrue(java.util.Arrays.stream(first).distinct().count() > 1, "sigma 30 is noisy");
  }

  @Test
  void theBudgetFilterNeverOverspends() {
    Budget budget = new Budget(2.0, 1e-5, Conversion.IMPROVED, Orders.defaults());
    for (MultiLabelMechanism m : List.of(
        new MultiLabelMechanism.BinaryVoting(10, 20, 0.5),
        new MultiLabelMechanism.TauVoting(10, 1.5, 10, 0.5),
        new MultiLabelMechanism.PowersetVoting(4, 8))) {
      QueryAccounting accounting = m.accounting(Orders.defaults(), NoiseKind.DISCRETE);
      PrivacyAccountant accountant =
          new PrivacyAccountant(accounting, Optional.of(budget), 100_000);
      MultiLabelVotes votes = new MultiLabelVotes(m.labels(), new int[] {1, 2, 3, 1});
      int asked = 0;
      while (accountant.refusal().isEmpty()) {
        accountant.charge(m.accountingCounts(votes), true);
        asked++;
      }
      double epsilon = accountant.report(budget.delta(), budget.conversion())
          .epsilonDataIndependent().epsilon();
      assertTrue(asked > 0, m.id());
      assertTrue(epsilon <= budget.epsilon(), m.id() + ": " + epsilon);
      // One more query would have overspent: the filter stops at the last one that fits.
      assertTrue(accountant.spentEpsilonWith(accounting.dataIndependentRdp(), budget.delta(),
          budget.conversion()).epsilon() > budget.epsilon(), m.id());
    }
  }
}
