package dev.pate.study;

import dev.pate.aggregator.accounting.PrivacyAccountant;
import dev.pate.aggregator.accounting.PrivacyStatement;
import dev.pate.aggregator.accounting.QueryCharge;
import dev.pate.aggregator.rdp.Conversion;
import dev.pate.config.RunConfig;
import dev.pate.files.AtomicFiles;
import dev.pate.files.UserError;
import dev.pate.ledger.Ledger;
import dev.pate.ledger.LedgerEntry;
import dev.pate.ledger.LedgerReader;
import dev.pate.pipeline.labelling.LedgerReplay;
import dev.pate.pipeline.labelling.Mechanisms;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A run's epsilon after each answer, replayed from its ledger through a fresh accountant: the same
 * charges, in the same order, as the run made (so the last point is the run's reported epsilon).
 * The replay is saved beside the ledger ({@value #FILE}) so that a study's report is rebuilt
 * without replaying it again.
 */
final class EpsilonCurves {
  static final String FILE = "epsilon-curve.csv";
  private static final String HEADER = "answered,epsilon_data_dependent,epsilon_data_independent";

  /** Points per curve: enough for a smooth line, few enough to replay quickly. */
  private static final int SAMPLES = 100;

  private EpsilonCurves() {}

  /** The curve of the finished run in {@code runFolder}, from its saved replay if there is one. */
  static EpsilonCurve of(String label, String noise, Path runFolder, RunConfig config) {
    Path saved = runFolder.resolve(FILE);
    List<double[]> points = Files.exists(saved) ? read(saved) : replay(runFolder, config);
    if (!Files.exists(saved)) {
      StringBuilder text = new StringBuilder(HEADER).append('\n');
      points.forEach(p -> text.append(String.format(Locale.ROOT, "%s,%s,%s%n", (long) p[0], p[1],
          p[2])));
      AtomicFiles.writeString(saved, text.toString());
    }
    return new EpsilonCurve(label, noise, column(points, 0), column(points, 1),
        column(points, 2));
  }

  /**
   * Two accountants replay the ledger: the run's own (with its budget), whose final guarantee
   * caps the curve, and one without a budget, whose guarantee after k queries is k queries at
   * their worst case, what a run stopped there by design would have been guaranteed.
   */
  private static List<double[]> replay(Path runFolder, RunConfig config) {
    List<LedgerEntry> entries = LedgerReader.read(runFolder.resolve(Ledger.FILE)).entries();
    PrivacyAccountant run = LedgerReplay.of(runFolder, config);
    PrivacyAccountant prefix = new PrivacyAccountant(run.accounting());
    Conversion conversion = Mechanisms.conversion(config.privacy());
    double delta = config.privacy().delta();
    double guarantee = run.report(delta, conversion).epsilonDataIndependent().epsilon();
    int step = Math.max(1, entries.size() / SAMPLES);
    List<double[]> points = new ArrayList<>();
    points.add(new double[] {0, 0, 0}); // nothing released yet: 0-DP
    int answered = 0;
    for (int i = 0; i < entries.size(); i++) {
      LedgerEntry e = entries.get(i);
      prefix.add(new QueryCharge(e.answered(), e.spentRdp(), e.dataDependentRdp()));
      answered += e.answered() ? 1 : 0;
      if ((i + 1) % step == 0 || i == entries.size() - 1) {
        PrivacyStatement s = prefix.report(delta, conversion);
        points.add(new double[] {answered, s.epsilonDataDependent().epsilon(),
            Math.min(guarantee, s.epsilonDataIndependent().epsilon())});
      }
    }
    return points;
  }

  private static List<double[]> read(Path file) {
    try {
      List<String> lines = Files.readAllLines(file);
      if (lines.isEmpty() || !lines.get(0).equals(HEADER)) {
        throw new UserError(file + " line 1: not '" + HEADER + "' (delete the file and it is"
            + " replayed from the ledger again)");
      }
      List<double[]> points = new ArrayList<>();
      for (int i = 1; i < lines.size(); i++) {
        String[] fields = lines.get(i).split(",");
        try {
          points.add(new double[] {Double.parseDouble(fields[0]), Double.parseDouble(fields[1]),
              Double.parseDouble(fields[2])});
        } catch (NumberFormatException | ArrayIndexOutOfBoundsException e) {
          throw new UserError(file + " line " + (i + 1) + ": not three numbers (delete the file"
              + " and it is replayed from the ledger again)");
        }
      }
      return points;
    } catch (IOException e) {
      throw new UserError("cannot read " + file + ": " + e.getMessage(), e);
    }
  }

  private static double[] column(List<double[]> points, int c) {
    return points.stream().mapToDouble(p -> p[c]).toArray();
  }
}
