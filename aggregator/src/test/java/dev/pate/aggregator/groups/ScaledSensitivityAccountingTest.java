package dev.pate.aggregator.groups;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pate.aggregator.accounting.NoiseKind;
import dev.pate.aggregator.accounting.QueryAccounting;
import dev.pate.aggregator.mechanism.Mechanism;
import dev.pate.aggregator.rdp.Conversion;
import dev.pate.aggregator.rdp.Orders;
import dev.pate.aggregator.rdp.RdpConversions;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The accounting a record of multiplier s sees: s^2 times the base, data-dependent below it. */
class ScaledSensitivityAccountingTest {
  private static final Orders ORDERS = Orders.defaults();
  private static final List<Mechanism> MECHANISMS = List.of(new Mechanism.Gnmax(40),
      new Mechanism.ConfidentGnmax(180, 60, 30), new Mechanism.Gnmax(3.5),
      new Mechanism.ConfidentGnmax(6, 2.5, 1.5));

  private static double[] randomCounts(Random random, int teachers, int classes) {
    double[] counts = new double[classes];
    double concentration = random.nextDouble();
    for (int t = 0; t < teachers; t++) {
      int vote = random.nextDouble() < concentration ? 0 : random.nextInt(classes);
      counts[vote]++;
    }
    return counts;
  }

  @Test
  void multiplierOneIsTheBaseExactly() {
    Random random = new Random(26);
    for (Mechanism mechanism : MECHANISMS) {
      for (NoiseKind noise : NoiseKind.values()) {
        QueryAccounting base = mechanism.accounting(ORDERS, noise);
        ScaledSensitivityAccounting one = ScaledSensitivityAccounting.of(mechanism, 1, ORDERS,
            noise);
        assertArrayEquals(base.dataIndependentRdp(), one.dataIndependentRdp(), 0.0);
        assertArrayEquals(base.spentRdp(true), one.spentRdp(true), 0.0);
        assertArrayEquals(base.spentRdp(false), one.spentRdp(false), 0.0);
        assertEquals(base.abstentionSpendsLess(), one.abstentionSpendsLess());
        for (int i = 0; i < 30; i++) {
          double[] counts = randomCounts(random, 250, 10);
          for (boolean answered : new boolean[] {true, false}) {
            assertArrayEquals(base.dataDependentRdp(counts, answered),
                one.dataDependentRdp(counts, answered), 0.0, mechanism + " " + noise);
          }
        }
      }
    }
  }

  @Test
  void dataIndependentAndSpentAreExactlySSquaredTimesTheBase() {
    for (Mechanism mechanism : MECHANISMS) {
      QueryAccounting base = mechanism.accounting(ORDERS, NoiseKind.DISCRETE);
      for (int s = 1; s <= 5; s++) {
        ScaledSensitivityAccounting scaled = ScaledSensitivityAccounting.of(mechanism, s, ORDERS,
            NoiseKind.DISCRETE);
        double[] b = base.dataIndependentRdp();
        double[] bSpent = base.spentRdp(false);
        double[] d = scaled.dataIndependentRdp();
        double[] dSpent = scaled.spentRdp(false);
        for (int i = 0; i < ORDERS.size(); i++) {
          assertEquals(b[i] * (s * s), d[i], 0.0);
          assertEquals(bSpent[i] * (s * s), dSpent[i], 0.0);
        }
      }
    }
  }

  /** The Gaussian's RDP at the stated L2 sensitivity: alpha Delta^2 / (2 sigma^2). */
  @Test
  void gnmaxDataIndependentIsTheGaussianAtTheStatedSensitivity() {
    double sigma = 40;
    for (int s = 1; s <= 4; s++) {
      ScaledSensitivityAccounting scaled = ScaledSensitivityAccounting.of(
          new Mechanism.Gnmax(sigma), s, ORDERS, NoiseKind.DISCRETE);
      double delta = scaled.l2Sensitivity();
      double[] rdp = scaled.dataIndependentRdp();
      for (int i = 0; i < ORDERS.size(); i++) {
        double expected = ORDERS.get(i) * delta * delta / (2 * sigma * sigma);
        assertEquals(expected, rdp[i], 1e-12 * expected);
      }
      // The threshold check: the max count's sensitivity, alpha Delta^2 / (2 sigma1^2).
      double sigma1 = 60;
      ScaledSensitivityAccounting confident = ScaledSensitivityAccounting.of(
          new Mechanism.ConfidentGnmax(180, sigma1, 30), s, ORDERS, NoiseKind.DISCRETE);
      double[] threshold = confident.spentRdp(false);
      int m = confident.maxCountSensitivity();
      for (int i = 0; i < ORDERS.size(); i++) {
        double expected = ORDERS.get(i) * m * m / (2 * sigma1 * sigma1);
        assertEquals(expected, threshold[i], 1e-12 * expected);
      }
    }
  }

  /**
   * The formula against the divergence itself: runs draw discrete Gaussian noise, so the exact
   * Renyi divergence of {@code N_Z(0, sigma^2)} and {@code N_Z(s, sigma^2)} (a record of multiplier
   * s moves one count by up to s), summed over the integer lattice, must not exceed what the
   * accounting charges: GNMax's two moved counts twice that, the threshold check's one count once.
   */
  @Test
  void theChargeBoundsTheExactDivergenceOfTheDiscreteNoise() {
    for (double sigma : new double[] {2.5, 7, 40}) {
      for (int s = 1; s <= 3; s++) {
        double[] gnmax = ScaledSensitivityAccounting.of(new Mechanism.Gnmax(sigma), s, ORDERS,
            NoiseKind.DISCRETE).dataIndependentRdp();
        double[] threshold = ScaledSensitivityAccounting.of(
            new Mechanism.ConfidentGnmax(100, sigma, 50), s, ORDERS, NoiseKind.DISCRETE)
            .spentRdp(false);
        for (int i = 0; i < ORDERS.size(); i++) {
          double order = ORDERS.get(i);
          double exact = discreteGaussianDivergence(sigma, s, order);
          String at = "sigma " + sigma + ", s " + s + ", order " + order;
          assertTrue(exact > 0, at);
          assertTrue(2 * exact <= gnmax[i] * (1 + 1e-9), at + ": " + 2 * exact + " > " + gnmax[i]);
          assertTrue(exact <= threshold[i] * (1 + 1e-9), at + ": " + exact + " > " + threshold[i]);
        }
      }
    }
  }

  /** {@code D_order(N_Z(0, sigma^2) || N_Z(shift, sigma^2))}, summed over the lattice. */
  private static double discreteGaussianDivergence(double sigma, int shift, double order) {
    // The summand of the divergence peaks at z = -(order - 1) shift: reach well past it.
    int reach = shift + (int) Math.ceil((order - 1) * shift + 40 * sigma);
    double logNormP = logSumExp(z -> -z * z / (2 * sigma * sigma), -reach, reach);
    double logNormQ = logSumExp(z -> -(z - shift) * (z - shift) / (2 * sigma * sigma), -reach,
        reach + shift);
    double logSum = logSumExp(z -> order * (-z * z / (2 * sigma * sigma) - logNormP)
        + (1 - order) * (-(z - shift) * (z - shift) / (2 * sigma * sigma) - logNormQ), -reach,
        reach + shift);
    return logSum / (order - 1);
  }

  private static double logSumExp(java.util.function.DoubleUnaryOperator logTerm, int from,
      int to) {
    double max = Double.NEGATIVE_INFINITY;
    for (int z = from; z <= to; z++) {
      max = Math.max(max, logTerm.applyAsDouble(z));
    }
    double sum = 0;
    for (int z = from; z <= to; z++) {
      sum += Math.exp(logTerm.applyAsDouble(z) - max);
    }
    return max + Math.log(sum);
  }

  @Test
  void dataDependentIsBetweenZeroAndTheScaledDataIndependent() {
    Random random = new Random(2026);
    for (Mechanism mechanism : MECHANISMS) {
      for (NoiseKind noise : NoiseKind.values()) {
        for (int s = 1; s <= 4; s++) {
          ScaledSensitivityAccounting scaled = ScaledSensitivityAccounting.of(mechanism, s,
              ORDERS, noise);
          for (int q = 0; q < 20; q++) {
            double[] counts = randomCounts(random, 250, 10);
            for (boolean answered : new boolean[] {true, false}) {
              double[] dd = scaled.dataDependentRdp(counts, answered);
              double[] spent = scaled.spentRdp(answered);
              double[] worst = scaled.dataIndependentRdp();
              for (int i = 0; i < ORDERS.size(); i++) {
                assertTrue(dd[i] >= 0, "negative at order " + ORDERS.get(i));
                assertTrue(dd[i] <= spent[i] && dd[i] <= worst[i], mechanism + " s " + s
                    + " order " + ORDERS.get(i) + ": " + dd[i] + " > " + spent[i]);
              }
            }
          }
        }
      }
    }
  }

  /**
   * A near-unanimous vote, asked 100 times: Theorem 6 beats the scaled worst case, so the scaled
   * data-dependent cost is not just the fallback; and it is more than multiplier 1 pays.
   */
  @Test
  void aConfidentVoteCostsLessThanTheScaledWorstCase() {
    double[] counts = {245, 3, 2, 0, 0, 0, 0, 0, 0, 0};
    for (Mechanism mechanism : List.of(new Mechanism.Gnmax(40),
        new Mechanism.ConfidentGnmax(180, 60, 40))) {
      for (int s = 2; s <= 3; s++) {
        ScaledSensitivityAccounting scaled = ScaledSensitivityAccounting.of(mechanism, s, ORDERS,
            NoiseKind.DISCRETE);
        double dependent = hundredQueries(scaled.dataDependentRdp(counts, true));
        double independent = hundredQueries(scaled.dataIndependentRdp());
        assertTrue(dependent < 0.5 * independent,
            mechanism + " s " + s + ": " + dependent + " vs " + independent);
        double one = hundredQueries(ScaledSensitivityAccounting.of(mechanism, 1, ORDERS,
            NoiseKind.DISCRETE).dataDependentRdp(counts, true));
        assertTrue(dependent > one, dependent + " <= " + one);
      }
    }
  }

  private static double hundredQueries(double[] perQuery) {
    double[] rdp = perQuery.clone();
    for (int i = 0; i < rdp.length; i++) {
      rdp[i] *= 100;
    }
    return RdpConversions.epsilon(ORDERS, rdp, 1e-5, Conversion.IMPROVED).epsilon();
  }

  @Test
  void theMultiplierIsInTheParametersSoALedgerCannotMistakeIt() {
    ScaledSensitivityAccounting scaled = ScaledSensitivityAccounting.of(new Mechanism.Gnmax(40),
        1, ORDERS, NoiseKind.DISCRETE);
    assertEquals(1.0, scaled.parameters().get(ScaledSensitivityAccounting.SENSITIVITY));
    assertEquals(40.0, scaled.parameters().get("sigma"));
    // What a ledger header does with them: the plain mechanism refuses the extra parameter.
    assertThrows(IllegalArgumentException.class,
        () -> Mechanism.of(scaled.mechanismId(), scaled.parameters()));
  }

  @Test
  void lnmaxIsRefusedWithTheReason() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> ScaledSensitivityAccounting.of(new Mechanism.Lnmax(0.1), 2, ORDERS,
            NoiseKind.DISCRETE));
    assertTrue(e.getMessage().startsWith("mechanism: lnmax"), e.getMessage());
    assertTrue(e.getMessage().contains("does not scale as s^2"), e.getMessage());
  }
}
