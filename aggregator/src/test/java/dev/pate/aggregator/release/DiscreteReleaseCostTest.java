package dev.pate.aggregator.release;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pate.aggregator.accounting.NoiseKind;
import dev.pate.aggregator.gnmax.ConfidentGnmaxAccounting;
import dev.pate.aggregator.rdp.Orders;
import dev.pate.aggregator.votes.RowSelection;
import dev.pate.aggregator.votes.VoteFiles;
import dev.pate.aggregator.votes.VoteMatrix;
import java.nio.file.Path;
import java.util.Locale;
import org.junit.jupiter.api.Test;

/**
 * What the proved bounds for discrete noise cost in release noise on realistic votes: the first
 * 640 queries of the PATE 2018 MNIST votes (250 teachers, 10 classes), GNMax with sigma 40 and
 * Confident-GNMax with T = 200, sigma1 = 150, sigma2 = 40, released with fixed parameters (order
 * 18, beta 0.0272, sigma_ss 1.864: what {@code ReleasePlanner} chooses a priori for teachers of
 * accuracy 0.9). Compared are the release's noise standard deviations {@code SS_beta sigma_ss}
 * with the paper's bounds for continuous noise and with {@link DiscreteGnmaxSensitivity} for the
 * discrete noise runs draw. The transcript takes the noiseless threshold outcome as the answers.
 *
 * <p>Prints the table (surefire's {@code DiscreteReleaseCostTest-output.txt}); fails if the
 * discrete bounds cost more than twice the continuous ones' noise, or less than them.
 */
class DiscreteReleaseCostTest {
  private static final int TEACHERS = 250;
  private static final ReleaseParameters PARAMETERS =
      new ReleaseParameters(18, 0.49 / 18, 1.8643466948200371);

  @Test
  void discreteBoundsCostLessThanTwiceTheContinuousNoise() {
    VoteMatrix votes = VoteFiles.read(Path.of(System.getProperty("pate.repo.root"), "..",
        "shared", "data", "pate2018-votes", "mnist_250_teachers.npy"))
        .select(new RowSelection(0, 640));
    System.out.printf(Locale.ROOT, "%-21s %-10s %8s %8s %9s%n",
        "accounting", "noise", "rdp", "ss", "noise std");
    for (ReleaseTarget.Accounting accounting : ReleaseTarget.Accounting.values()) {
      if (accounting == ReleaseTarget.Accounting.CONFIDENT_EXPECTED) {
        continue;
      }
      double[] std = new double[2];
      for (NoiseKind noise : NoiseKind.values()) {
        SmoothSensitivityRelease release = released(votes, accounting, noise);
        double ss = release.smoothSensitivity(PARAMETERS.beta());
        std[noise.ordinal()] = ss * PARAMETERS.sigmaSs();
        System.out.printf(Locale.ROOT, "%-21s %-10s %8.4f %8.5f %9.4f%n", accounting.id(),
            noise.name().toLowerCase(Locale.ROOT), release.rdp(), ss, std[noise.ordinal()]);
      }
      double ratio = std[NoiseKind.DISCRETE.ordinal()] / std[NoiseKind.CONTINUOUS.ordinal()];
      System.out.printf(Locale.ROOT, "%-21s discrete / continuous noise: %.2f%n",
          accounting.id(), ratio);
      assertTrue(ratio >= 1 && ratio <= 2, accounting.id() + ": " + ratio);
    }
  }

  private static SmoothSensitivityRelease released(VoteMatrix votes,
      ReleaseTarget.Accounting accounting, NoiseKind noise) {
    boolean gnmax = accounting == ReleaseTarget.Accounting.GNMAX;
    ReleaseTarget target = new ReleaseTarget(accounting, TEACHERS, votes.classes(),
        gnmax ? Double.NaN : 200, gnmax ? Double.NaN : 150, 40, noise);
    SmoothSensitivityRelease release = new SmoothSensitivityRelease(target, PARAMETERS.order());
    ConfidentGnmaxAccounting noiseless =
        new ConfidentGnmaxAccounting(200, 150, 40, Orders.of(PARAMETERS.order()), noise);
    for (int q = 0; q < votes.queries(); q++) {
      double[] row = new double[votes.classes()];
      votes.copyRow(q, row);
      if (target.transcript()) {
        release.add(row, noiseless.answersWithoutNoise(row));
      } else {
        release.add(row, 1.0);
      }
    }
    return release;
  }
}
