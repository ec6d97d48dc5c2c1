package dev.pate.aggregator.planning;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pate.aggregator.accounting.NoiseKind;
import dev.pate.aggregator.gnmax.ConfidentGnmaxAccounting;
import dev.pate.aggregator.gnmax.GnmaxAccounting;
import dev.pate.aggregator.gnmax.ReleaseParameters;
import dev.pate.aggregator.gnmax.ReleaseTarget;
import dev.pate.aggregator.gnmax.SmoothSensitivityRelease;
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
   * The plan is the paper's optimisation on the modelled votes: the order minimises their
   * expected data-dependent epsilon among the orders where a release is possible, and (beta,
   * sigma_ss) are {@code paperParameters} of their expected RDP and bounds at that order.
   */
  @Test
  void planIsThePapersOptimisationOnTheModelledVotes() {
    for (boolean expected : new boolean[] {false, true}) {
      assertPlanIsThePapersOptimisation(
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
    assertPlanIsThePapersOptimisation(transcript);
    assertPlanIsThePapersOptimisation(gnmax);
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

  private static void assertPlanIsThePapersOptimisation(ReleaseTarget target) {
    ReleaseParameters p = plan(0.9, target, 100);
    assertTrue(p.order() < ReleaseParameters.maxOrder(p.beta()), p.toString());
    assertTrue(Arrays.stream(ORDERS.toArray()).anyMatch(o -> o == p.order()), p.toString());
    VoteProfile profile = VoteProfile.fromTeacherAccuracy(0.9, TEACHERS, CLASSES);
    double best = Double.POSITIVE_INFINITY;
    for (double order : ORDERS.toArray()) {
      SmoothSensitivityRelease r = new SmoothSensitivityRelease(target, order);
      if (r.possible()) {
        best = Math.min(best, RdpConversions.epsilonAtOrder(order, expectedRdp(r, profile, 100),
            1e-5, Conversion.IMPROVED));
      }
    }
    SmoothSensitivityRelease atPlan = new SmoothSensitivityRelease(target, p.order());
    assertEquals(best, RdpConversions.epsilonAtOrder(p.order(),
        expectedRdp(atPlan, profile, 100), 1e-5, Conversion.IMPROVED), 1e-12, target + " order");
    for (VoteProfile.Row row : profile.rows()) {
      atPlan.addModelled(row.counts(), 100 * row.weight());
    }
    assertEquals(atPlan.paperParameters().orElseThrow(), p, target.toString());
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
