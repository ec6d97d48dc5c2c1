package dev.pate.pipeline.testdata;

import dev.pate.aggregator.accounting.NoiseKind;
import dev.pate.aggregator.gnmax.ConfidentGnmaxAccounting;
import dev.pate.aggregator.rdp.Conversion;
import dev.pate.aggregator.rdp.EpsilonBound;
import dev.pate.aggregator.rdp.Orders;
import dev.pate.aggregator.rdp.RdpConversions;

/**
 * The runs of the guarantee tests (pipeline and command line): tiny Confident-GNMax runs whose
 * threshold makes many queries abstain.
 */
public final class ConfidentRun {
  public static final int QUERIES = 60;
  public static final String CONFIDENT = """
      name: confident
      seed: 5
      dataset:
        name: mnist
        private_limit: 1200
      teachers:
        count: 6
        workers: 2
        network:
          architecture: mlp
          dense: [32]
          epochs: 4
          learning_rate: 0.01
      aggregator:
        mechanism: confident-gnmax
        threshold: 5
        sigma1: 2
        sigma2: 2
        queries: 60
        randomness: seeded
      student:
        train: false
      """;

  /** The epsilon of {@code queries} Confident-GNMax queries, each charged both steps. */
  public static EpsilonBound everyQueryInFull(int queries) {
    double[] perQuery = new ConfidentGnmaxAccounting(5, 2, 2, Orders.defaults(),
        NoiseKind.DISCRETE).dataIndependentRdp();
    double[] total = new double[perQuery.length];
    for (int i = 0; i < total.length; i++) {
      total[i] = queries * perQuery[i];
    }
    return RdpConversions.epsilon(Orders.defaults(), total, 1e-5, Conversion.IMPROVED);
  }

  private ConfidentRun() {}
}
