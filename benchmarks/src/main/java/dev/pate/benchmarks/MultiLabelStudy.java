package dev.pate.benchmarks;

import dev.pate.aggregator.accounting.Budget;
import dev.pate.aggregator.accounting.NoiseKind;
import dev.pate.aggregator.accounting.PrivacyAccountant;
import dev.pate.aggregator.multilabel.MultiLabelAggregator;
import dev.pate.aggregator.multilabel.MultiLabelMechanism;
import dev.pate.aggregator.multilabel.MultiLabelVotes;
import dev.pate.aggregator.noise.RandomSources;
import dev.pate.aggregator.planning.MultiLabelPlan;
import dev.pate.aggregator.rdp.EpsilonBound;
import dev.pate.datasets.ImageDatasets;
import dev.pate.datasets.ImageShape;
import dev.pate.datasets.TrainTest;
import dev.pate.datasets.files.DataDirectory;
import dev.pate.datasets.multilabel.MultiDigitCanvases;
import dev.pate.datasets.multilabel.MultiLabelImages;
import dev.pate.ensemble.multilabel.MultiLabelNetwork;
import dev.pate.ensemble.multilabel.MultiLabelTargets;
import dev.pate.ensemble.nn.NetworkSettings;
import dev.pate.student.multilabel.MultiLabelMetrics;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.random.RandomGenerator;

/**
 * Study (not a test): the three multi-label mechanisms on the generated multi-digit MNIST
 * benchmark. Teachers (MLPs with a sigmoid per digit) train on disjoint blocks of private
 * canvases and vote 0/1 per digit on the student's public query canvases; for each mechanism and
 * each data-independent guarantee the noise is planned a priori for the query count
 * ({@link MultiLabelPlan}), the queries are answered with three noise draws, and a student is
 * trained on each set of answers and scored on held-out public canvases. Two ceilings: a student
 * trained on the noiseless majority of the teachers, and one trained on the true label sets of the
 * same query canvases (non-private).
 *
 * <p>Arguments (all optional): TEACHERS CANVASES_PER_TEACHER QUERIES TEST_CANVASES TAU SEED.
 * Run from the checkout root after {@code mvn -q -B -pl benchmarks -am package -DskipTests}:
 * <pre>
 * nice java -Dpate.repo.root=$PWD -cp "benchmarks/target/classes:benchmarks/target/lib/*" \
 *     dev.pate.benchmarks.MultiLabelStudy 50 200 200 500 1.5 1
 * </pre>
 */
public final class MultiLabelStudy {
  private static final double DELTA = 1e-5;
  private static final double[] EPSILONS = {1, 2, 4};
  private static final int DRAWS = 3;

  private MultiLabelStudy() {}

  public static void main(String[] args) {
    int teachers = arg(args, 0, 50);
    int perTeacher = arg(args, 1, 300);
    int queries = arg(args, 2, 200);
    int testCanvases = arg(args, 3, 1000);
    double tau = args.length > 4 ? Double.parseDouble(args[4]) : 1.5;
    long seed = args.length > 5 ? Long.parseLong(args[5]) : 1;
    long start = System.nanoTime();

    TrainTest mnist = ImageDatasets.load("mnist", DataDirectory.standard(null));
    MultiLabelImages privateCanvases = new MultiDigitCanvases(teachers * perTeacher, 2, 3, seed)
        .canvases(mnist.train());
    MultiLabelImages publicCanvases = new MultiDigitCanvases(queries + testCanvases, 2, 3,
        seed + 1).canvases(mnist.test());
    // 2x2 average pooling (28x84 to 14x42): four times less work for the small MLPs here.
    privateCanvases = halved(privateCanvases);
    publicCanvases = halved(publicCanvases);
    MultiLabelImages queryCanvases = publicCanvases.subset("queries", range(0, queries));
    MultiLabelImages test = publicCanvases.subset("test", range(queries, queries + testCanvases));
    int labels = privateCanvases.labels();
    System.out.printf(Locale.ROOT, "data: %d private canvases, %d queries, %d test, %.1f s%n",
        privateCanvases.size(), queries, testCanvases, seconds(start));

    NetworkSettings teacherNet = NetworkSettings.teacherDefaults().toBuilder().mlp().dense(128)
        .epochs(20).batchSize(50).build();
    int[][] teacherVotes = new int[queries][teachers];
    double teacherMicroF1 = 0;
    for (int t = 0; t < teachers; t++) {
      MultiLabelImages block = privateCanvases.subset("teacher " + t,
          range(t * perTeacher, (t + 1) * perTeacher));
      MultiLabelNetwork teacher = MultiLabelNetwork.train(teacherNet, block,
          MultiLabelTargets.complete(labels, block.labelMasks()), seed * 1000 + t + 1);
      int[] votes = teacher.predict(queryCanvases);
      for (int q = 0; q < queries; q++) {
        teacherVotes[q][t] = votes[q];
      }
      teacherMicroF1 += MultiLabelMetrics.of(labels, votes, queryCanvases.labelMasks()).microF1();
    }
    List<MultiLabelVotes> votes = new ArrayList<>();
    for (int q = 0; q < queries; q++) {
      votes.add(new MultiLabelVotes(labels, teacherVotes[q]));
    }
    System.out.printf(Locale.ROOT, "teachers: %d trained, mean micro-F1 on the queries %.3f,"
        + " %.1f s%n", teachers, teacherMicroF1 / teachers, seconds(start));

    NetworkSettings studentNet = NetworkSettings.studentDefaults().toBuilder().mlp().dense(128)
        .dropout(0.0).epochs(30).batchSize(50).build();
    List<String> rows = new ArrayList<>();
    rows.add(String.join(" | ", "mechanism", "epsilon (delta 1e-5, data-independent)", "sigma",
        "answer micro-F1", "student micro-F1", "student label-set acc", "draws"));

    int[] majority = new int[queries];
    for (int q = 0; q < queries; q++) {
      int[] counts = votes.get(q).positiveCounts();
      for (int j = 0; j < labels; j++) {
        if (counts[j] > 0.5 * teachers) {
          majority[q] |= 1 << j;
        }
      }
    }
    rows.add(ceiling("noiseless teacher majority (not private)", majority, queryCanvases, test,
        studentNet, seed, labels));
    rows.add(ceiling("true labels of the queries (not private)", queryCanvases.labelMasks(),
        queryCanvases, test, studentNet, seed, labels));

    for (MultiLabelMechanism.Kind kind : MultiLabelMechanism.Kind.values()) {
      for (double epsilon : EPSILONS) {
        Budget budget = Budget.of(epsilon, DELTA);
        MultiLabelPlan plan = MultiLabelPlan.plan(kind, budget, queries,
            Map.of("labels", (double) labels, "tau", tau, "threshold", 0.5));
        MultiLabelMechanism mechanism = plan.mechanism();
        double[] answerF1 = new double[DRAWS];
        double[] studentF1 = new double[DRAWS];
        double[] studentSet = new double[DRAWS];
        EpsilonBound spent = null;
        for (int draw = 0; draw < DRAWS; draw++) {
          RandomGenerator noise = RandomSources.seeded(seed * 100 + draw);
          MultiLabelAggregator aggregator = mechanism.aggregator();
          PrivacyAccountant accountant = new PrivacyAccountant(
              mechanism.accounting(budget.orders(), NoiseKind.DISCRETE));
          int[] answers = new int[queries];
          for (int q = 0; q < queries; q++) {
            accountant.charge(mechanism.accountingCounts(votes.get(q)), true);
            answers[q] = aggregator.answer(votes.get(q), noise).positiveMask();
          }
          spent = accountant.report(DELTA, budget.conversion()).epsilonDataIndependent();
          answerF1[draw] = MultiLabelMetrics.of(labels, answers, queryCanvases.labelMasks())
              .microF1();
          MultiLabelMetrics student = studentMetrics(answers, queryCanvases, test, studentNet,
              seed + draw, labels);
          studentF1[draw] = student.microF1();
          studentSet[draw] = student.labelSetAccuracy();
        }
        rows.add(String.join(" | ", kind.id(), String.format(Locale.ROOT,
                "%.3f (order %.3g, %s)", spent.epsilon(), spent.order(), spent.conversion().id()),
            String.format(Locale.ROOT, "%.4g", mechanism.parameters().get("sigma")),
            meanSd(answerF1), meanSd(studentF1), meanSd(studentSet), Integer.toString(DRAWS)));
        System.out.println(rows.get(rows.size() - 1) + String.format(Locale.ROOT, "  [%.1f s]",
            seconds(start)));
      }
    }
    System.out.println();
    for (String row : rows) {
      System.out.println("| " + row + " |");
    }
    System.out.printf(Locale.ROOT, "%nwall time %.1f s (teachers %d x %d canvases, %d queries,"
        + " %d test canvases, tau %s, seed %d)%n", seconds(start), teachers, perTeacher, queries,
        testCanvases, tau, seed);
  }

  /** Each 2x2 block of pixels averaged (rounded down). */
  private static MultiLabelImages halved(MultiLabelImages images) {
    ImageShape from = images.shape();
    ImageShape to = ImageShape.grey(from.height() / 2, from.width() / 2);
    byte[] source = images.pixels();
    byte[] pixels = new byte[images.size() * to.size()];
    for (int i = 0; i < images.size(); i++) {
      int in = i * from.size();
      int out = i * to.size();
      for (int r = 0; r < to.height(); r++) {
        for (int c = 0; c < to.width(); c++) {
          int a = 2 * r * from.width() + 2 * c;
          int sum = (source[in + a] & 0xFF) + (source[in + a + 1] & 0xFF)
              + (source[in + a + from.width()] & 0xFF) + (source[in + a + from.width() + 1] & 0xFF);
          pixels[out + r * to.width() + c] = (byte) (sum / 4);
        }
      }
    }
    return new MultiLabelImages(images.name() + " (halved)", to, pixels, images.labelMasks(),
        images.labelNames(), images.sources());
  }

  private static String ceiling(String name, int[] labelsGiven, MultiLabelImages queries,
      MultiLabelImages test, NetworkSettings net, long seed, int labels) {
    double answerF1 = MultiLabelMetrics.of(labels, labelsGiven, queries.labelMasks()).microF1();
    MultiLabelMetrics m = studentMetrics(labelsGiven, queries, test, net, seed, labels);
    String row = String.join(" | ", name, "-", "-", String.format(Locale.ROOT, "%.3f", answerF1),
        String.format(Locale.ROOT, "%.3f", m.microF1()),
        String.format(Locale.ROOT, "%.3f", m.labelSetAccuracy()), "1");
    System.out.println(row);
    return row;
  }

  private static MultiLabelMetrics studentMetrics(int[] answers, MultiLabelImages queries,
      MultiLabelImages test, NetworkSettings net, long seed, int labels) {
    MultiLabelNetwork student = MultiLabelNetwork.train(net, queries,
        MultiLabelTargets.complete(labels, answers), seed + 7);
    return MultiLabelMetrics.of(labels, student.predict(test), test.labelMasks());
  }

  private static String meanSd(double[] values) {
    double mean = 0;
    for (double v : values) {
      mean += v;
    }
    mean /= values.length;
    double var = 0;
    for (double v : values) {
      var += (v - mean) * (v - mean);
    }
    return String.format(Locale.ROOT, "%.3f +- %.3f", mean,
        Math.sqrt(var / (values.length - 1)));
  }

  private static int[] range(int from, int to) {
    int[] r = new int[to - from];
    for (int i = 0; i < r.length; i++) {
      r[i] = from + i;
    }
    return r;
  }

  private static int arg(String[] args, int i, int fallback) {
    return args.length > i ? Integer.parseInt(args[i]) : fallback;
  }

  private static double seconds(long start) {
    return (System.nanoTime() - start) / 1e9;
  }
}
