package dev.pate.study;

import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.stream.IntStream;

/**
 * The rule by which a setting displaces the current choice ({@code pate compare},
 * docs/studies.md#choosing-between-studies): the two are paired seed by seed (the same seed gives
 * the same partitions, teachers and, with seeded noise, the same noise draws, so what differs
 * within a pair is the setting), and the challenger passes when its mean gain in validation
 * accuracy exceeds twice the gain's standard error. A difference the seeds' spread could explain
 * is not taken: at a few errors in a thousand validation images, the draw of a student moves a
 * seed as much as most levers do.
 *
 * @param setting the challenger's swept values, as {@link ValidationScores} labels them
 * @param seeds the seeds both measured, in order; only they are compared
 * @param base the current choice's validation accuracy at each of {@code seeds}
 * @param challenger the challenger's, likewise
 */
public record PairedComparison(String setting, List<Long> seeds, List<Double> base,
    List<Double> challenger) {

  /** Pairs the seeds both settings measured; each map is a seed's validation accuracy. */
  public static PairedComparison of(String setting, Map<Long, Double> base,
      Map<Long, Double> challenger) {
    Map<Long, double[]> pairs = new TreeMap<>();
    challenger.forEach((seed, accuracy) -> {
      if (base.containsKey(seed)) {
        pairs.put(seed, new double[] {base.get(seed), accuracy});
      }
    });
    return new PairedComparison(setting, List.copyOf(pairs.keySet()),
        pairs.values().stream().map(p -> p[0]).toList(),
        pairs.values().stream().map(p -> p[1]).toList());
  }

  public PairedComparison {
    seeds = List.copyOf(seeds);
    base = List.copyOf(base);
    challenger = List.copyOf(challenger);
    if (base.size() != seeds.size() || challenger.size() != seeds.size()) {
      throw new IllegalArgumentException("seeds: " + seeds.size() + " seeds, " + base.size()
          + " base and " + challenger.size() + " challenger accuracies");
    }
  }

  public double baseMean() {
    return mean(base);
  }

  public double challengerMean() {
    return mean(challenger);
  }

  /** The mean of the seeds' gains (challenger less base); NaN without a seed. */
  public double gain() {
    return mean(gains());
  }

  /**
   * Twice the standard error of {@link #gain}: the sample standard deviation of the seeds' gains
   * over the square root of their count; NaN with fewer than two seeds, where the spread is not
   * known.
   */
  public double twoStandardErrors() {
    List<Double> gains = gains();
    int n = gains.size();
    if (n < 2) {
      return Double.NaN;
    }
    double mean = mean(gains);
    double squares = gains.stream().mapToDouble(g -> (g - mean) * (g - mean)).sum();
    return 2 * Math.sqrt(squares / (n - 1)) / Math.sqrt(n);
  }

  /** Whether the challenger displaces the base: gain above twice its standard error (strictly). */
  public boolean passes() {
    return seeds.size() >= 2 && gain() > twoStandardErrors();
  }

  /**
   * The challenger that displaces the base: of those that {@link #passes pass}, the one of the
   * largest mean gain; empty when none passes (the base stays).
   */
  public static Optional<PairedComparison> chosen(List<PairedComparison> challengers) {
    return challengers.stream().filter(PairedComparison::passes)
        .max(Comparator.comparingDouble(PairedComparison::gain));
  }

  private List<Double> gains() {
    return IntStream.range(0, seeds.size())
        .mapToObj(i -> challenger.get(i) - base.get(i)).toList();
  }

  private static double mean(List<Double> values) {
    return values.stream().mapToDouble(Double::doubleValue).average().orElse(Double.NaN);
  }
}
