package dev.pate.aggregator.planning;

import dev.pate.aggregator.noise.DiscreteGaussian;
import dev.pate.aggregator.noise.DiscreteLaplace;
import dev.pate.aggregator.noise.DiscreteNoise;
import java.util.Locale;

/**
 * The probability mass function and distribution function of the integer noise runs draw
 * (discrete Gaussian for GNMax, discrete Laplace for LNMax), tabulated on {@code [-reach, reach]}.
 * The reach is chosen so that the mass outside is below 1e-20; outside, the mass is taken as 0.
 */
final class NoiseTable {
  /** Largest reach tabulated (about sigma 1e5): two arrays of 16 MB. */
  static final long MAX_REACH = 1_000_000;

  final long reach;
  private final double[] pmf;
  private final double[] cdf;

  private NoiseTable(DiscreteNoise noise, long reach, String parameter, double value) {
    if (reach > MAX_REACH) {
      throw new IllegalArgumentException(String.format(Locale.ROOT,
          "%s: %s is too much noise for the exact expected-accuracy computation (tables up to"
              + " +-%d)", parameter, value, MAX_REACH));
    }
    this.reach = reach;
    int size = (int) (2 * reach + 1);
    this.pmf = new double[size];
    for (int i = 0; i < size; i++) {
      pmf[i] = Math.exp(noise.logPmf(i - reach));
    }
    // P(Z <= k): summed from the left tail for k < 0; by symmetry 1 - P(Z <= -k-1) for k >= 0, so
    // both tails keep their relative accuracy.
    this.cdf = new double[size];
    double sum = 0;
    for (int i = 0; i < reach; i++) {
      sum += pmf[i];
      cdf[i] = sum;
    }
    for (long k = 0; k <= reach; k++) {
      cdf[(int) (k + reach)] = k == reach ? 1 : 1 - cdf[(int) (-k - 1 + reach)];
    }
  }

  /** Discrete Gaussian with this sigma; reach {@code 9.5 sigma} (tail mass below 1e-20). */
  static NoiseTable gaussian(double sigma) {
    return new NoiseTable(new DiscreteGaussian(sigma), (long) Math.ceil(9.5 * sigma) + 1,
        "sigma", sigma);
  }

  /** Discrete Laplace {@code P(k) ~ exp(-gamma |k|)}; reach {@code 47 / gamma}. */
  static NoiseTable laplace(double gamma) {
    return new NoiseTable(DiscreteLaplace.ofInverseScale(gamma),
        (long) Math.ceil(47 / gamma) + 1, "gamma", gamma);
  }

  double pmf(long k) {
    return k < -reach || k > reach ? 0 : pmf[(int) (k + reach)];
  }

  /** {@code P(Z <= k)}. */
  double cdf(long k) {
    if (k < -reach) {
      return 0;
    }
    return k >= reach ? 1 : cdf[(int) (k + reach)];
  }

  /** {@code P(Z >= k)}. */
  double survival(long k) {
    return cdf(-k); // symmetric
  }
}
