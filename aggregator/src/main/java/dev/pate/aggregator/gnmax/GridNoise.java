package dev.pate.aggregator.gnmax;

import dev.pate.aggregator.noise.DiscreteGaussian;
import java.math.BigDecimal;
import java.math.RoundingMode;

/**
 * Adds Gaussian noise to a real value and publishes the sum rounded to the fixed grid of multiples
 * of {@link #GRID}, without the floating-point leak.
 *
 * <p><b>Why a grid.</b> Noise drawn on a lattice {@code h Z} (exact samplers draw integers) and
 * added to a value x gives outputs in {@code x + h Z}: at full precision the set of possible
 * outputs reveals x (for GNSS, both the data-dependent RDP and, through h, its smooth
 * sensitivity), whatever the noise. Rounded to a grid fixed in advance, every output is a grid
 * point, whatever the data.
 *
 * <p><b>Why it is still the Gaussian mechanism.</b> The rounded output is post-processing of
 * {@code x + W}; what has to be shown is that with the lattice noise W it is distributed as with
 * continuous noise {@code N(0, s^2)}, to a small relative error on every grid cell. The lattice is
 * {@code h = GRID 2^-b} with the smallest {@code b >= 10} for which {@code h <= 2^-20 s}: every
 * grid cell (a half-open interval of length GRID) holds exactly {@code 2^b} lattice points, and W
 * is h times a discrete Gaussian with parameter {@code s / h >= 2^20}. Tile a cell by 2^b
 * intervals of length h, one around each lattice point x_i in it (all offset alike): the continuous
 * mass of an interval is {@code h phi(y)} for some y with {@code |y - x_i| < h}, the discrete mass
 * {@code h phi(x_i) / N} with {@code N = sum_k h phi(kh)}, and
 *
 * <pre>
 *   phi(x_i) / phi(y) = exp((y^2 - x_i^2) / (2 s^2)),  |y^2 - x_i^2| < (2|x_i| + h) h,
 * </pre>
 *
 * so on a cell within r of the mean the two masses agree to a factor {@code exp(+-(r/s + 1)
 * 2^-20)} times {@code N^-1}, where {@code |N - 1| <= 2 exp(-2 pi^2 2^40)} (Poisson summation).
 * Within r = 1000 s, i.e. everywhere but a mass below {@code exp(-500000)}, the relative error is
 * below {@code 1e-3}; within 10 s, where all but {@code 2e-23} of the mass lies, below {@code
 * 1.1e-5}. That is far below anything the rounding to 2^-10 itself or the epsilon's printed digits
 * resolve, so the released value has the privacy of the continuous GNSS mechanism that Theorem 23
 * analyses.
 *
 * <p>The arithmetic is exact: {@code x / GRID} and {@code k 2^-b} are exact binary fractions,
 * summed and rounded (half to even) in {@link BigDecimal}, so the rounding cannot depend on
 * floating-point error near a cell boundary either.
 */
final class GridNoise {
  private GridNoise() {}

  /** {@code log2} of the grid: released values are multiples of 2^-10. */
  static final int GRID_BITS = 10;
  /** The grid of released values, 2^-10 (about 0.001 of RDP, hence of epsilon). */
  static final double GRID = 0x1p-10;
  /** At least 2^10 lattice points per grid cell. */
  private static final int MIN_CELL_BITS = 10;
  /** The lattice spacing is at most 2^-20 of the noise's standard deviation. */
  private static final int RELATIVE_BITS = 20;
  /** Smallest supported noise: its lattice must stay a normal double. */
  static final double MIN_STD = 0x1p-900;

  /**
   * {@code value + N(0, std^2)} rounded to the nearest multiple of {@link #GRID} (see the class
   * comment); {@code value} itself, rounded, when {@code std} is 0.
   */
  static double release(double value, double std, GaussianSampler sampler) {
    if (!Double.isFinite(value)) {
      throw new IllegalArgumentException("value: " + value + " is not finite");
    }
    if (!(std == 0 || std >= MIN_STD) || Double.isInfinite(std)) {
      throw new IllegalArgumentException(
          "std: " + std + " is not 0 or a finite number >= " + MIN_STD);
    }
    BigDecimal cells = new BigDecimal(value).multiply(BigDecimal.valueOf(1L << GRID_BITS));
    if (std > 0) {
      int bits = latticeBits(std);
      double latticeSigma = Math.scalb(std, GRID_BITS + bits); // s / h
      if (latticeSigma > DiscreteGaussian.MAX_SIGMA) {
        throw new IllegalArgumentException("std: " + std + " is beyond the exact sampler (its"
            + " lattice parameter " + latticeSigma + " exceeds " + DiscreteGaussian.MAX_SIGMA + ")");
      }
      long k = sampler.sample(latticeSigma);
      cells = cells.add(new BigDecimal(k).multiply(new BigDecimal(Math.scalb(1.0, -bits))));
    }
    return Math.scalb(cells.setScale(0, RoundingMode.HALF_EVEN).doubleValue(), -GRID_BITS);
  }

  /** The smallest {@code b >= 10} with {@code GRID 2^-b <= 2^-20 std}. */
  static int latticeBits(double std) {
    int bits = MIN_CELL_BITS;
    while (Math.scalb(GRID, -bits) > Math.scalb(std, -RELATIVE_BITS)) {
      bits++;
    }
    return bits;
  }
}
