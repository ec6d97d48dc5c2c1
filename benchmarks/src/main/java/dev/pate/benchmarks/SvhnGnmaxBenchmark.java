package dev.pate.benchmarks;

import dev.pate.aggregator.accounting.NoiseKind;
import dev.pate.aggregator.analysis.AnalysisRequest;
import dev.pate.aggregator.analysis.AnalysisResult;
import dev.pate.aggregator.mechanism.Mechanism;
import dev.pate.aggregator.analysis.QueryProfiles;
import dev.pate.aggregator.analysis.VoteAnalysis;
import dev.pate.aggregator.gnmax.GnmaxAccounting;
import dev.pate.aggregator.mechanism.Mechanism;
import dev.pate.aggregator.rdp.Conversion;
import dev.pate.aggregator.rdp.Orders;
import dev.pate.aggregator.rdp.RdpLedger;
import dev.pate.aggregator.votes.VoteFiles;
import dev.pate.aggregator.votes.VoteMatrix;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;
import java.util.stream.DoubleStream;

/**
 * Times the analysis of all 26 032 SVHN queries of the PATE 2018 authors with GNMax (sigma 40,
 * data-dependent, continuous noise) over the ICLR 2018 long list of orders. Not a JUnit test.
 *
 * <p>Run from the checkout root after {@code mvn -q -B -pl benchmarks -am package -DskipTests}:
 * <pre>
 * java -Dpate.repo.root=$PWD -cp "benchmarks/target/classes:benchmarks/target/lib/*" \
 *     dev.pate.benchmarks.SvhnGnmaxBenchmark [expected-classic-epsilon]
 * </pre>
 *
 * <p>Prints the median of repeated runs after a JIT warm-up, and query-orders per second; with an
 * argument, also the difference from that epsilon (e.g. the official numpy code's).
 */
public final class SvhnGnmaxBenchmark {
  private static final int WARM_UP = 30;
  private static final int RUNS = 21;

  private SvhnGnmaxBenchmark() {}

  public static void main(String[] args) {
    Path file = Path.of(System.getProperty("pate.repo.root"), "..", "shared", "data",
        "pate2018-votes", "svhn_250_teachers.npy");
    long readStart = System.nanoTime();
    VoteMatrix votes = VoteFiles.read(file);
    double readSeconds = (System.nanoTime() - readStart) / 1e9;
    Orders orders = iclr2018LongOrders();
    AnalysisRequest request = AnalysisRequest.of(new Mechanism.Gnmax(40))
        .withOrders(orders).withConversion(Conversion.CLASSIC).withDelta(1e-5);
    VoteAnalysis analysis = new VoteAnalysis();

    AnalysisResult result = null;
    for (int i = 0; i < WARM_UP; i++) {
      result = analysis.analyze(votes, request);
    }
    double[] seconds = new double[RUNS];
    for (int i = 0; i < RUNS; i++) {
      long start = System.nanoTime();
      result = analysis.analyze(votes, request);
      seconds[i] = (System.nanoTime() - start) / 1e9;
    }
    double median = median(seconds);
    long queryOrders = (long) votes.queries() * orders.size();
    System.out.printf(Locale.ROOT, "SVHN GNMax sigma 40: %d queries x %d orders, %d profiles%n",
        votes.queries(), orders.size(), QueryProfiles.of(votes).size());
    System.out.printf(Locale.ROOT, "read .npy: %.3f s (once)%n", readSeconds);
    System.out.printf(Locale.ROOT,
        "analysis: median %.4f s over %d runs (min %.4f, max %.4f) after %d warm-up runs;"
            + " %.3g query-orders/s; %d cores%n",
        median, RUNS, Arrays.stream(seconds).min().orElseThrow(),
        Arrays.stream(seconds).max().orElseThrow(), WARM_UP, queryOrders / median,
        Runtime.getRuntime().availableProcessors());
    System.out.printf(Locale.ROOT, "epsilon (classic, delta 1e-5) = %.17g at order %s%n",
        result.epsilon().epsilon(), result.epsilon().order());

    // The same sum query by query, without grouping or parallelism: what grouping saves.
    double[] rowByRow = new double[RUNS];
    double rowEpsilon = 0;
    for (int i = 0; i < WARM_UP / 3 + RUNS; i++) {
      long start = System.nanoTime();
      rowEpsilon = rowByRow(votes, orders);
      if (i >= WARM_UP / 3) {
        rowByRow[i - WARM_UP / 3] = (System.nanoTime() - start) / 1e9;
      }
    }
    System.out.printf(Locale.ROOT,
        "row by row, one thread, no grouping: median %.4f s (%.3g query-orders/s),"
            + " epsilon %.17g%n", median(rowByRow), queryOrders / median(rowByRow), rowEpsilon);
    if (args.length > 0) {
      double expected = Double.parseDouble(args[0]);
      System.out.printf(Locale.ROOT, "relative difference from %s: %.2e%n", args[0],
          Math.abs(result.epsilon().epsilon() - expected) / expected);
    }
  }

  private static double rowByRow(VoteMatrix votes, Orders orders) {
    GnmaxAccounting accounting = new GnmaxAccounting(40, orders, NoiseKind.CONTINUOUS);
    double[] total = new double[orders.size()];
    double[] row = new double[votes.classes()];
    for (int q = 0; q < votes.queries(); q++) {
      votes.copyRow(q, row);
      double[] rdp = accounting.dataDependentRdp(row, true);
      for (int i = 0; i < total.length; i++) {
        total[i] += rdp[i];
      }
    }
    RdpLedger ledger = new RdpLedger(orders);
    ledger.add(total);
    return ledger.epsilon(1e-5, Conversion.CLASSIC).epsilon();
  }

  /**
   * The long order list of the ICLR 2018 scripts, {@code np.concatenate((np.arange(2, 100 + 1,
   * .5), np.logspace(np.log10(100), np.log10(500), num=100)))}, without its duplicate (100):
   * 297 orders. (The reference tests build it the same way in {@code ReferenceVectors}.)
   */
  static Orders iclr2018LongOrders() {
    double stop = Math.log10(500);
    double step = (stop - 2) / 99;
    double[] orders = DoubleStream.concat(
        DoubleStream.iterate(2, a -> a < 101, a -> a + 0.5),
        DoubleStream.iterate(1, i -> i < 100, i -> i + 1)
            .map(i -> Math.pow(10, i == 99 ? stop : 2 + i * step)))
        .toArray();
    return Orders.of(orders);
  }

  private static double median(double[] values) {
    double[] sorted = values.clone();
    Arrays.sort(sorted);
    return sorted[sorted.length / 2];
  }
}
