package dev.pate.aggregator.planning;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pate.aggregator.accounting.NoiseKind;
import dev.pate.aggregator.gnmax.ConfidentGnmaxAccounting;
import dev.pate.aggregator.gnmax.GnmaxAccounting;
import dev.pate.aggregator.release.ReleaseParameters;
import dev.pate.aggregator.release.ReleaseTarget;
import dev.pate.aggregator.release.SmoothSensitivityRelease;
import dev.pate.aggregator.rdp.Conversion;
import dev.pate.aggregator.rdp.Orders;
import dev.pate.aggregator.rdp.RdpConversions;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

class ReleasePlannerTest {
  private static final int TEACHERS = 250;
  private static final int CLASSES = 10;
  private static final Orders ORDERS = Orders.defaults();

  private static ReleaseParameters plan(double accuracy, ReleaseTarget target, int queries) {
    return ReleasePlanner.plan(VoteProfile.fromTeacherAccuracy(accuracy, TEACHERS, CLASSES),
        target, queries, 1e-5, ORDERS, Conversion.IMPROVED);
  }

  /**
   * The plan optimises the release on the modelled votes with its exact cost: at its order, the
   * best (beta, sigma_ss) for the expected published epsilon (RDP plus cost plus two standard
   * deviations), and no neighbouring order where a release is possible does better.
   */
  @Test
  void planMinimisesTheExpectedPublishedEpsilonOnTheModelledVotes() {
    for (boolean expected : new boolean[] {false, true}) {
      assertPlanMinimisesThePublishedEpsilon(
          ReleaseTarget.confidentGnmax(TEACHERS, CLASSES, 200, 150, 40, expected));
    }
  }

  /**
   * A run's targets, discrete noise: GNMax and Confident-GNMax over a transcript whose answers
   * are modelled by their probability, so that a modelled query's RDP is the accountant's
   * expected RDP exactly.
   */
  @Test
  void runTargetsArePlannedWithDiscreteNoiseAndModelledAnswers() {
    ConfidentGnmaxAccounting confident =
        new ConfidentGnmaxAccounting(200, 150, 40, ORDERS, NoiseKind.DISCRETE);
    ReleaseTarget transcript = ReleaseTarget.forRun(confident, TEACHERS, CLASSES);
    ReleaseTarget gnmax = ReleaseTarget.forRun(
        new GnmaxAccounting(40, ORDERS, NoiseKind.DISCRETE), TEACHERS, CLASSES);
    assertPlanMinimisesThePublishedEpsilon(transcript);
    assertPlanMinimisesThePublishedEpsilon(gnmax);
    assertNotEquals(plan(0.9, gnmax, 100), plan(0.9, ReleaseTarget.gnmax(TEACHERS, CLASSES, 40),
        100), "the noise kind is planned for");
    ReleaseParameters p = plan(0.9, transcript, 100);
    SmoothSensitivityRelease r = new SmoothSensitivityRelease(transcript, p.order());
    int i = Arrays.binarySearch(ORDERS.toArray(), p.order());
    for (VoteProfile.Row row : VoteProfile.fromTeacherAccuracy(0.6, TEACHERS, CLASSES).rows()) {
      assertEquals(confident.expectedRdp(row.counts())[i], r.modelledQueryRdp(row.counts()),
          0.0, Arrays.toString(row.counts()));
    }
  }

  private static void assertPlanMinimisesThePublishedEpsilon(ReleaseTarget target) {
    ReleaseParameters p = plan(0.9, target, 100);
    assertTrue(p.order() < ReleaseParameters.maxOrder(p.beta()), p.toString());
    assertTrue(Double.isFinite(p.releaseRdp()), p.toString());
    double[] all = ORDERS.toArray();
    int i = Arrays.binarySearch(all, p.order());
    assertTrue(i >= 0, p.toString());
    double atPlan = publishedEpsilon(target, p.order(), p);
    for (int j = i - 1; j <= i + 1; j += 2) {
      if (j >= 0 && j < all.length && new SmoothSensitivityRelease(target, all[j]).possible()) {
        assertTrue(publishedEpsilon(target, all[j], null) >= atPlan,
            target + ": order " + all[j] + " beats " + p.order());
      }
    }
  }

  /**
   * The expected published epsilon of the best release at this order; with {@code planned},
   * also checks that it is that best release and that the criterion is what it says.
   */
  private static double publishedEpsilon(ReleaseTarget target, double order,
      ReleaseParameters planned) {
    VoteProfile profile = VoteProfile.fromTeacherAccuracy(0.9, TEACHERS, CLASSES);
    SmoothSensitivityRelease r = new SmoothSensitivityRelease(target, order);
    for (VoteProfile.Row row : profile.rows()) {
      r.addModelled(row.counts(), 100 * row.weight());
    }
    SmoothSensitivityRelease.ParameterChoice choice = r.optimalParameters().orElseThrow();
    if (planned != null) {
      assertEquals(choice.parameters(), planned, target.toString());
      assertEquals(expectedRdp(r, profile, 100) + planned.releaseRdp()
          + 2 * r.smoothSensitivity(planned.beta()) * planned.sigmaSs(),
          choice.expectedUpperRdp(), 1e-9, target + ": the criterion");
    }
    return RdpConversions.epsilonAtOrder(order, choice.expectedUpperRdp(), 1e-5,
        Conversion.IMPROVED);
  }

  /**
   * (beta, sigma_ss) are a minimum of the criterion at their order: moving either by 5% either
   * way does not lower it.
   */
  @Test
  void parametersAreALocalMinimumOfTheExactCriterion() {
    ReleaseTarget target = ReleaseTarget.confidentGnmax(TEACHERS, CLASSES, 200, 150, 40, false);
    ReleaseParameters p = plan(0.9, target, 100);
    SmoothSensitivityRelease r = new SmoothSensitivityRelease(target, p.order());
    for (VoteProfile.Row row : VoteProfile.fromTeacherAccuracy(0.9, TEACHERS, CLASSES).rows()) {
      r.addModelled(row.counts(), 100 * row.weight());
    }
    double at = criterion(r, p.beta(), p.sigmaSs());
    for (double f : new double[] {0.95, 1.05}) {
      if (p.order() < ReleaseParameters.maxOrder(p.beta() * f)) {
        assertTrue(criterion(r, p.beta() * f, p.sigmaSs()) >= at * (1 - 1e-9), "beta x " + f);
      }
      assertTrue(criterion(r, p.beta(), p.sigmaSs() * f) >= at * (1 - 1e-9), "sigma x " + f);
    }
  }

  private static double criterion(SmoothSensitivityRelease r, double beta, double sigma) {
    return r.rdp() + new ReleaseParameters(r.order(), beta, sigma).releaseRdp()
        + 2 * r.smoothSensitivity(beta) * sigma;
  }

  private static double expectedRdp(SmoothSensitivityRelease r, VoteProfile profile, int queries) {
    double rdp = 0;
    for (VoteProfile.Row row : profile.rows()) {
      rdp += queries * row.weight() * r.modelledQueryRdp(row.counts());
    }
    return rdp;
  }

  /** Same inputs, same parameters; other stated accuracies or query counts, others. */
  @Test
  void planDependsOnlyOnItsStatedInputs() {
    ReleaseTarget gnmax = ReleaseTarget.gnmax(TEACHERS, CLASSES, 40);
    ReleaseParameters p = plan(0.9, gnmax, 200);
    assertEquals(p, plan(0.9, gnmax, 200));
    assertNotEquals(p, plan(0.6, gnmax, 200));
    assertNotEquals(p, plan(0.9, gnmax, 2000));
  }

  @Test
  void impossibleReleasesAndMismatchesAreOneLineErrors() {
    IllegalArgumentException none = assertThrows(IllegalArgumentException.class,
        () -> plan(0.9, ReleaseTarget.gnmax(TEACHERS, CLASSES, 1000), 100));
    assertTrue(none.getMessage().startsWith("orders:"), none.getMessage());
    IllegalArgumentException classes = assertThrows(IllegalArgumentException.class,
        () -> plan(0.9, ReleaseTarget.gnmax(TEACHERS, 5, 40), 100));
    assertTrue(classes.getMessage().startsWith("profile:"), classes.getMessage());
    IllegalArgumentException teachers = assertThrows(IllegalArgumentException.class,
        () -> plan(0.9, ReleaseTarget.gnmax(100, CLASSES, 40), 100));
    assertTrue(teachers.getMessage().startsWith("profile:"), teachers.getMessage());
    assertThrows(IllegalArgumentException.class,
        () -> plan(0.9, ReleaseTarget.gnmax(TEACHERS, CLASSES, 40), 0));
  }
}
