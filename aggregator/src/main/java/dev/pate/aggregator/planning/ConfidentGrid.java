package dev.pate.aggregator.planning;

import dev.pate.files.DpPreconditions;
import java.util.Arrays;

/**
 * The Confident-GNMax settings a plan tries: every threshold {@code T = f x teachers} for f in
 * {@code thresholdFractions} with every {@code sigma1 = g x teachers} for g in {@code
 * sigma1Fractions}; sigma2 is then solved for.
 *
 * <p>The {@link #defaults() default} grid, T in {0.5, 0.6, 0.7, 0.8} x teachers and sigma1 in
 * {0.25, 0.4, 0.5, 0.6, 0.8} x teachers, spans the settings of PATE 2018 (MNIST: 250 teachers, T
 * 200, sigma1 150; SVHN: T 300, sigma1 200, beyond it) scaled to the ensemble. Under the worst-case
 * data-independent budget the threshold check alone costs {@code alpha / (2 sigma1^2)} per query,
 * so small sigma1 may leave nothing for sigma2: such candidates are listed as infeasible, which
 * shows where the boundary is.
 */
public record ConfidentGrid(double[] thresholdFractions, double[] sigma1Fractions) {
  public ConfidentGrid {
    thresholdFractions = check(thresholdFractions, "thresholdFractions");
    sigma1Fractions = check(sigma1Fractions, "sigma1Fractions");
  }

  public static ConfidentGrid defaults() {
    return new ConfidentGrid(new double[] {0.5, 0.6, 0.7, 0.8},
        new double[] {0.25, 0.4, 0.5, 0.6, 0.8});
  }

  @Override
  public double[] thresholdFractions() {
    return thresholdFractions.clone();
  }

  @Override
  public double[] sigma1Fractions() {
    return sigma1Fractions.clone();
  }

  private static double[] check(double[] values, String name) {
    if (values == null || values.length == 0) {
      throw new IllegalArgumentException(name + ": the list is empty; give at least one value");
    }
    for (double v : values) {
      DpPreconditions.checkPositive(v, name);
    }
    return values.clone();
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof ConfidentGrid g && Arrays.equals(g.thresholdFractions, thresholdFractions)
        && Arrays.equals(g.sigma1Fractions, sigma1Fractions);
  }

  @Override
  public int hashCode() {
    return 31 * Arrays.hashCode(thresholdFractions) + Arrays.hashCode(sigma1Fractions);
  }

  @Override
  public String toString() {
    return "ConfidentGrid[T/teachers=" + Arrays.toString(thresholdFractions)
        + ", sigma1/teachers=" + Arrays.toString(sigma1Fractions) + "]";
  }
}
