package dev.pate.pipeline.labelling;

import dev.pate.config.AggregatorConfig;
import dev.pate.config.RunConfig;
import dev.pate.datasets.Dataset;
import dev.pate.datasets.split.PublicSplit;
import dev.pate.ensemble.nn.NetworkSpec;
import dev.pate.ensemble.nn.Seeds;
import dev.pate.files.UserError;
import java.util.Arrays;
import java.util.Random;

/** Which public pool examples are asked to the teachers: the selector of aggregator.selection. */
public final class Queries {
  private Queries() {}

  /**
   * The selector {@code config} asks for: {@code first}, {@code random} and {@code typical}
   * choose all queries in one round; {@code active} chooses round by round with interim students trained on the run's
   * student network (evaluated on the held-out examples, never trained on them).
   *
   * @param studentNetwork the run's student network: the interim students' too
   */
  public static QuerySelector selector(RunConfig config, PublicSplit publicSplit,
      NetworkSpec studentNetwork) {
    AggregatorConfig aggregator = config.aggregator();
    Dataset pool = publicSplit.pool();
    int n = aggregator.queries();
    if (n > pool.size()) {
      throw new UserError("aggregator.queries: " + n + " queries but the query pool has only "
          + pool.size() + " examples (dataset.query_pool"
          + (publicSplit.validation().size() > 0 ? " less dataset.validation" : "") + ")");
    }
    long seed = Seeds.derive(config.seed(), "queries", 0);
    return switch (aggregator.selection()) {
      case FIRST -> (round, size, released) -> QuerySelector.RoundChoice.of(firstN(size), "first");
      case RANDOM -> (round, size, released) ->
          QuerySelector.RoundChoice.of(randomN(pool.size(), size, seed), "random");
      case ACTIVE -> new ActiveSelector(pool, new InterimStudent(
          studentNetwork.withTraining(aggregator.activeEpochs().orElseThrow(),
              studentNetwork.batchSize()), config.student().augment(),
          config.student().engine(), publicSplit.holdout(), publicSplit.judgedOn(),
          config.seed()), config.seed());
      case TYPICAL -> TypicalSelector.of(pool, n, seed);
    };
  }

  private static int[] firstN(int n) {
    int[] idx = new int[n];
    Arrays.setAll(idx, i -> i);
    return idx;
  }

  /** n distinct positions in {@code 0..size-1}, in a seeded random order. */
  static int[] randomN(int size, int n, long seed) {
    int[] all = new int[size];
    Arrays.setAll(all, i -> i);
    return sample(all, n, seed);
  }

  /** n distinct elements of {@code candidates} in a seeded random order (partial Fisher-Yates). */
  static int[] sample(int[] candidates, int n, long seed) {
    if (n > candidates.length) {
      throw new IllegalArgumentException("n: " + n + " is more than the " + candidates.length
          + " candidates");
    }
    int[] all = candidates.clone();
    Random random = new Random(seed);
    for (int i = 0; i < n; i++) {
      int j = i + random.nextInt(all.length - i);
      int t = all[i];
      all[i] = all[j];
      all[j] = t;
    }
    return Arrays.copyOf(all, n);
  }
}
