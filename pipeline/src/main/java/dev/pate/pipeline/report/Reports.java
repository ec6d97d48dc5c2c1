package dev.pate.pipeline.report;

import dev.pate.aggregator.accounting.PrivacyStatement;
import dev.pate.aggregator.groups.GroupAccountant;
import dev.pate.aggregator.groups.GroupStatement;
import dev.pate.aggregator.lnmax.Pate2017Analysis;
import dev.pate.aggregator.mechanism.Answer;
import dev.pate.aggregator.lnmax.Pate2017Report;
import dev.pate.aggregator.lnmax.Pate2017Variant;
import dev.pate.aggregator.mechanism.Mechanism;
import dev.pate.aggregator.noise.NoiseSourceKind;
import dev.pate.aggregator.rdp.EpsilonBound;
import dev.pate.config.AggregatorConfig;
import dev.pate.config.NoiseMode;
import dev.pate.config.RunConfig;
import dev.pate.datasets.Dataset;
import dev.pate.datasets.ImageDataset;
import dev.pate.datasets.split.Partitions;
import dev.pate.datasets.split.PublicSplit;
import dev.pate.ensemble.TeacherRecord;
import dev.pate.pipeline.baseline.NonPrivateCeiling;
import dev.pate.ensemble.nn.Classifiers;
import dev.pate.ensemble.nn.Tensors;
import dev.pate.pipeline.cache.CachedEnsemble;
import dev.pate.pipeline.data.RunData;
import dev.pate.pipeline.labelling.Labelling;
import dev.pate.pipeline.labelling.Mechanisms;
import dev.pate.pipeline.labelling.QueryRounds;
import dev.pate.pipeline.labelling.RunNoise;
import dev.pate.pipeline.output.NumberText;
import dev.pate.pipeline.output.RunFolder;
import dev.pate.student.PseudoLabels;
import dev.pate.student.StudentResult;
import java.util.List;
import java.util.Optional;

/** Assembles report.json from what the stages produced. */
public final class Reports {
  /** The smooth-sensitivity beta of PATE 2017's analysis.py (its default). */
  private static final double SMOOTH_BETA = 0.09;

  /** The unit of privacy of a run on {@code data}: its kind of record, not every kind's. */
  static String unit(RunData data) {
    if (data.tables() != null) {
      return "one record of the private data: a row of the private CSV file";
    }
    if (data.images() != null || data.dataDir() != null) {
      return "one record of the private data: an image of the private set";
    }
    return "one record of the private data: an example of the private set";
  }

  /** The neighbour relation, without the sentence on how teachers get records. */
  private static final String NEIGHBOUR_RELATION = "two private datasets are neighbours when"
      + " they differ in the record at one position of the private file: replaced by any other"
      + " record (one dropped for a missing value included), or appended or removed at the end.";

  static final String NEIGHBOURS = NEIGHBOUR_RELATION + " Each position is given to one teacher"
      + " by the seed and the position alone, so neighbours differ in one teacher's partition.";

  /** The neighbour relation with privacy groups (docs/groups.md). */
  static final String GROUP_NEIGHBOURS = NEIGHBOUR_RELATION + " With privacy groups the"
      + " replaced record keeps its group; a record's teachers depend on the seed, its position"
      + " and its group alone, and a record of group g moves at most s_g votes per query (its"
      + " multiplier: s_g teachers' votes under upsampling, one vote of weight s_g under"
      + " weighting). A record changing its group is two such steps (removed, then added), so"
      + " what it reveals about a record's group is bounded by the two groups' guarantees"
      + " composed.";

  /** What several runs over the same private data add up to, as release.json says it. */
  public static final String COMPOSITION = "the guarantee covers this run alone; the results of"
      + " several runs or study points over the same private data add up (pate ledger sums their"
      + " charges)";

  private static final String SEEDED = "NOT a guarantee: the noise was drawn from a seeded"
      + " generator, which anyone with the config can replay; seeded runs are for studies only";

  private static final String PAPER_INDEPENDENT_NOTE = "the official PATE 2017 analysis.py's"
      + " data-independent figure (moments 1..8, classic conversion), for comparison with the"
      + " paper; the run's guarantee is epsilon_data_independent";

  private static final String PAPER_DEPENDENT_NOTE = "the official PATE 2017 analysis.py's"
      + " data-dependent figure, which bounds q for continuous Laplace noise; this run drew"
      + " discrete noise, for which that q is not a valid bound: for comparison with the paper"
      + " only, not a bound for this run";

  private Reports() {}

  /** What the teachers and the student are, as the report names them. */
  /**
   * @param teachers the teachers' network's name (an architecture, or custom)
   * @param teacherEngine what trained the teachers ({@code teachers.engine}, auto resolved)
   * @param student the student's network's name
   * @param studentEngine what trained the student ({@code student.engine}, auto resolved), or
   *     custom for a student trainer given in code
   */
  public record Networks(String teachers, String teacherEngine, String student,
      String studentEngine) {}

  /**
   * @param noise the noise labelling used: the config's, or planned (then with its plan)
   * @param ceiling the non-private ceiling, or null when not asked for
   * @param timings the stages' seconds, which go under {@code private}
   */

  public static RunReport build(RunConfig config, RunNoise noise, RunFolder folder, RunData data,
      Partitions partitions, Networks networks, CachedEnsemble ensemble,
      QueryRounds.Outcome asked, StudentResult student, int unlabelledExamples,
      NonPrivateCeiling ceiling, RunReport.Timings timings) {
    return new RunReport(
        config.name(),
        RunReport.DISCLOSURE,
        folder.path().toString(),
        config.seed(),
        new RunReport.Dataset(data.name(), data.dataDir(),
            data.publicSplit().pool().size(), data.publicSplit().pool().labelledCount(),
            data.publicSplit().holdout().size(),
            data.publicSplit().validation().size() == 0 ? null
                : data.publicSplit().validation().size(),
            imageShape(data), data.tables(), images(data),
            new RunReport.DatasetPrivate(partitions.examplesUsed(),
                data.privateTable() == null ? null : data.privateTable().file(),
                data.privateTable() == null ? null : data.privateTable().unseenCategories())),
        teachers(config, networks, ensemble),
        aggregation(config.aggregator().noise(), noise.aggregator(), asked),
        noise.plan().orElse(null),
        privacy(config, data, noise.aggregator(), asked.labelling(), asked.votes()),
        student == null ? null
            : student(config, networks, student, unlabelledExamples, data.publicSplit()),
        null,
        new RunReport.RunPrivate(ceiling, timings));
  }

  private static String imageShape(RunData data) {
    return data.privateSet() instanceof ImageDataset images ? images.shape().toString() : null;
  }

  private static RunReport.Images images(RunData data) {
    if (data.images() == null) {
      return null;
    }
    var conversion = data.images().conversion();
    return new RunReport.Images(data.images().classes(),
        conversion.size().map(s -> List.of(s.height(), s.width())).orElse(null),
        conversion.channels().isPresent() ? conversion.channels().getAsInt() : null,
        data.images().sources().stream().filter(f -> !f.role().equals("private")).toList());
  }

  private static RunReport.Student student(RunConfig config, Networks networks,
      StudentResult student, int unlabelledExamples, PublicSplit split) {
    List<RunReport.Epoch> curve = student.learningCurve().stream()
        .map(e -> new RunReport.Epoch(e.epoch(), e.accuracy(),
            e.pseudoLabels().map(PseudoLabels::count).orElse(null),
            e.pseudoLabels().map(p -> boxed(p.precision())).orElse(null)))
        .toList();
    RunReport.PseudoLabels last = student.finalPseudoLabels()
        .map(p -> new RunReport.PseudoLabels(p.count(), p.poolSize(), p.coverage(),
            boxed(p.precision())))
        .orElse(null);
    return new RunReport.Student(config.student().method().id(), networks.student(),
        networks.studentEngine(), student.trainingExamples(),
        unlabelledExamples, student.testAccuracy(), validationAccuracy(student, split.validation()),
        split.judgedOnName(), curve, last, student.restarts(),
        student.ensemble().map(StudentResult.Ensemble::members).orElse(List.of()));
  }

  /**
   * The final student's accuracy on the validation split (public examples it was neither asked
   * about nor trained on), which a study chooses settings by; null without a validation split.
   */
  private static Double validationAccuracy(StudentResult student, Dataset validation) {
    if (validation.size() == 0) {
      return null;
    }
    return Classifiers.accuracy(Classifiers.predict(student.network(),
        Tensors.features(validation)), validation.labels());
  }

  private static RunReport.Teachers teachers(RunConfig config, Networks networks,
      CachedEnsemble ensemble) {
    List<TeacherRecord> records = ensemble.records();
    var accuracy = records.stream().mapToDouble(TeacherRecord::testAccuracy).summaryStatistics();
    var sizes = records.stream().mapToInt(TeacherRecord::trainingExamples).summaryStatistics();
    var t = config.teachers();
    CachedEnsemble.Provenance from = ensemble.provenance();
    return new RunReport.Teachers(records.size(), networks.teachers(), t.method().id(),
        t.pretrain().id(), networks.teacherEngine(), t.executor().id(),
        t.workers(),
        t.threadsPerWorker(), new RunReport.TeachersPrivate(accuracy.getAverage(),
            accuracy.getMin(), accuracy.getMax(), sizes.getMin(), sizes.getMax(),
            new RunReport.Cache(ensemble.folder().toString(), ensemble.key().hash(),
                from.teachersTrained(), from.teachersReused(), from.votesComputed(),
                from.votesReused())));
  }

  /** @param a the aggregator with the noise parameters labelling used */
  private static RunReport.Aggregation aggregation(NoiseMode mode, AggregatorConfig a,
      QueryRounds.Outcome outcome) {
    int[][] votes = outcome.votes();
    Dataset queries = outcome.queries();
    Labelling labelling = outcome.labelling();
    Answer[] answers = labelling.answers();
    int answered = 0;
    int checked = 0;
    int correct = 0;
    int votedWithTruth = 0;
    int pluralityCorrect = 0;
    for (int q = 0; q < votes.length; q++) {
      // A query without a true label (an unlabelled pool) measures nothing: it is skipped, never
      // compared as class 0.
      boolean known = queries.isLabelled(q);
      int truth = queries.label(q);
      if (known) {
        votedWithTruth++;
        if (argMax(votes[q]) == truth) {
          pluralityCorrect++;
        }
      }
      boolean asked = q < answers.length;
      if (asked && answers[q].answered()) {
        answered++;
        if (known) {
          checked++;
          if (answers[q].label() == truth) {
            correct++;
          }
        }
      }
    }
    return new RunReport.Aggregation(a.mechanism().id(), mode.id(), boxed(a.gamma()),
        boxed(a.sigma()), boxed(a.threshold()), boxed(a.sigma1()), boxed(a.sigma2()),
        a.selection().id(),
        a.queries(), labelling.answers().length, answered,
        checked == 0 ? null : correct / (double) checked, labelAccuracyOn(answered, checked),
        labelling.stoppedBecause().orElse(null), outcome.rounds(),
        new RunReport.AggregationPrivate(
            votedWithTruth == 0 ? null : pluralityCorrect / (double) votedWithTruth));
  }

  /** What the label accuracy was measured on, or why there is none. */
  static String labelAccuracyOn(int answered, int checked) {
    if (answered == 0) {
      return "none: no query was answered";
    }
    if (checked == 0) {
      return "none: the query pool has no labels; the teachers' answers are its only labels";
    }
    return checked == answered ? "all " + answered + " answered queries"
        : checked + " of the " + answered + " answered queries (the others have no true label)";
  }

  private static RunReport.Privacy privacy(RunConfig config, RunData data,
      AggregatorConfig aggregator, Labelling labelling, int[][] votes) {
    var conversion = Mechanisms.conversion(config.privacy());
    PrivacyStatement s = labelling.accountant().report(config.privacy().delta(), conversion);
    RunReport.Comparison2017 paperDependent = null;
    RunReport.Comparison2017 paperIndependent = null;
    if (aggregator.mechanism() == Mechanism.Kind.LNMAX) {
      Pate2017Report paper = moments2017(votes, labelling.answers().length,
          aggregator.gamma().orElseThrow(), config.privacy().delta());
      if (paper != null) {
        paperDependent = new RunReport.Comparison2017(paper.epsilon().epsilon(),
            paper.epsilon().order() - 1, "classic", PAPER_DEPENDENT_NOTE);
        paperIndependent = new RunReport.Comparison2017(paper.dataIndependentEpsilon().epsilon(),
            paper.dataIndependentEpsilon().order() - 1, "classic", PAPER_INDEPENDENT_NOTE);
      }
    }
    Optional<PrivacyGroups> groups = labelling.groups().map(g -> new PrivacyGroups(
        config.privacy().groups().method().orElseThrow().id(), g));
    return privacy(s, new PrivacyTerms(unit(data),
            groups.isPresent() ? GROUP_NEIGHBOURS : NEIGHBOURS,
            aggregator.fixedMechanism().noiseName()), labelling.randomness().kind(),
        labelling.accountant().accounting().abstentionSpendsLess(),
        labelling.dataDependentRelease().orElse(null), paperIndependent, paperDependent, groups);
  }

  /**
   * A run's privacy groups as its report states them.
   *
   * @param method the id of the method that gave the multipliers
   * @param accountant the groups' accountant, one statement per group
   */
  public record PrivacyGroups(String method, GroupAccountant accountant) {}

  /**
   * What a privacy block states its epsilons about, in words.
   *
   * @param unit the unit of privacy (one record of the private data, of what kind)
   * @param neighbours the neighbour relation every epsilon is stated for
   * @param noise the noise distributions the run drew
   */
  public record PrivacyTerms(String unit, String neighbours, String noise) {}

  /**
   * The privacy block of report.json from the accountant's statement: the guarantee (the
   * data-independent epsilon, a guarantee only with secure noise) with its basis, the spent
   * epsilon, and the data-dependent figure under {@code private}; every epsilon with its delta,
   * order and conversion. Single-label and multi-label runs state their privacy through here.
   *
   * @param abstentionSpendsLess whether an abstaining query costs less than an answered one (then
   *     the spent epsilon is not itself a guarantee)
   * @param dataDependentRelease the release of the data-dependent epsilon, null if none
   * @param paperIndependent LNMax: the PATE 2017 data-independent figure, else null
   * @param paperDependent LNMax: the PATE 2017 data-dependent figure, else null
   * @param groups the run's privacy groups, if it has any: then {@code s} is the weakest group's
   *     statement, and every group's own is under {@code groups}
   */
  public static RunReport.Privacy privacy(PrivacyStatement s, PrivacyTerms terms,
      NoiseSourceKind randomness, boolean abstentionSpendsLess,
      java.util.Map<String, Object> dataDependentRelease,
      RunReport.Comparison2017 paperIndependent, RunReport.Comparison2017 paperDependent,
      Optional<PrivacyGroups> groups) {
    String orders = NumberText.orders(s.orders());
    EpsilonBound guarantee = s.epsilonDataIndependent();
    EpsilonBound spent = s.epsilonSpent();
    EpsilonBound dependent = s.epsilonDataDependent();
    boolean secret = randomness == NoiseSourceKind.SECURE;
    List<RunReport.Statement> statements = List.of(
        statement("data-independent", guarantee, orders, secret
            ? (groups.isPresent() ? "the guarantee of every record, the weakest privacy"
                + " group's (each group's own is under groups): " : "the guarantee: ")
                + s.basis().description()
                + (dataDependentRelease != null ? "; plus the smooth-sensitivity"
                    + " release of the data-dependent epsilon at every order" : "")
            : SEEDED),
        statement("spent", spent, orders, "the data-independent cost of the steps that ran;"
            + (abstentionSpendsLess
                ? " abstentions ran the threshold check alone, and which queries abstained"
                    + " depends on the votes: not itself a guarantee"
                : " every query ran in full, so it equals the guarantee")));
    return new RunReport.Privacy(terms.unit(), terms.neighbours(), guarantee.delta(),
        guarantee.conversion().id(), randomness.id(), secret, terms.noise(),
        guarantee.epsilon(), guarantee.order(),
        new RunReport.Guarantee(s.basis().id(), s.basis().description()),
        spent.epsilon(), spent.order(), statements, orders, paperIndependent, COMPOSITION,
        dataDependentRelease,
        new RunReport.PrivacyPrivate(dependent.epsilon(), dependent.order(),
            statement("data-dependent", dependent, orders, "a function of the private votes:"
                + " not itself differentially private; publish it only through a private"
                + " release"), paperDependent),
        groups.map(PrivacyGroups::method).orElse(null),
        groups.map(g -> groups(g.accountant(), orders, secret)).orElse(null));
  }

  /**
   * Every privacy group's line: its budget, multiplier and guarantee at its own delta and
   * conversion (the statement of its own accountant), and its data-dependent epsilon under
   * private. No group's size: it is private, and nothing here depends on it.
   */
  private static List<RunReport.Group> groups(GroupAccountant accountant, String orders,
      boolean secret) {
    List<RunReport.Group> groups = new java.util.ArrayList<>();
    for (GroupStatement g : accountant.report()) {
      PrivacyStatement s = g.statement();
      groups.add(new RunReport.Group(g.group().name(), g.group().budget().epsilon(),
          g.group().budget().delta(), g.group().multiplier(),
          statement("guarantee", s.epsilonDataIndependent(), orders, secret
              ? "the guarantee of every record of this group (multiplier "
                  + g.group().multiplier() + ": s^2 times the base cost per query): "
                  + s.basis().description()
              : SEEDED),
          new RunReport.GroupPrivate(statement("data-dependent", s.epsilonDataDependent(),
              orders, "a function of the private votes: not itself differentially private;"
                  + " not publishable"))));
    }
    return groups;
  }

  /**
   * The PATE 2017 paper's own analysis of these votes (analysis.py: moments 1..8, classic
   * conversion, continuous Laplace noise), for comparison with the paper. Not the run's claim.
   * Null where that code has no meaningful answer: with 2 gamma above ln 2 its data-dependent
   * formula can give negative log moments (see {@code Pate2017Moments.logmgfExact}), which the
   * ledger refuses.
   */
  private static Pate2017Report moments2017(int[][] votes, int asked, double gamma,
      double delta) {
    double[][] counts = new double[asked][];
    for (int q = 0; q < asked; q++) {
      counts[q] = java.util.Arrays.stream(votes[q]).asDoubleStream().toArray();
    }
    try {
      return Pate2017Analysis.analyse(counts, gamma, delta, SMOOTH_BETA,
          Pate2017Variant.OFFICIAL_CODE);
    } catch (IllegalArgumentException officialCodeOutOfItsDomain) {
      return null;
    }
  }

  private static RunReport.Statement statement(String kind, EpsilonBound b, String orders,
      String note) {
    return new RunReport.Statement(kind, b.epsilon(), b.delta(), b.order(), b.conversion().id(),
        orders, note);
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
