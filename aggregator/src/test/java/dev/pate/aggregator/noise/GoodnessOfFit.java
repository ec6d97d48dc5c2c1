package dev.pate.aggregator.noise;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.LongToDoubleFunction;

/**
 * Pearson chi-square goodness-of-fit tests for the sampler tests (shared with the mechanism tests).
 *
 * <p>Significance: every test uses a fixed seed, so it is deterministic; {@link #ALPHA} = 1e-3 is
 * strict enough that the wrong-distribution checks (a 5% parameter error, a rounded continuous
 * sampler) fail by a wide margin at the sample sizes used, and loose enough that a correct
 * sampler with an arbitrary seed passes 999 times in 1000.
 */
public final class GoodnessOfFit {

  /** Reject the fit when the p-value is below this. */
  public static final double ALPHA = 1e-3;

  /** The smallest expected count a bin may have (the usual rule for the chi-square law). */
  private static final double MIN_EXPECTED = 5;

  private GoodnessOfFit() {}

  /**
   * p-value of integer samples against a pmf that is unimodal with its mode at 0 (both samplers):
   * every k with at least 5 expected samples gets its own bin, the two tails are pooled (into the
   * adjacent bin if they expect fewer than 5).
   */
  public static double pValue(long[] samples, LongToDoubleFunction pmf) {
    int n = samples.length;
    long lo = 0;
    long hi = 0;
    while (n * pmf.applyAsDouble(lo - 1) >= MIN_EXPECTED) {
      lo--;
    }
    while (n * pmf.applyAsDouble(hi + 1) >= MIN_EXPECTED) {
      hi++;
    }
    int central = (int) (hi - lo + 1);
    double[] probabilities = new double[central + 2];
    long[] observed = new long[central + 2];
    probabilities[0] = tailSum(pmf, lo - 1, -1);
    probabilities[central + 1] = tailSum(pmf, hi + 1, +1);
    for (long k = lo; k <= hi; k++) {
      probabilities[(int) (k - lo) + 1] = pmf.applyAsDouble(k);
    }
    for (long sample : samples) {
      int bin = sample < lo ? 0 : sample > hi ? central + 1 : (int) (sample - lo) + 1;
      observed[bin]++;
    }
    return pValue(observed, probabilities);
  }

  /**
   * p-value of observed bin counts against bin probabilities (which must sum to 1); bins expecting
   * fewer than 5 are merged into their neighbour first.
   */
  public static double pValue(long[] observed, double[] probabilities) {
    double total = 0;
    for (double p : probabilities) {
      total += p;
    }
    if (Math.abs(total - 1) > 1e-9) {
      throw new IllegalArgumentException("probabilities: sum " + total + " is not 1");
    }
    long n = 0;
    for (long o : observed) {
      n += o;
    }
    List<Long> mergedObserved = new ArrayList<>();
    List<Double> mergedExpected = new ArrayList<>();
    long pendingObserved = 0;
    double pendingExpected = 0;
    for (int i = 0; i < observed.length; i++) {
      pendingObserved += observed[i];
      pendingExpected += n * probabilities[i];
      if (pendingExpected >= MIN_EXPECTED) {
        mergedObserved.add(pendingObserved);
        mergedExpected.add(pendingExpected);
        pendingObserved = 0;
        pendingExpected = 0;
      }
    }
    int last = mergedExpected.size() - 1;
    mergedObserved.set(last, mergedObserved.get(last) + pendingObserved);
    mergedExpected.set(last, mergedExpected.get(last) + pendingExpected);
    double statistic = 0;
    for (int i = 0; i < mergedExpected.size(); i++) {
      double difference = mergedObserved.get(i) - mergedExpected.get(i);
      statistic += difference * difference / mergedExpected.get(i);
    }
    return chiSquareUpperTail(statistic, mergedExpected.size() - 1);
  }

  /** p-value of categorical samples (values 0..k-1) against a uniform law on k categories. */
  public static double uniformPValue(long[] observed) {
    double[] probabilities = new double[observed.length];
    java.util.Arrays.fill(probabilities, 1.0 / observed.length);
    return pValue(observed, probabilities);
  }

  /** Histogram of values in [0, bins). */
  public static long[] histogram(long[] values, int bins) {
    long[] counts = new long[bins];
    for (long v : values) {
      counts[(int) v]++;
    }
    return counts;
  }

  /** Two-sided z-score of {@code successes} in {@code trials} against success probability p. */
  public static double binomialZ(long successes, long trials, double p) {
    return (successes - trials * p) / Math.sqrt(trials * p * (1 - p));
  }

  /** P(chi-square with df degrees of freedom >= statistic) = Q(df/2, statistic/2). */
  static double chiSquareUpperTail(double statistic, int degreesOfFreedom) {
    return regularizedGammaQ(degreesOfFreedom / 2.0, statistic / 2);
  }

  private static double tailSum(LongToDoubleFunction pmf, long start, int step) {
    double sum = 0;
    for (long k = start; ; k += step) {
      double p = pmf.applyAsDouble(k);
      sum += p;
      if (p < 1e-20 * Math.max(sum, 1e-300) || p == 0) {
        return sum;
      }
    }
  }

  /** Upper regularized incomplete gamma Q(a, x) for a a positive multiple of 1/2 (NR 6.2). */
  static double regularizedGammaQ(double a, double x) {
    if (x <= 0) {
      return 1;
    }
    double logPrefactor = -x + a * Math.log(x) - logGammaHalfInteger(a);
    if (x < a + 1) {
      double term = 1 / a;
      double sum = term;
      for (int n = 1; n < 100_000 && Math.abs(term) > Math.abs(sum) * 1e-16; n++) {
        term *= x / (a + n);
        sum += term;
      }
      return Math.max(0, 1 - sum * Math.exp(logPrefactor));
    }
    // Continued fraction by the modified Lentz method.
    double tiny = 1e-300;
    double b = x + 1 - a;
    double c = 1 / tiny;
    double d = 1 / b;
    double h = d;
    for (int i = 1; i < 100_000; i++) {
      double an = -i * (i - a);
      b += 2;
      d = an * d + b;
      d = Math.abs(d) < tiny ? tiny : d;
      c = b + an / c;
      c = Math.abs(c) < tiny ? tiny : c;
      d = 1 / d;
      double delta = d * c;
      h *= delta;
      if (Math.abs(delta - 1) < 1e-16) {
        break;
      }
    }
    return Math.exp(logPrefactor) * h;
  }

  private static final Map<Double, Double> LOG_GAMMA = new HashMap<>();

  /** log Gamma(a), a in {1/2, 1, 3/2, ...}: Gamma(1/2) = sqrt(pi), Gamma(1) = 1, a Gamma(a). */
  static synchronized double logGammaHalfInteger(double a) {
    if (a <= 0 || a * 2 != Math.rint(a * 2)) {
      throw new IllegalArgumentException("a: " + a + " is not a positive multiple of 1/2");
    }
    return LOG_GAMMA.computeIfAbsent(
        a,
        key -> {
          double value = key == Math.rint(key) ? 0 : 0.5 * Math.log(Math.PI);
          for (double z = key == Math.rint(key) ? 1 : 0.5; z < key; z++) {
            value += Math.log(z);
          }
          return value;
        });
  }
}
