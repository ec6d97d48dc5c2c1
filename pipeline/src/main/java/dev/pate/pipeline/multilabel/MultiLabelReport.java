package dev.pate.pipeline.multilabel;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import dev.pate.pipeline.labelling.DatasetCharge;
import dev.pate.pipeline.report.RunReport;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Everything report.json says about a multi-label run. As in a single-label run's {@link
 * RunReport}, field names become snake_case keys, every epsilon comes with its delta, order,
 * conversion and kind (the privacy block is the same record, stated by the same code), and a
 * figure computed from the private data that no charge paid for sits in an object named {@code
 * private}.
 *
 * @param plan the plan of {@code aggregator.noise: auto} (as plan.json), null for fixed noise
 * @param student null when {@code student.train} is false or no query was answered
 * @param release the release folder, null when nothing was released
 * @param datasetBudget the run's charge to the budget of its private data set, as a single-label
 *     run's {@code dataset_budget}; null (left out) when the data set has none
 */
@JsonPropertyOrder({"name", "disclosure"})
public record MultiLabelReport(String name, String disclosure, String runFolder, long seed,
    Dataset dataset, Teachers teachers, Aggregation aggregation, Map<String, Object> plan,
    RunReport.Privacy privacy, Student student, RunReport.Release release,
    @com.fasterxml.jackson.annotation.JsonInclude(
        com.fasterxml.jackson.annotation.JsonInclude.Include.NON_NULL)
    DatasetCharge.Summary datasetBudget,
    @JsonProperty("private") RunPrivate runPrivate) {

  static final String DISCLOSURE = "figures inside an object named 'private' are functions of"
      + " the private data that no privacy charge paid for: for the data owner, never for"
      + " publication. The other figures are the config, public data, or computed from the"
      + " released label sets and public data.";

  /**
   * @param labels the label names, in bit order (a table's label columns)
   * @param privateCanvases canvases dealt out to the teachers (the configured count); null for a
   *     table or images, whose number of private examples is a private figure (the teachers'
   *     partition sizes are under {@code teachers.private})
   * @param minDigits fewest digits on a canvas; null for a table or images
   * @param maxDigits most digits on a canvas; null for a table or images
   * @param queryPool public examples queries come from
   * @param heldOut public examples the student is evaluated on (never queried, never trained on)
   * @param imageShape the images' shape; null for a table
   * @param features a table's encoded features per row; null for images
   */
  public record Dataset(String name, String dataDir, List<String> labels,
      Integer privateCanvases, Integer minDigits, Integer maxDigits, int queryPool, int heldOut,
      String imageShape, Integer features) {}

  /** @param architecture the teachers' network, with one sigmoid output per label */
  public record Teachers(int count, String architecture,
      @JsonProperty("private") TeachersPrivate teachersPrivate) {}

  /**
   * The teachers' scores on the held-out canvases: functions of their private partitions.
   *
   * @param meanHeldOutMicroF1 the mean over teachers of each one's micro F1
   * @param cache where the teachers and their votes came from (the cached ensemble's folder and
   *     key, teachers trained by this run and reused, query canvases voted on by this run and
   *     those whose votes were cached)
   */
  public record TeachersPrivate(double meanHeldOutMicroF1, double minHeldOutMicroF1,
      double maxHeldOutMicroF1, int minPartitionSize, int maxPartitionSize,
      RunReport.Cache cache) {}

  /**
   * @param noise {@code fixed} or {@code auto}
   * @param parameters the mechanism's parameters labelling used (planned ones under auto)
   * @param queriesAsked queries put to the mechanism (fewer when the budget stopped labelling)
   * @param queriesAnswered queries answered: every asked one (the mechanisms never abstain)
   * @param answers the released label sets against the pool's true label sets (public data and
   *     released answers): {@code MultiLabelMetrics} keys
   * @param stoppedBecause why labelling stopped early; null when every query was asked
   */
  public record Aggregation(String mechanism, String noise, Map<String, Double> parameters,
      String selection, int queries, int queriesAsked, int queriesAnswered,
      Map<String, Object> answers, String stoppedBecause,
      @JsonProperty("private") AggregationPrivate aggregationPrivate) {}

  /**
   * @param noiselessVote the noiseless threshold vote of the teachers (or their most voted label
   *     set, for powerset-voting) on the asked queries, against the true label sets
   */
  public record AggregationPrivate(Map<String, Object> noiselessVote) {}

  /**
   * @param method {@code supervised} (answered queries only) or {@code pool-pseudo-labels}
   *     ({@code multi_label.pool_confidence})
   * @param trainingExamples answered queries the student trained on
   * @param unlabelledExamples unasked pool canvases scored for pseudo-labels (0: supervised)
   * @param pseudoLabels the pool's pseudo-labels; null (left out) for supervised
   * @param heldOut the student on the held-out canvases: per-label accuracy and F1, micro and
   *     macro F1, label-set (exact-match) accuracy
   */
  public record Student(String method, String architecture, int trainingExamples,
      int unlabelledExamples,
      @com.fasterxml.jackson.annotation.JsonInclude(
          com.fasterxml.jackson.annotation.JsonInclude.Include.NON_NULL) PseudoLabels pseudoLabels,
      Map<String, Object> heldOut) {}

  /**
   * Pseudo-labels of the unasked pool canvases; their precision is measured against the pool's
   * true label sets (public), which the student never trains on.
   *
   * @param canvases canvases with at least one pseudo-labelled label
   * @param labelsKnown (canvas, label) pairs pseudo-labelled
   * @param coverage their fraction of every label of every unasked canvas
   * @param precision their fraction that agrees with the true label sets; null when none
   */
  public record PseudoLabels(int canvases, int labelsKnown, double coverage, Double precision) {}

  /**
   * @param nonPrivateCeiling the student on the true label sets of its queries ({@code
   *     baseline.non_private}); left out when not asked for
   * @param timings seconds of each stage: they grow with the private data's size
   */
  public record RunPrivate(@com.fasterxml.jackson.annotation.JsonInclude(
      com.fasterxml.jackson.annotation.JsonInclude.Include.NON_NULL)
      MultiLabelCeiling nonPrivateCeiling, Timings timings) {}

  /** Seconds of each stage. */
  public record Timings(double loadSeconds, double teachersSeconds, double votesSeconds,
      double labellingSeconds, double studentSeconds, double totalSeconds) {}

  /** This report with {@code release} in place of its release block. */
  MultiLabelReport withRelease(RunReport.Release release) {
    return new MultiLabelReport(name, disclosure, runFolder, seed, dataset, teachers, aggregation,
        plan, privacy, student, release, datasetBudget, runPrivate);
  }

  /** This report with {@code datasetBudget} in place of its data set budget block. */
  MultiLabelReport withDatasetBudget(DatasetCharge.Summary datasetBudget) {
    return new MultiLabelReport(name, disclosure, runFolder, seed, dataset, teachers, aggregation,
        plan, privacy, student, release, datasetBudget, runPrivate);
  }

  /** The console summary: mechanism, privacy, the answers' and the student's scores. */
  public String summary() {
    StringBuilder b = new StringBuilder();
    line(b, "run", runFolder);
    line(b, "data", String.format(Locale.ROOT, "%s: %s%d labels (%s), pool %d, held out %d",
        dataset.name(), dataset.privateCanvases() == null ? ""
            : dataset.privateCanvases() + " private canvases, ", dataset.labels().size(),
        String.join(", ", dataset.labels()), dataset.queryPool(), dataset.heldOut()));
    line(b, "aggregation", aggregation.mechanism() + " " + aggregation.parameters() + ", "
        + aggregation.queriesAnswered() + " of " + aggregation.queries() + " queries answered"
        + (aggregation.stoppedBecause() == null ? "" : " (" + aggregation.stoppedBecause() + ")"));
    line(b, "answers", metrics(aggregation.answers()));
    line(b, "privacy", String.format(Locale.ROOT, "epsilon %.4f at delta %.0e (order %s, %s"
        + " conversion, data-independent)%s", privacy.epsilonDataIndependent(), privacy.delta(),
        order(privacy.orderDataIndependent()), privacy.conversion(),
        privacy.guaranteeHolds() ? "" : "; NOT a guarantee: seeded noise"));
    line(b, "student", student == null ? "none"
        : "held out: " + metrics(student.heldOut()));
    if (runPrivate.nonPrivateCeiling() != null) {
      line(b, "non-private ceiling", "held out: " + metrics(runPrivate.nonPrivateCeiling()
          .heldOut()) + " (NOT private: trained on the queries' true label sets)");
    }
    if (release != null) {
      line(b, "released", release.folder());
    }
    return b.toString();
  }

  private static String metrics(Map<String, Object> m) {
    if (m == null) {
      return "none";
    }
    return String.format(Locale.ROOT, "micro-F1 %.4f, macro-F1 %.4f, label-set accuracy %.4f",
        (Double) m.get("micro_f1"), (Double) m.get("macro_f1"),
        (Double) m.get("label_set_accuracy"));
  }

  private static String order(double order) {
    return order == Math.rint(order) ? Long.toString((long) order)
        : String.format(Locale.ROOT, "%.4g", order);
  }

  private static void line(StringBuilder b, String label, String value) {
    b.append(String.format(Locale.ROOT, "%-12s %s%n", label, value));
  }
}
