package dev.pate.pipeline.testdata;

/**
 * The run of the data-dependent release tests (pipeline and command line): a small MNIST run with
 * {@code privacy.release: smooth-sensitivity} at parameters fixed in advance.
 */
public final class ReleaseRun {
  public static final int QUERIES = 60;
  public static final double ORDER = 3;
  public static final double BETA = 0.4 / ORDER;
  public static final double SIGMA_SS = 3;
  public static final String CONFIG = """
      name: released
      seed: 7
      dataset:
        name: mnist
        private_limit: 1200
      teachers:
        count: 10
        workers: 2
        network: {architecture: mlp, dense: [32], epochs: 4, learning_rate: 0.01}
      aggregator:
        mechanism: gnmax
        sigma: 1.5
        queries: 60
        selection: random
        randomness: seeded
      privacy:
        release: smooth-sensitivity
        release_plan: fixed
        release_order: 3
        release_beta: %s
        release_sigma: 3
      student:
        network: {architecture: mlp, dense: [32], epochs: 3, learning_rate: 0.01}
      """.formatted(BETA);

  private ReleaseRun() {}
}
