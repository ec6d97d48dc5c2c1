package dev.pate.aggregator.release;

import dev.pate.aggregator.rdp.Conversion;
import dev.pate.aggregator.rdp.RdpConversions;
import dev.pate.aggregator.rdp.ReferenceVectors;
import dev.pate.aggregator.votes.RowSelection;
import dev.pate.aggregator.votes.VoteFiles;
import dev.pate.aggregator.votes.VoteMatrix;
import java.nio.file.Path;
import java.util.Locale;

/**
 * PATE 2018's smooth-sensitivity figures on the authors' own votes, recomputed with the release's
 * exact cost ({@link GnssCost}) beside the paper's Theorem 23. Not a JUnit test; run after {@code
 * mvn -o -q -B -pl aggregator test-compile} with
 *
 * <pre>
 * java -Dpate.repo.root=$PWD -cp aggregator/target/classes:aggregator/target/test-classes:$(cat \
 *     aggregator/target/test-classpath.txt) dev.pate.aggregator.release.Pate2018Table2Benchmark \
 *     FILE QUERIES THRESHOLD SIGMA1 SIGMA2 DELTA
 * </pre>
 *
 * (FILE in {@code ../shared/data/pate2018-votes/}; the test class path from {@code mvn -q -pl
 * aggregator dependency:build-classpath -Dmdep.outputFile=target/test-classpath.txt}). Prints the
 * official pipeline's expected answered count, order, epsilon before the release, after it with
 * Theorem 23 (what the paper prints), after it with the same parameters charged their exact cost,
 * and after it with (beta, sigma_ss) re-optimised for the exact cost; the classic conversion at
 * the data-dependent order, as the script reports.
 */
public final class Pate2018Table2Benchmark {
  private Pate2018Table2Benchmark() {}

  public static void main(String[] args) {
    if (args.length != 6) {
      System.err.println("usage: FILE QUERIES THRESHOLD SIGMA1 SIGMA2 DELTA");
      System.exit(2);
    }
    Path file = Path.of(System.getProperty("pate.repo.root"), "..", "shared", "data",
        "pate2018-votes", args[0]);
    int queries = Integer.parseInt(args[1]);
    VoteMatrix votes = VoteFiles.read(file).select(new RowSelection(0, queries));
    double[][] rows = new double[votes.queries()][votes.classes()];
    for (int q = 0; q < rows.length; q++) {
      votes.copyRow(q, rows[q]);
    }
    double delta = Double.parseDouble(args[5]);
    Pate2018Table2 t = Pate2018Table2.replay(rows, (int) Math.round(votes.maxRowSum()),
        Double.parseDouble(args[2]), Double.parseDouble(args[3]), Double.parseDouble(args[4]),
        delta, ReferenceVectors.longOrders2018());
    ReleaseParameters p = t.paper();
    ReleaseParameters exact = t.exactCostParameters();
    double exactSs = SmoothSensitivity.discountedMax(exact.beta(), t.official());
    double reoptimised = RdpConversions.epsilonAtOrder(t.order(), t.rdp() + exact.releaseRdp(),
        delta, Conversion.CLASSIC);
    System.out.printf(Locale.ROOT, "%s, %d queries, T %s, sigma1 %s, sigma2 %s, delta %s%n",
        args[0], queries, args[2], args[3], args[4], args[5]);
    System.out.printf(Locale.ROOT, "E[answered] %.1f, order %.1f, epsilon before the release "
        + "%.3f%n", t.answered(), t.order(), t.epsilonBefore());
    System.out.printf(Locale.ROOT, "paper (Theorem 23):       beta %.4f sigma_ss %.3f: release "
        + "RDP %.3f, epsilon %.3f +/- %.3f%n", p.beta(), p.sigmaSs(),
        GnssCost.pate2018Theorem23NotABound(p.beta(), p.sigmaSs(), t.order()),
        t.epsilonWithTheorem23(), t.officialStd());
    System.out.printf(Locale.ROOT, "same parameters, exact:   release RDP %.3f, epsilon %.3f "
        + "+/- %.3f%n", p.releaseRdp(), t.epsilonWithExactCost(), t.officialStd());
    System.out.printf(Locale.ROOT, "re-optimised, exact:      beta %.4f sigma_ss %.3f: release "
        + "RDP %.3f, epsilon %.3f +/- %.3f%n", exact.beta(), exact.sigmaSs(), exact.releaseRdp(),
        reoptimised, exactSs * exact.sigmaSs());
  }
}
