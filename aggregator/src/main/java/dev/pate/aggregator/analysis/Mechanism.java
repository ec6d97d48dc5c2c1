package dev.pate.aggregator.analysis;

import dev.pate.files.DpPreconditions;

/** The aggregation mechanism whose privacy cost an analysis computes, with its noise parameters. */
public sealed interface Mechanism
    permits Mechanism.Lnmax, Mechanism.Gnmax, Mechanism.ConfidentGnmax {

  /** The name used on the command line and in reports. */
  String id();

  /**
   * LNMax (PATE 2017; 2018 Section 3): Laplace noise of scale {@code 1/gamma} on each count.
   *
   * @param gamma inverse noise scale (> 0)
   */
  record Lnmax(double gamma) implements Mechanism {
    public Lnmax {
      DpPreconditions.checkPositive(gamma, "gamma");
    }

    @Override
    public String id() {
      return "lnmax";
    }
  }

  /**
   * GNMax (PATE 2018): Gaussian noise with standard deviation sigma on each count.
   *
   * @param sigma noise standard deviation (> 0)
   */
  record Gnmax(double sigma) implements Mechanism {
    public Gnmax {
      DpPreconditions.checkPositive(sigma, "sigma");
    }

    @Override
    public String id() {
      return "gnmax";
    }
  }

  /**
   * Confident-GNMax (PATE 2018, Algorithm 1): answer only if {@code max count + N(0, sigma1^2) >=
   * threshold}, then GNMax with sigma2.
   */
  record ConfidentGnmax(double threshold, double sigma1, double sigma2) implements Mechanism {
    public ConfidentGnmax {
      DpPreconditions.checkFinite(threshold, "threshold");
      DpPreconditions.checkPositive(sigma1, "sigma1");
      DpPreconditions.checkPositive(sigma2, "sigma2");
    }

    @Override
    public String id() {
      return "confident-gnmax";
    }
  }
}
