package dev.pate.aggregator.lnmax;

import dev.pate.files.DpPreconditions;
import java.util.Arrays;

/**
 * The smooth sensitivity of the PATE 2017 data-dependent log moment (tensorflow/privacy
 * research/pate_2017/analysis.py {@code sens_at_k}, {@code smoothed_sens}, and the release
 * parameters printed by {@code main()}). It lets the data-dependent epsilon itself be released
 * with noise (Nissim, Raskhodnikova and Smith 2007, Cor. 2.4).
 *
 * <p>The official {@code sens_at_k} tests its early exit {@code counts[0] < counts[1] + k} on the
 * counts as given but moves votes in the sorted copy, so permuting the classes changes the
 * result (e.g. a query whose plurality class is not listed first gets sensitivity 0). {@link
 * Pate2017Variant#CORRECTED} tests the sorted counts, which is what the code means: the log
 * moment does not depend on the order of the classes, so neither may its sensitivity.
 */
public final class Pate2017SmoothSensitivity {
  private Pate2017SmoothSensitivity() {}

  /**
   * {@code sens_at_k(counts, noise_eps, l, k)}: how much the log moment can change by one more
   * vote moved from the top class to the runner-up, after {@code k} votes were moved already.
   */
  public static double sensAtK(double[] counts, double noiseEps, int l, int k,
      Pate2017Variant variant) {
    Counts.check(counts);
    Pate2017Moments.checkNoiseEps(noiseEps);
    Pate2017Moments.checkMoment(l);
    if (k < 0) {
      throw new IllegalArgumentException("k: distance " + k + " is not >= 0");
    }
    if (counts.length < 2) {
      return 0; // one class: the answer and its log moment are fixed
    }
    double[] sorted = sortedDescending(counts);
    if (0.5 * noiseEps * l > 1) {
      return 0; // the official code prints "l too large to compute sensitivity"
    }
    double[] tested = variant == Pate2017Variant.OFFICIAL_CODE ? counts : sorted;
    if (tested[0] < tested[1] + k) {
      return 0;
    }
    sorted[0] -= k;
    sorted[1] += k;
    double value = Pate2017Moments.logmgfFromCounts(sorted, noiseEps, l, variant);
    sorted[0] -= 1;
    sorted[1] += 1;
    double changed = Pate2017Moments.logmgfFromCounts(sorted, noiseEps, l, variant);
    return changed - value;
  }

  /**
   * {@code smoothed_sens(counts, noise_eps, l, beta)}: {@code max_k e^{-beta k} sens_at_k}, over
   * {@code k = 0, 1, ...} until the sensitivity is 0 or k reaches the largest count.
   */
  public static double smoothedSens(double[] counts, double noiseEps, int l, double beta,
      Pate2017Variant variant) {
    DpPreconditions.checkPositive(beta, "beta");
    int k = 0;
    double smoothed = sensAtK(counts, noiseEps, l, k, variant);
    double maxCount = Counts.max(counts);
    while (k < maxCount) {
      k += 1;
      double atK = sensAtK(counts, noiseEps, l, k, variant);
      smoothed = Math.max(smoothed, Math.exp(-beta * k) * atK);
      if (atK == 0.0) {
        break;
      }
    }
    return smoothed;
  }

  /**
   * The privacy parameter of releasing the data-dependent epsilon with Laplace noise scaled by the
   * smooth sensitivity, as {@code main()} prints it: {@code 2 beta ln(1/delta)}.
   */
  public static double ssEps(double beta, double delta) {
    DpPreconditions.checkDelta(delta, "delta");
    return 2.0 * beta * Math.log(1 / delta);
  }

  /** The noise scale {@code main()} prints: {@code 2 / ss_eps}, times the smooth sensitivity. */
  public static double ssScale(double beta, double delta) {
    return 2.0 / ssEps(beta, delta);
  }

  private static double[] sortedDescending(double[] counts) {
    double[] sorted = counts.clone();
    Arrays.sort(sorted);
    for (int i = 0, j = sorted.length - 1; i < j; i++, j--) {
      double tmp = sorted[i];
      sorted[i] = sorted[j];
      sorted[j] = tmp;
    }
    return sorted;
  }
}
