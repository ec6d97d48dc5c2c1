package dev.pate.cli;

import dev.pate.config.AggregatorConfig;
import dev.pate.datasets.Dataset;
import java.util.Arrays;
import java.util.Random;

/** Which public pool examples are asked to the teachers. */
final class Queries {
  private Queries() {}

  static Dataset select(Dataset pool, AggregatorConfig config, long seed) {
    int n = config.queries();
    if (n > pool.size()) {
      throw new UserError("aggregator.queries: " + n + " queries but the query pool has only "
          + pool.size() + " examples (dataset.query_pool)");
    }
    int[] chosen = switch (config.selection()) {
      case FIRST -> firstN(n);
      case RANDOM -> randomN(pool.size(), n, seed);
    };
    return pool.subset(pool.name() + "/queries", chosen);
  }

  private static int[] firstN(int n) {
    int[] idx = new int[n];
    Arrays.setAll(idx, i -> i);
    return idx;
  }

  /** n distinct positions in a seeded random order (partial Fisher-Yates). */
  private static int[] randomN(int size, int n, long seed) {
    int[] all = new int[size];
    Arrays.setAll(all, i -> i);
    Random random = new Random(seed);
    for (int i = 0; i < n; i++) {
      int j = i + random.nextInt(size - i);
      int t = all[i];
      all[i] = all[j];
      all[j] = t;
    }
    return Arrays.copyOf(all, n);
  }
}
