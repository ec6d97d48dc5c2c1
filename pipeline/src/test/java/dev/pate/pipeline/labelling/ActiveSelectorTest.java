package dev.pate.pipeline.labelling;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pate.aggregator.mechanism.Answer;
import dev.pate.datasets.Dataset;
import dev.pate.datasets.ImageDataset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** Active selection with a fake scorer: which pool images each round asks (no training). */
class ActiveSelectorTest {
  static final int POOL = 40;

  /** A pool of tiny images whose source index is their pool position. */
  static ImageDataset pool(int size) {
    Random random = new Random(7);
    byte[] pixels = new byte[size * 4];
    random.nextBytes(pixels);
    int[] labels = IntStream.range(0, size).map(i -> i % 10).toArray();
    return ImageDataset.copyOf("synthetic", 2, 2, 10, pixels, labels);
  }

  /**
   * A scorer whose student is sure about pool image p by {@code margins[p]}, and which records what
   * it was trained on.
   */
  static final class FakeScorer implements ActiveSelector.Scorer {
    final double[] margins;
    final List<int[]> trainedOn = new ArrayList<>();
    final List<int[]> trainedLabels = new ArrayList<>();

    FakeScorer(double[] margins) {
      this.margins = margins;
    }

    @Override
    public ActiveSelector.Scores score(Dataset labelled, int[] labels,
        Dataset candidates, int round) {
      trainedOn.add(IntStream.range(0, labelled.size()).map(labelled::sourceIndex).toArray());
      trainedLabels.add(labels.clone());
      double[][] p = new double[candidates.size()][];
      for (int i = 0; i < p.length; i++) {
        double m = margins[candidates.sourceIndex(i)];
        // Two classes share what the margin leaves; the other eight get nothing.
        p[i] = new double[10];
        p[i][i % 10] = (1 + m) / 2;
        p[i][(i + 3) % 10] = (1 - m) / 2;
      }
      return new ActiveSelector.Scores(p, 0.5);
    }
  }

  static double[] randomMargins(long seed) {
    Random random = new Random(seed);
    return IntStream.range(0, POOL).mapToDouble(i -> random.nextDouble()).toArray();
  }

  @Test
  void marginIsTopMinusSecondProbabilityAndTheRankingIsLeastSureFirst() {
    assertEquals(0.0, ActiveSelector.margin(new double[] {0.2, 0.4, 0.4}), 1e-15);
    assertEquals(0.7, ActiveSelector.margin(new double[] {0.05, 0.8, 0.1, 0.05}), 1e-12);
    double[][] rows = {{0.9, 0.1}, {0.5, 0.5}, {0.3, 0.7}, {0.45, 0.55}, {0.5, 0.5}};
    // Margins 0.8, 0, 0.4, 0.1, 0: ties keep row order.
    assertArrayEquals(new int[] {1, 4, 3}, ActiveSelector.leastSure(rows, 3));
    assertArrayEquals(new int[] {1, 4, 3, 2, 0}, ActiveSelector.leastSure(rows, 5));
  }

  @Test
  void theFirstRoundIsASeededRandomSampleAndTrainsNoStudent() {
    ActiveSelector.Scorer refuses = (labelled, labels, candidates, round) -> {
      throw new AssertionError("round 0 must not train an interim student");
    };
    QuerySelector.Released nothing = new QuerySelector.Released(new int[0], new Answer[0]);
    int[] a = new ActiveSelector(pool(POOL), refuses, 5).choose(0, 10, nothing).positions();
    int[] b = new ActiveSelector(pool(POOL), refuses, 5).choose(0, 10, nothing).positions();
    int[] other = new ActiveSelector(pool(POOL), refuses, 6).choose(0, 10, nothing).positions();
    assertArrayEquals(a, b);
    assertNotEquals(Arrays.toString(a), Arrays.toString(other));
    assertEquals(10, Arrays.stream(a).distinct().count());
    assertTrue(Arrays.stream(a).allMatch(p -> p >= 0 && p < POOL));
    assertEquals("random", new ActiveSelector(pool(POOL), refuses, 5).choose(0, 10, nothing)
        .chosenBy());
  }

  @Test
  void laterRoundsAskTheLeastSureImagesNotAskedBefore() {
    double[] margins = randomMargins(1);
    FakeScorer scorer = new FakeScorer(margins);
    // Earlier rounds asked 8 images: answered with labels, except two abstentions.
    int[] asked = {3, 17, 0, 25, 9, 31, 12, 6};
    Answer[] answers = new Answer[asked.length];
    for (int q = 0; q < asked.length; q++) {
      answers[q] = q == 2 || q == 5 ? Answer.abstained() : Answer.of((q * 7) % 10);
    }
    QuerySelector.RoundChoice choice = new ActiveSelector(pool(POOL), scorer, 5)
        .choose(2, 6, new QuerySelector.Released(asked, answers));

    Set<Integer> askedSet = Arrays.stream(asked).boxed().collect(Collectors.toSet());
    int[] expected = IntStream.range(0, POOL).boxed()
        .filter(p -> !askedSet.contains(p))
        .sorted(Comparator.comparingDouble(p -> margins[p]))
        .limit(6)
        .mapToInt(Integer::intValue)
        .toArray();
    assertArrayEquals(expected, choice.positions());
    assertEquals("least-margin", choice.chosenBy());
    assertEquals(0.5, choice.interimAccuracy().orElseThrow());
    // The interim student learnt from the answered queries only, with their released labels.
    assertArrayEquals(new int[] {3, 17, 25, 9, 12, 6}, scorer.trainedOn.get(0));
    assertArrayEquals(new int[] {0, 7, 1, 8, 2, 9}, scorer.trainedLabels.get(0));
  }

  @Test
  void withNoAnswersYetALaterRoundIsAnotherRandomSampleOfTheImagesNotAsked() {
    ActiveSelector.Scorer refuses = (labelled, labels, candidates, round) -> {
      throw new AssertionError("nothing to train on");
    };
    int[] asked = {1, 2, 3, 4};
    Answer[] abstained = new Answer[4];
    Arrays.fill(abstained, Answer.abstained());
    QuerySelector.RoundChoice choice = new ActiveSelector(pool(POOL), refuses, 5)
        .choose(1, 30, new QuerySelector.Released(asked, abstained));
    assertEquals("random", choice.chosenBy());
    assertEquals(30, Arrays.stream(choice.positions()).distinct().count());
    assertFalse(Arrays.stream(choice.positions()).anyMatch(p -> p >= 1 && p <= 4));
  }
}
