package dev.pate.aggregator.groups;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pate.aggregator.accounting.Budget;
import dev.pate.aggregator.accounting.NoiseKind;
import dev.pate.aggregator.accounting.PrivacyAccountant;
import dev.pate.aggregator.mechanism.Mechanism;
import dev.pate.aggregator.rdp.Orders;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.DoubleRange;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

/** One Renyi filter per group: no group overspends, and the tightest group stops the run. */
class GroupAccountantTest {
  private static final Orders ORDERS = Orders.defaults();
  private static final Mechanism CONFIDENT = new Mechanism.ConfidentGnmax(30, 40, 25);
  private static final Mechanism GNMAX = new Mechanism.Gnmax(25);

  private static Budget budget(double epsilon, double delta) {
    return Budget.of(epsilon, delta).withOrders(ORDERS);
  }

  private static double[] counts(Random random) {
    double[] counts = new double[4];
    for (int t = 0; t < 40; t++) {
      counts[random.nextDouble() < 0.7 ? 0 : random.nextInt(4)]++;
    }
    return counts;
  }

  /** How many queries a plain accountant of one group admits on the same outcomes. */
  private static long alone(Mechanism mechanism, PrivacyGroup group, List<Boolean> outcomes,
      List<double[]> votes) {
    PrivacyAccountant accountant = new PrivacyAccountant(ScaledSensitivityAccounting.of(
        mechanism, group.multiplier(), ORDERS, NoiseKind.DISCRETE), Optional.of(group.budget()),
        Integer.MAX_VALUE);
    int q = 0;
    while (accountant.refusal().isEmpty()) {
      accountant.charge(votes.get(q), outcomes.get(q));
      q++;
    }
    return accountant.queries();
  }

  @Property(tries = 40)
  void noGroupOverspendsAndTheTightestStops(@ForAll long seed,
      @ForAll @DoubleRange(min = 0.5, max = 2) double strictest,
      @ForAll @IntRange(min = 1, max = 3) int middle,
      @ForAll @IntRange(min = 1, max = 4) int loosest,
      @ForAll @DoubleRange(min = 0.0, max = 1.0) double answerRate) {
    Random random = new Random(seed);
    Mechanism mechanism = random.nextBoolean() ? CONFIDENT : GNMAX;
    List<PrivacyGroup> groups = List.of(
        new PrivacyGroup("strict", budget(strictest, 1e-5), 1),
        new PrivacyGroup("middle", budget(strictest * (1 + random.nextDouble() * 3), 1e-6),
            middle),
        new PrivacyGroup("loose", budget(strictest * (1 + random.nextDouble() * 4), 1e-5),
            loosest));
    List<Boolean> outcomes = new ArrayList<>();
    List<double[]> votes = new ArrayList<>();
    for (int q = 0; q < 5000; q++) {
      outcomes.add(random.nextDouble() < answerRate);
      votes.add(counts(random));
    }
    GroupAccountant accountant = new GroupAccountant(mechanism, groups, NoiseKind.DISCRETE, 5000);
    int q = 0;
    while (accountant.refusal().isEmpty()) {
      accountant.charge(votes.get(q), outcomes.get(q));
      q++;
      for (GroupStatement s : accountant.report()) {
        double budget = s.group().budget().epsilon();
        assertTrue(s.statement().epsilonSpent().epsilon() <= budget,
            s.group().name() + ": spent " + s.statement().epsilonSpent() + " > " + budget);
        // The filter's stated limit is the upper end of its bisection bracket (never
        // understated), so the guarantee may sit a rounding above the budget it enforces.
        assertTrue(s.statement().epsilonDataIndependent().epsilon() <= budget * (1 + 1e-9),
            s.group().name() + ": guarantee " + s.statement().epsilonDataIndependent() + " > "
                + budget);
        assertEquals(s.group().budget().delta(), s.statement().epsilonDataIndependent().delta());
      }
    }
    assertTrue(q < 5000, "the budgets should stop the run before the query limit");
    // It stops exactly where the first group alone would stop, and names that group.
    long first = Long.MAX_VALUE;
    List<String> stopping = new ArrayList<>();
    for (PrivacyGroup group : groups) {
      long n = alone(mechanism, group, outcomes, votes);
      if (n < first) {
        first = n;
        stopping.clear();
      }
      if (n == first) {
        stopping.add(group.name());
      }
    }
    assertEquals(first, accountant.queries());
    String refusal = accountant.refusal().orElseThrow();
    for (PrivacyGroup group : groups) {
      assertEquals(stopping.contains(group.name()),
          refusal.contains("group '" + group.name() + "'"), refusal);
    }
  }

  @Test
  void aGroupOfMultiplierOneAdmitsWhatAPlainAccountantAdmits() {
    Random random = new Random(7);
    Budget budget = budget(1.5, 1e-5);
    GroupAccountant groups = new GroupAccountant(CONFIDENT,
        List.of(new PrivacyGroup("only", budget, 1)), NoiseKind.DISCRETE, 100_000);
    PrivacyAccountant plain = new PrivacyAccountant(
        CONFIDENT.accounting(ORDERS, NoiseKind.DISCRETE), Optional.of(budget), 100_000);
    while (plain.refusal().isEmpty()) {
      assertTrue(groups.refusal().isEmpty());
      double[] counts = counts(random);
      boolean answered = random.nextBoolean();
      plain.charge(counts, answered);
      groups.charge(counts, answered);
    }
    assertTrue(groups.refusal().isPresent());
    assertEquals(plain.queries(), groups.queries());
    assertTrue(groups.queries() > 10);
    assertEquals(plain.report(1e-5, budget.conversion()).epsilonDataIndependent(),
        groups.report().get(0).statement().epsilonDataIndependent());
  }

  @Test
  void aRejectedChargeChangesNoGroup() {
    GroupAccountant accountant = new GroupAccountant(GNMAX, List.of(
        new PrivacyGroup("a", budget(1, 1e-5), 1), new PrivacyGroup("b", budget(3, 1e-5), 3)),
        NoiseKind.DISCRETE, 10);
    var charges = new ArrayList<>(accountant.costOf(new double[] {5, 1, 0, 0}, true));
    charges.set(1, new dev.pate.aggregator.accounting.QueryCharge(true,
        new double[ORDERS.size()], new double[] {1}));
    assertThrows(IllegalArgumentException.class, () -> accountant.add(charges));
    assertEquals(0, accountant.queries());
    assertEquals(0, accountant.accountant("a").queries());
  }

  @Test
  void theQueryLimitIsNotAGroupsBudget() {
    GroupAccountant accountant = new GroupAccountant(GNMAX, List.of(
        new PrivacyGroup("a", budget(50, 1e-5), 1)), NoiseKind.DISCRETE, 2);
    accountant.charge(new double[] {3, 1}, true);
    accountant.charge(new double[] {3, 1}, true);
    String refusal = accountant.refusal().orElseThrow();
    assertTrue(refusal.startsWith("queries: "), refusal);
    assertFalse(refusal.contains("group"), refusal);
  }

  @Test
  void theReleaseIsRefusedWithItsReason() {
    String why = GroupAccountant.releaseRefusal(List.of(new PrivacyGroup("a", budget(1, 1e-5), 1),
        new PrivacyGroup("b", budget(3, 1e-5), 3)));
    assertTrue(why.contains("not supported with privacy groups"), why);
    assertTrue(why.contains("max_h s_h = 3"), why);
  }

  @Test
  void badGroupsAreRefused() {
    assertThrows(IllegalArgumentException.class, () -> new GroupAccountant(GNMAX, List.of(),
        NoiseKind.DISCRETE, 1));
    assertThrows(IllegalArgumentException.class, () -> new GroupAccountant(GNMAX, List.of(
        new PrivacyGroup("a", budget(1, 1e-5), 1), new PrivacyGroup("a", budget(2, 1e-5), 2)),
        NoiseKind.DISCRETE, 1));
    assertThrows(IllegalArgumentException.class, () -> new GroupAccountant(
        new Mechanism.Lnmax(0.1), List.of(new PrivacyGroup("a", budget(1, 1e-5), 1)),
        NoiseKind.DISCRETE, 1));
    assertThrows(IllegalArgumentException.class, () -> new PrivacyGroup("a", budget(1, 1e-5), 0));
  }
}
