package dev.pate.aggregator.release;

import dev.pate.aggregator.noise.DiscreteGaussian;
import java.math.BigDecimal;
import java.math.RoundingMode;

/**
 * Adds Gaussian noise to a real value and publishes the sum rounded to the fixed grid of multiples
 * of {@link #GRID}, without the floating-point leak, at a privacy cost proved for the noise it
 * really draws ({@link GnssCost#releaseRdp}).
 *
 * <p><b>Why a grid.</b> Noise drawn on a lattice {@code h Z} (exact samplers draw integers) and
 * added to a value x gives outputs in {@code x + h Z}: at full precision the set of possible
 * outputs reveals x (for GNSS, both the data-dependent RDP and, through h, its smooth
 * sensitivity), whatever the noise. Rounded to a grid fixed in advance, every output is a grid
 * point, whatever the data. Cells are half-open, {@code [G(c - 1/2), G(c + 1/2))} with {@code G =
 * GRID}: the output is {@code G floor(v/G + 1/2)}, so that every cell holds exactly as many
 * lattice points as any other.
 *
 * <p><b>The lattice.</b> {@code h = GRID 2^-b} with the smallest {@code b >= 10} for which {@code
 * h <= r s}, {@code r = }{@link #LATTICE_RATIO}{@code = 2^-20}: every cell holds exactly {@code
 * 2^b} lattice points, and W is h times a discrete Gaussian with parameter {@code s / h >= 1/r}.
 *
 * <p><b>The cost, proved for this noise.</b> Let two neighbours' releases have means x0, x1,
 * standard deviations s0, s1, lattices {@code h_i <= r s_i}, and let P', Q' be the distributions
 * of their rounded outputs; p, q the continuous densities {@code N(x_i, s_i^2)}. For an order
 * {@code l > 1}:
 *
 * <ol>
 *   <li><i>Tiling.</i> The lattice points {@code x + hk} in a cell are paired with intervals
 *       {@code I_k = [x + hk - theta, x + hk - theta + h)}, one offset theta in [0, h) for all,
 *       which tile the cell exactly (its ends are a multiple of h apart and {@code G/h = 2^b});
 *       on {@code I_k}, {@code |y - x - hk| < h}.
 *   <li><i>Lattice against continuous.</i> A point's mass is {@code h phi_s(hk) / nu}, where by
 *       Poisson summation {@code nu = 1 + 2 sum_{j >= 1} exp(-2 pi^2 j^2 s^2 / h^2)}, so {@code 1
 *       <= nu <= 1 + 3 exp(-2 pi^2 / r^2)}. On {@code I_k}, {@code |(y - x)^2 - (hk)^2| <= h(2|y -
 *       x| + h)}, so {@code phi_s(hk) = phi_s(y - x) exp(+-(r |y - x| / s + r^2 / 2))}. Summed
 *       over a cell c: {@code P'(c) <= int_c p e^rho} and {@code Q'(c) >= nu^-1 int_c q
 *       e^-rho'}, with {@code rho = r |y - x0| / s0 + r^2/2}, {@code rho' = r |y - x1| / s1 +
 *       r^2/2}.
 *   <li><i>Cells.</i> Hoelder's inequality gives {@code (int_c f)^l (int_c g)^(1 - l) <= int_c
 *       f^l g^(1 - l)} for l > 1; summed over the cells, {@code sum_c P'^l Q'^(1 - l) <=
 *       nu^(l - 1) int p^l q^(1 - l) e^(l rho + (l - 1) rho')}.
 *   <li><i>The tilted Gaussian.</i> {@code p^l q^(1 - l) = e^((l - 1) D_l) N(m, v)}, D_l the
 *       continuous divergence ({@link GnssCost#rdp} bounds it), {@code v = s0^2 s1^2 / s_l^2},
 *       {@code m - x0 = (1 - l)(x1 - x0) s0^2 / s_l^2}, {@code m - x1 = l (x0 - x1) s1^2 /
 *       s_l^2}, {@code s_l^2 = l s1^2 + (1 - l) s0^2}. With {@code |y - x_i| <= |m - x_i| + |y -
 *       m|} and {@code E e^(k|Z|) = e^(k^2 v/2) 2 Phi(k sqrt v) <= exp(k^2 v / 2 + k sqrt(v)
 *       sqrt(2/pi))} for {@code Z ~ N(0, v)}:
 *       <pre>
 *   (l - 1)(D'_l - D_l) <= l r |m - x0| / s0 + (l - 1) r |m - x1| / s1 + k^2 v / 2
 *                          + k sqrt(v) sqrt(2/pi) + (2l - 1) r^2 / 2 + (l - 1) ln nu,
 *   k = l r / s0 + (l - 1) r / s1.
 *       </pre>
 *   <li><i>Worst case.</i> In units of S(D), as in {@link GnssCost}, the right side is largest
 *       with {@code |x1 - x0| <= 1}, {@code e^|t| <= e^beta} and {@code w >= w(-beta)}: that is
 *       {@link GnssCost#latticeSlack}, 1.2e-5 of RDP at the headline's release (order 8), and
 *       charged.
 * </ol>
 *
 * <p>The arithmetic is exact: {@code x / GRID} and {@code k 2^-b} are exact binary fractions,
 * summed and rounded in {@link BigDecimal}, so the rounding cannot depend on floating-point error
 * near a cell boundary either.
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
  /** {@code 2^-RELATIVE_BITS}: the largest lattice spacing relative to the noise. */
  static final double LATTICE_RATIO = Math.scalb(1.0, -RELATIVE_BITS);
  /** Smallest supported noise: its lattice must stay a normal double. */
  static final double MIN_STD = 0x1p-900;
  private static final BigDecimal HALF = new BigDecimal("0.5");

  /**
   * {@code value + N(0, std^2)} rounded to the nearest multiple of {@link #GRID}, halves up (the
   * half-open cells of the class comment); {@code value} itself, rounded, when {@code std} is 0.
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
    BigDecimal cell = cells.add(HALF).setScale(0, RoundingMode.FLOOR);
    return Math.scalb(cell.doubleValue(), -GRID_BITS);
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
