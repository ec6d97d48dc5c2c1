package dev.pate.pipeline.labelling;

import dev.pate.datasets.Dataset;
import dev.pate.ensemble.nn.Seeds;
import java.util.Arrays;
import java.util.Comparator;
import java.util.OptionalDouble;
import java.util.stream.IntStream;

/**
 * {@code aggregator.selection: active}: uncertainty sampling by margin (Scheffer et al. 2001). The
 * first round asks a seeded random sample of the pool, the same images {@code random} selection
 * starts with. Every later round trains an interim student on the answers released so far and asks
 * the pool images not asked before on which it is least sure: the smallest margin between its two
 * most probable classes, least sure first (so a budget stop mid-round drops the surest ones).
 *
 * <p>Privacy: the inputs are the public pool and the released answers (the labels, and which
 * queries were abstained on), never the votes. The choice is post-processing of outputs already
 * charged for, and the accountant's Renyi DP composes over adaptively chosen queries, so active
 * selection costs nothing beyond the answers themselves.
 */
final class ActiveSelector implements QuerySelector {

  /** A student trained on labelled images, and its class probabilities for candidate images. */
  @FunctionalInterface
  interface Scorer {
    /**
     * @param round the round the scores choose (seeds the student)
     * @return one row of class probabilities per candidate, and the student's accuracy (on the
     *     validation split, else held-out)
     */
    Scores score(Dataset labelled, int[] labels, Dataset candidates, int round);
  }

  /** Class probabilities of each candidate, and the accuracy of the student that gave them. */
  record Scores(double[][] probabilities, double accuracy) {}

  private final Dataset pool;
  private final Scorer scorer;
  private final long runSeed;

  ActiveSelector(Dataset pool, Scorer scorer, long runSeed) {
    this.pool = pool;
    this.scorer = scorer;
    this.runSeed = runSeed;
  }

  @Override
  public RoundChoice choose(int round, int size, Released released) {
    int[] candidates = notAsked(released.positions());
    if (round == 0) {
      return RoundChoice.of(Queries.sample(candidates, size, Seeds.derive(runSeed, "queries", 0)),
          "random");
    }
    int[] answered = IntStream.range(0, released.answers().length)
        .filter(q -> released.answers()[q].answered())
        .toArray();
    if (answered.length == 0) {
      // Nothing to learn from (every earlier query abstained): another random sample.
      return RoundChoice.of(Queries.sample(candidates, size,
          Seeds.derive(runSeed, "queries", round)), "random");
    }
    int[] labelledPositions = Arrays.stream(answered).map(q -> released.positions()[q]).toArray();
    int[] labels = Arrays.stream(answered).map(q -> released.answers()[q].label()).toArray();
    Scores scores = scorer.score(pool.subset(pool.name() + "/answered", labelledPositions), labels,
        pool.subset(pool.name() + "/candidates", candidates), round);
    if (scores.probabilities().length != candidates.length) {
      throw new IllegalStateException("scorer: " + scores.probabilities().length + " rows for "
          + candidates.length + " candidates");
    }
    int[] chosen = Arrays.stream(leastSure(scores.probabilities(), size))
        .map(i -> candidates[i])
        .toArray();
    return new RoundChoice(chosen, "least-margin", OptionalDouble.of(scores.accuracy()));
  }

  /**
   * The {@code n} rows with the smallest margin (top probability minus the second), smallest first;
   * equal margins in row order, so the choice is reproducible.
   */
  static int[] leastSure(double[][] probabilities, int n) {
    double[] margins = Arrays.stream(probabilities).mapToDouble(ActiveSelector::margin).toArray();
    return IntStream.range(0, margins.length)
        .boxed()
        .sorted(Comparator.<Integer>comparingDouble(i -> margins[i]).thenComparingInt(i -> i))
        .limit(n)
        .mapToInt(Integer::intValue)
        .toArray();
  }

  /** Top-1 minus top-2 probability: 0 when the two best classes tie, near 1 when sure. */
  static double margin(double[] probabilities) {
    double first = Double.NEGATIVE_INFINITY;
    double second = Double.NEGATIVE_INFINITY;
    for (double p : probabilities) {
      if (p > first) {
        second = first;
        first = p;
      } else if (p > second) {
        second = p;
      }
    }
    return first - second;
  }

  /** Pool positions not in {@code asked}, ascending. */
  private int[] notAsked(int[] asked) {
    boolean[] taken = new boolean[pool.size()];
    for (int p : asked) {
      taken[p] = true;
    }
    return IntStream.range(0, pool.size()).filter(p -> !taken[p]).toArray();
  }
}
