package dev.pate.ensemble.nn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.nd4j.linalg.schedule.ISchedule;

class LinearDecayTest {

  @Test
  void theRateFallsLinearlyFromItsStartAndNeverRisesOrTurnsNegative() {
    for (int steps : new int[] {1, 7, 330, 2820}) {
      ISchedule schedule = NetworkBuilder.linearDecay(0.002, steps);
      assertEquals(0.002, schedule.valueAt(0, 0), 1e-15, "steps " + steps);
      double previous = Double.POSITIVE_INFINITY;
      for (int i = 0; i < steps + 10; i++) {
        double rate = schedule.valueAt(i, 0);
        assertTrue(rate > 0 && rate <= previous, "steps " + steps + ", iteration " + i + ": " + rate);
        // Within one piece of the straight line from 0.002 at 0 to 0 at steps.
        double line = 0.002 * (1 - Math.min(i, steps) / (double) steps);
        assertTrue(Math.abs(rate - line) <= 0.002 / Math.min(steps, NetworkBuilder.DECAY_PIECES)
            + 1e-15, "steps " + steps + ", iteration " + i + ": " + rate + " vs " + line);
        previous = rate;
      }
    }
  }
}
