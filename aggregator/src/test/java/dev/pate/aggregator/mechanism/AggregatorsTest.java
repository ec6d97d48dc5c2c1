package dev.pate.aggregator.mechanism;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pate.aggregator.noise.NoiseSource;
import dev.pate.aggregator.noise.NoiseSourceKind;
import dev.pate.aggregator.noise.RandomSources;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

/** What all aggregators share: reproducibility, the secure source, input checks. */
class AggregatorsTest {

  private static final List<Aggregator> ALL = List.of(Aggregators.lnmax(0.05),
      Aggregators.gnmax(40), Aggregators.confidentGnmax(150, 20, 40));

  private static List<int[]> someQueries() {
    SplittableRandom votes = new SplittableRandom(5);
    List<int[]> queries = new ArrayList<>();
    for (int q = 0; q < 500; q++) {
      int[] counts = new int[10];
      for (int teacher = 0; teacher < 250; teacher++) {
        counts[votes.nextDouble() < 0.6 ? q % 10 : votes.nextInt(10)]++;
      }
      queries.add(counts);
    }
    return queries;
  }

  private static List<Answer> run(Aggregator aggregator, NoiseSource rng) {
    List<Answer> answers = new ArrayList<>();
    for (int[] counts : someQueries()) {
      answers.add(aggregator.answer(counts, rng));
    }
    return answers;
  }

  @Test
  void seededRunsAreReproducible() {
    for (Aggregator aggregator : ALL) {
      assertEquals(run(aggregator, RandomSources.seeded(71)),
          run(aggregator, RandomSources.seeded(71)), aggregator.id());
      assertNotEquals(run(aggregator, RandomSources.seeded(71)),
          run(aggregator, RandomSources.seeded(72)), aggregator.id());
    }
  }

  @Test
  void theSecureSourceDrivesEveryAggregator() {
    NoiseSource secure = RandomSources.secure();
    assertEquals(NoiseSourceKind.SECURE, secure.kind());
    List<int[]> queries = someQueries();
    for (Aggregator aggregator : ALL) {
      List<Answer> answers = run(aggregator, secure);
      long answered = 0;
      long plurality = 0;
      for (int q = 0; q < answers.size(); q++) {
        Answer answer = answers.get(q);
        assertTrue(answer.label() >= Answer.NO_LABEL && answer.label() < 10);
        answered += answer.answered() ? 1 : 0;
        plurality += answer.label() == q % 10 ? 1 : 0;
      }
      // About 160 of 250 votes go to the intended class, ~10 to each other: noise of scale 20 /
      // sigma 40 overturns a lead of ~150 with probability at most 9 * P(N(0, 2 * 40^2) > 150)
      // ~ 3.6%; the top count clears threshold 150 (sigma1 20) about 3 times in 4. A 90% floor
      // is more than 5 standard errors below the expected ~96.5% of ~340 answers: a failure
      // means a broken source, not bad luck.
      assertTrue(answered > 250, aggregator.id() + ": answered " + answered + " of 500");
      assertTrue(plurality > 0.90 * answered,
          aggregator.id() + ": " + plurality + " of " + answered + " answers are the plurality");
    }
  }

  @Test
  void invalidCountsAreRejectedWithClearMessages() {
    NoiseSource rng = RandomSources.seeded(1);
    for (Aggregator aggregator : ALL) {
      assertMessage("counts: null, expected one vote count per class",
          () -> aggregator.answer(null, rng));
      assertMessage("counts: 1 classes, expected at least 2",
          () -> aggregator.answer(new int[] {5}, rng));
      assertMessage("counts[1]: -3 is not >= 0",
          () -> aggregator.answer(new int[] {5, -3, 2}, rng));
    }
  }

  @Test
  void invalidParametersAreRejectedNamingThem() {
    assertMessage("gamma: 0.0 is not > 0", () -> Aggregators.lnmax(0));
    assertMessage("gamma: NaN is not finite", () -> Aggregators.lnmax(Double.NaN));
    assertMessage("sigma: -1.0 is not > 0", () -> Aggregators.gnmax(-1));
    assertMessage("threshold: NaN is not finite",
        () -> Aggregators.confidentGnmax(Double.NaN, 1, 1));
    assertMessage("sigma1: 0.0 is not > 0", () -> Aggregators.confidentGnmax(100, 0, 1));
    assertMessage("sigma2: Infinity is not finite",
        () -> Aggregators.confidentGnmax(100, 1, Double.POSITIVE_INFINITY));
  }

  @Test
  void answersAreConsistent() {
    assertEquals(new Answer(-1, false), Answer.abstained());
    assertEquals(new Answer(3, true), Answer.of(3));
    assertMessage("label: -1 is not >= 0 for an answer", () -> Answer.of(-1));
    assertMessage("label: 2 is not -1 for an abstention", () -> new Answer(2, false));
  }

  private static void assertMessage(String expected, Executable executable) {
    assertEquals(expected, assertThrows(IllegalArgumentException.class, executable).getMessage());
  }
}
