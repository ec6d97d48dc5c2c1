package dev.pate.aggregator.mechanism;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pate.aggregator.noise.ExactPmfs;
import dev.pate.aggregator.noise.GoodnessOfFit;
import dev.pate.aggregator.noise.NoiseSource;
import dev.pate.aggregator.noise.RandomSources;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ConfidentGnMaxTest {

  @ParameterizedTest
  @CsvSource({"210, 9", "210.5, 10", "190, -11"})
  void abstentionRateIsTheExactDiscreteTail(double threshold, long largestAbstainingNoise) {
    // Top count 200: abstain iff 200 + Z < T iff Z <= largestAbstainingNoise, Z ~ N_Z(0, 10^2).
    int[] counts = {200, 40, 10};
    double pAbstain = ExactPmfs.mass(ExactPmfs.gaussian(10), -1000, largestAbstainingNoise);
    ConfidentGnMax aggregator = Aggregators.confidentGnmax(threshold, 10, 40);
    NoiseSource rng = RandomSources.seeded(61);
    int n = 100_000;
    long abstained = 0;
    for (int i = 0; i < n; i++) {
      Answer answer = aggregator.answer(counts, rng);
      if (!answer.answered()) {
        assertEquals(Answer.NO_LABEL, answer.label());
        abstained++;
      }
    }
    double z = GoodnessOfFit.binomialZ(abstained, n, pAbstain);
    assertTrue(Math.abs(z) < 4, "abstention rate " + (double) abstained / n + " vs exact "
        + pAbstain + " (z = " + z + ")");
  }

  @Test
  void confidentQueriesAnswerWithThePlurality() {
    ConfidentGnMax aggregator = Aggregators.confidentGnmax(100, 5, 5);
    NoiseSource rng = RandomSources.seeded(62);
    for (int i = 0; i < 2000; i++) {
      assertEquals(Answer.of(1), aggregator.answer(new int[] {0, 250, 3}, rng));
    }
  }

  @Test
  void hopelessQueriesAbstain() {
    ConfidentGnMax aggregator = Aggregators.confidentGnmax(250, 5, 5);
    NoiseSource rng = RandomSources.seeded(63);
    for (int i = 0; i < 2000; i++) {
      assertFalse(aggregator.answer(new int[] {90, 80, 80}, rng).answered());
    }
  }

  @Test
  void reportsItsParameters() {
    ConfidentGnMax aggregator = Aggregators.confidentGnmax(300, 150, 40);
    assertEquals("confident-gnmax", aggregator.id());
    assertEquals(300.0, aggregator.threshold());
    assertEquals(150.0, aggregator.thresholdNoise().sigma());
    assertEquals(40.0, aggregator.answerNoise().sigma());
  }
}
