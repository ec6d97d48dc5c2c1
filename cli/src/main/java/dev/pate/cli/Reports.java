package dev.pate.cli;

import dev.pate.aggregator.accounting.PrivacyStatement;
import dev.pate.aggregator.lnmax.Pate2017Analysis;
import dev.pate.aggregator.lnmax.Pate2017Report;
import dev.pate.aggregator.lnmax.Pate2017Variant;
import dev.pate.aggregator.rdp.EpsilonBound;
import dev.pate.aggregator.rdp.Orders;
import dev.pate.cli.cache.CachedEnsemble;
import dev.pate.config.AggregatorConfig;
import dev.pate.config.Mechanism;
import dev.pate.config.NoiseMode;
import dev.pate.config.RunConfig;
import dev.pate.datasets.Dataset;
import dev.pate.datasets.split.TeacherPartitions;
import dev.pate.ensemble.TeacherRecord;
import dev.pate.student.PseudoLabels;
import dev.pate.student.StudentResult;
import java.util.List;
import java.util.Locale;

/** Assembles report.json from what the stages produced. */
final class Reports {
  /** The smooth-sensitivity beta of PATE 2017's analysis.py (its default). */
  private static final double SMOOTH_BETA = 0.09;

  private Reports() {}

  /**
   * @param noise the noise labelling used: the config's, or planned (then with its plan)
   * @param ceiling the non-private ceiling, or null when not asked for
   */
  static RunReport build(RunConfig config, RunNoise noise, RunFolder folder, RunData data,
      TeacherPartitions partitions, CachedEnsemble ensemble, QueryRounds.Outcome asked,
      StudentResult student, int unlabelledExamples, RunReport.NonPrivateCeiling ceiling,
      RunReport.Timings timings) {
    return new RunReport(
        config.name(),
        folder.path().toString(),
        config.seed(),
        new RunReport.Dataset(config.dataset().name().id(), data.dataDir(),
            partitions.examplesUsed(), data.publicSplit().pool().size(),
            data.publicSplit().holdout().size(), data.tables()),
        teachers(config, partitions, ensemble),
        aggregation(config.aggregator().noise(), noise.aggregator(), asked),
        noise.plan().orElse(null),
        privacy(config, noise.aggregator(), asked.labelling(), asked.votes()),
        student == null ? null : student(config, student, unlabelledExamples),
        ceiling,
        timings);
  }

  private static RunReport.Student student(RunConfig config, StudentResult student,
      int unlabelledExamples) {
    List<RunReport.Epoch> curve = student.learningCurve().stream()
        .map(e -> new RunReport.Epoch(e.epoch(), e.testAccuracy(),
            e.pseudoLabels().map(PseudoLabels::count).orElse(null),
            e.pseudoLabels().map(PseudoLabels::precision).orElse(null)))
        .toList();
    RunReport.PseudoLabels last = student.finalPseudoLabels()
        .map(p -> new RunReport.PseudoLabels(p.count(), p.poolSize(), p.coverage(), p.precision()))
        .orElse(null);
    return new RunReport.Student(config.student().method().id(),
        config.student().network().architecture().id(), student.trainingExamples(),
        unlabelledExamples, student.testAccuracy(), curve, last);
  }

  private static RunReport.Teachers teachers(RunConfig config, TeacherPartitions partitions,
      CachedEnsemble ensemble) {
    List<TeacherRecord> records = ensemble.records();
    var accuracy = records.stream().mapToDouble(TeacherRecord::testAccuracy).summaryStatistics();
    var sizes = records.stream().mapToInt(TeacherRecord::trainingExamples).summaryStatistics();
    var t = config.teachers();
    CachedEnsemble.Provenance from = ensemble.provenance();
    return new RunReport.Teachers(records.size(), t.network().architecture().id(),
        accuracy.getAverage(), accuracy.getMin(), accuracy.getMax(), sizes.getMin(),
        sizes.getMax(), t.workers(), t.threadsPerWorker(),
        new RunReport.Cache(ensemble.folder().toString(), ensemble.key().hash(),
            from.teachersTrained(), from.teachersReused(), from.votesComputed(),
            from.votesReused()));
  }

  /** @param a the aggregator with the noise parameters labelling used */
  private static RunReport.Aggregation aggregation(NoiseMode mode, AggregatorConfig a,
      QueryRounds.Outcome outcome) {
    int[][] votes = outcome.votes();
    Dataset queries = outcome.queries();
    Labelling labelling = outcome.labelling();
    int answered = 0;
    int correct = 0;
    int pluralityCorrect = 0;
    for (int q = 0; q < votes.length; q++) {
      int truth = queries.label(q);
      if (argMax(votes[q]) == truth) {
        pluralityCorrect++;
      }
      boolean asked = q < labelling.answers().length;
      if (asked && labelling.answers()[q].answered()) {
        answered++;
        if (labelling.answers()[q].label() == truth) {
          correct++;
        }
      }
    }
    return new RunReport.Aggregation(a.mechanism().id(), mode.id(), boxed(a.gamma()),
        boxed(a.sigma()), boxed(a.threshold()), boxed(a.sigma1()), boxed(a.sigma2()),
        a.selection().id(),
        a.queries(), labelling.answers().length, answered,
        answered == 0 ? 0 : correct / (double) answered,
        votes.length == 0 ? 0 : pluralityCorrect / (double) votes.length,
        labelling.stoppedBecause().orElse(null), outcome.rounds());
  }

  private static RunReport.Privacy privacy(RunConfig config, AggregatorConfig aggregator,
      Labelling labelling, int[][] votes) {
    var conversion = Mechanisms.conversion(config.privacy());
    PrivacyStatement s = labelling.accountant().report(config.privacy().delta(), conversion);
    String orders = describe(s.orders());
    EpsilonBound independent = s.epsilonDataIndependent();
    EpsilonBound dependent = s.epsilonDataDependent();
    List<RunReport.Statement> statements = List.of(
        statement("data-independent", independent, orders),
        statement("data-dependent (not itself private; publish only via smooth sensitivity)",
            dependent, orders));
    RunReport.Moments2017 moments = aggregator.mechanism() == Mechanism.LNMAX
        ? moments2017(votes, labelling.answers().length, aggregator.gamma().orElseThrow(),
            config.privacy().delta())
        : null;
    return new RunReport.Privacy(config.privacy().delta(), conversion.id(),
        labelling.randomness().kind().id(), Mechanisms.noiseName(aggregator),
        independent.epsilon(), independent.order(), dependent.epsilon(), dependent.order(),
        orders, statements, moments);
  }

  /**
   * The PATE 2017 paper's own analysis of these votes (analysis.py: moments 1..8, classic
   * conversion, continuous Laplace noise), for comparison with the paper. Not the run's claim.
   * Null where that code has no meaningful answer: with 2 gamma above ln 2 its data-dependent
   * formula can give negative log moments (see {@code Pate2017Moments.logmgfExact}), which the
   * ledger refuses.
   */
  private static RunReport.Moments2017 moments2017(int[][] votes, int asked, double gamma,
      double delta) {
    double[][] counts = new double[asked][];
    for (int q = 0; q < asked; q++) {
      counts[q] = RunPipeline.toDoubles(votes[q]);
    }
    Pate2017Report paper;
    try {
      paper = Pate2017Analysis.analyse(counts, gamma, delta, SMOOTH_BETA,
          Pate2017Variant.OFFICIAL_CODE);
    } catch (IllegalArgumentException officialCodeOutOfItsDomain) {
      return null;
    }
    return new RunReport.Moments2017(paper.epsilon().epsilon(), paper.epsilon().order() - 1,
        paper.dataIndependentEpsilon().epsilon(), paper.dataIndependentEpsilon().order() - 1,
        "classic");
  }

  private static RunReport.Statement statement(String kind, EpsilonBound b, String orders) {
    return new RunReport.Statement(kind, b.epsilon(), b.delta(), b.order(), b.conversion().id(),
        orders);
  }

  static String describe(Orders orders) {
    var range = java.util.Arrays.stream(orders.toArray()).summaryStatistics();
    return String.format(Locale.ROOT, "%d orders from %s to %s", orders.size(),
        NumberText.of(range.getMin()), NumberText.of(range.getMax()));
  }

  private static Double boxed(java.util.OptionalDouble d) {
    return d.isPresent() ? d.getAsDouble() : null;
  }

  private static int argMax(int[] counts) {
    int best = 0;
    for (int c = 1; c < counts.length; c++) {
      if (counts[c] > counts[best]) {
        best = c;
      }
    }
    return best;
  }
}
