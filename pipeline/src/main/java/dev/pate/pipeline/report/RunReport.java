package dev.pate.pipeline.report;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import dev.pate.datasets.csv.FileSummary;
import dev.pate.pipeline.baseline.NonPrivateCeiling;
import dev.pate.pipeline.data.TablesReport;
import dev.pate.pipeline.labelling.DatasetCharge;
import dev.pate.pipeline.labelling.PlanReport;
import dev.pate.pipeline.labelling.QueryRounds;
import dev.pate.student.StudentResult;
import java.util.List;
import java.util.Map;

/**
 * Everything report.json says about a run. Field names become snake_case JSON keys. Every epsilon
 * comes with its delta, order, conversion and kind.
 *
 * <p><b>What is private.</b> A figure computed from the private data that no privacy charge paid
 * for (teachers' accuracies, the noiseless plurality's accuracy, counts of private rows, the
 * data-dependent epsilon, the non-private ceiling, the stages' timings) sits in an object named
 * {@code private} inside its block ({@link #DISCLOSURE}). The rest is the config, public data, or a function of released
 * answers and public data (label accuracy of the answers, the student's accuracy).
 *
 * @param disclosure what the {@code private} objects mean, in words
 * @param datasetBudget the charge to the budget of the private data set, if it has one (its
 *     remaining epsilon is a function of earlier runs' charges, not of the data: public; the
 *     data's content hash and the budget file's name sit in its {@code private} object)
 * @param provenance which code, platform, config and data files produced the run (null until the
 *     pipeline adds it, see {@link #withProvenance})
 */
@JsonPropertyOrder({"name", "disclosure"})
public record RunReport(
    String name,
    String disclosure,
    String runFolder,
    long seed,
    Dataset dataset,
    Teachers teachers,
    Aggregation aggregation,
    PlanReport plan,
    Privacy privacy,
    Student student,
    Release release,
    @JsonProperty("private") RunPrivate runPrivate,
    @JsonInclude(JsonInclude.Include.NON_NULL) DatasetCharge.Summary datasetBudget,
    Provenance provenance) {

  /** A report without its provenance yet. */
  public RunReport(String name, String disclosure, String runFolder, long seed, Dataset dataset,
      Teachers teachers, Aggregation aggregation, PlanReport plan, Privacy privacy, Student student,
      Release release, RunPrivate runPrivate) {
    this(name, disclosure, runFolder, seed, dataset, teachers, aggregation, plan, privacy,
        student, release, runPrivate, null, null);
  }

  static final String DISCLOSURE = "figures inside an object named 'private' are functions of"
      + " the private data that no privacy charge paid for: for the data owner, never for"
      + " publication. The other figures are the config, public data, or computed from the"
      + " released answers and public data.";

  /**
   * @param dataDir the folder of a built-in image dataset; null otherwise
   * @param queryPoolLabelled pool examples that have a true label (0 for an unlabelled pool;
   *     the teachers label the pool, these labels only measure how well)
   * @param queryPool the pool queries come from (without the validation split)
   * @param validation public examples set aside to choose settings on (dataset.validation):
   *     never queried, never trained on; null (left out) without a validation split
   * @param imageShape every image's shape, e.g. {@code 28x28} or {@code 32x32x3}; null for tables
   * @param tables how the CSV files were read and encoded; null for images
   * @param images how images of the user's own were read; null otherwise
   */
  public record Dataset(String name, String dataDir, int queryPool, int queryPoolLabelled,
      int heldOut, @JsonInclude(JsonInclude.Include.NON_NULL) Integer validation,
      String imageShape, TablesReport tables,
      @JsonInclude(JsonInclude.Include.NON_NULL) Images images,
      @JsonProperty("private") DatasetPrivate datasetPrivate) {}

  /**
   * Images of the user's own (config {@code dataset.images}).
   *
   * @param classes the class names in label order
   * @param resize {@code [height, width]} every image was resized to; null: all had one size
   * @param channels what every image was converted to; null: all had one number of channels
   * @param sources the public sources read ({@code public}, {@code eval}): name and content
   *     hash; the private source's is in {@code provenance.private}
   */
  public record Images(List<String> classes, List<Integer> resize, Integer channels,
      List<dev.pate.pipeline.data.RunData.SourceFile> sources) {}

  /**
   * @param privateExamplesUsed private examples dealt out to the teachers
   * @param privateFile a CSV run: what reading the private file found; null for images
   * @param unseenCategories a CSV run: per categorical column, the private rows whose category is
   *     not in the vocabulary; null for images
   */
  public record DatasetPrivate(int privateExamplesUsed,
      @JsonInclude(JsonInclude.Include.NON_NULL) FileSummary privateFile,
      @JsonInclude(JsonInclude.Include.NON_NULL) Map<String, Integer> unseenCategories) {}

  /**
   * @param method how each teacher learnt ({@code teachers.method}: supervised, or self-training
   *     on the public pool too)
   * @param pretrain what the teachers' convolutions first learnt on the unlabelled public pool
   *     ({@code teachers.pretrain}: none, or rotation); public data only, no charge
   * @param engine what ran the teachers' training steps ({@code teachers.engine}: dl4j or
   *     onednn; part of the cache key, so reused teachers were trained by it too)
   * @param executor where this run trains teachers and has them vote ({@code teachers.executor}:
   *     local or spark); teachers reused from the cache may have been trained by another
   */
  public record Teachers(int count, String architecture, String method, String pretrain,
      String engine,
      String executor,
      int workers, int threadsPerWorker,
      @JsonProperty("private") TeachersPrivate teachersPrivate) {}

  /**
   * @param meanTestAccuracy the teachers' accuracy on the held-out public examples: functions of
   *     the teachers, so of their private partitions
   * @param cache where the teachers and their votes came from; its key is a hash of the private
   *     data
   */
  public record TeachersPrivate(double meanTestAccuracy, double minTestAccuracy, double maxTestAccuracy,
      int minPartitionSize, int maxPartitionSize, Cache cache) {}

  /**
   * The teacher cache's part in a run: a run whose ensemble was trained before reuses it.
   *
   * @param folder the cached ensemble's folder
   * @param key its key (the folder's name)
   * @param teachersTrained teachers this run trained (0: all reused)
   * @param teachersReused teachers found in the cache
   * @param votesComputed queries the teachers voted on in this run
   * @param votesReused queries whose votes came from the cache
   */
  public record Cache(String folder, String key, int teachersTrained, int teachersReused,
      int votesComputed, int votesReused) {}

  /**
   * @param noise {@code fixed} (parameters from the config) or {@code auto} (planned, see {@link
   *     PlanReport})
   * @param gamma the parameters labelling used (under auto: the planned ones); null if unused
   * @param queries queries the config asked for
   * @param queriesAsked queries put to the aggregator (fewer when a budget stopped labelling)
   * @param selection how queries were chosen: {@code first}, {@code random} or {@code active}
   * @param labelAccuracy the released labels against the public pool's true labels, over the
   *     answered queries that have one; null when none has (an unlabelled pool), never 0
   * @param labelAccuracyOn what {@code labelAccuracy} was measured on, in words (or why there is
   *     none)
   * @param stoppedBecause why labelling stopped early; null when every query was asked
   * @param rounds the query rounds: one for first and random selection, {@code
   *     aggregator.active_rounds} for active (fewer if the budget stopped labelling)
   */
  public record Aggregation(String mechanism, String noise, Double gamma, Double sigma, Double threshold,
      Double sigma1, Double sigma2, String selection, int queries, int queriesAsked,
      int queriesAnswered, Double labelAccuracy, String labelAccuracyOn, String stoppedBecause,
      List<QueryRounds.Round> rounds,
      @JsonProperty("private") AggregationPrivate aggregationPrivate) {}

  /**
   * @param ensembleAccuracy the noiseless plurality vote's accuracy on the queries voted on that
   *     have a true label; null when none has
   */
  public record AggregationPrivate(Double ensembleAccuracy) {}

  /**
   * @param unit the unit of privacy
   * @param neighbours the neighbour relation every epsilon is stated for
   * @param randomness where the noise randomness came from ({@code secure} or {@code seeded})
   * @param guaranteeHolds false for seeded noise: whoever has the seed can recompute the noise
   * @param noise the noise distributions drawn
   * @param epsilonDataIndependent the guarantee: holds whatever the votes were, for the reason
   *     {@code guarantee} gives (and only if the noise was secret: see {@code guaranteeHolds})
   * @param guarantee the basis of the guarantee ({@code every-query-asked}, {@code
   *     every-query-allowed} or {@code budget-filter}) and its description
   * @param epsilonSpent the data-independent cost of the steps that ran; for Confident-GNMax it
   *     leaves out the GNMax step of abstentions, which depend on the votes: not a guarantee
   * @param statements the guarantee and the spent epsilon, each stated in full
   * @param comparisonPate2017 LNMax: the PATE 2017 paper's data-independent analysis of the
   *     same run, for comparison; null otherwise
   * @param composition what several runs on the same private data add up to
   * @param dataDependentRelease the data-dependent epsilon released privately (smooth
   *     sensitivity), with its parameters; null when not released
   */
  public record Privacy(String unit, String neighbours, double delta, String conversion,
      String randomness, boolean guaranteeHolds, String noise, double epsilonDataIndependent,
      double orderDataIndependent, Guarantee guarantee, double epsilonSpent, double orderSpent,
      List<Statement> statements, String orders,
      @JsonProperty("comparison_pate2017") Comparison2017 comparisonPate2017,
      String composition,
      @JsonInclude(JsonInclude.Include.NON_NULL) Map<String, Object> dataDependentRelease,
      @JsonProperty("private") PrivacyPrivate privacyPrivate,
      @JsonInclude(JsonInclude.Include.NON_NULL) String groupMethod,
      @JsonInclude(JsonInclude.Include.NON_NULL) List<Group> groups) {}

  /**
   * One privacy group's line of the statement (a run with per-record budgets): what its records
   * are promised and guaranteed. Never its size, which is private.
   *
   * @param name the group's name
   * @param budgetEpsilon the budget its records are charged against (under uniform, the
   *     strictest group's)
   * @param budgetDelta that budget's delta
   * @param multiplier its sensitivity multiplier: a record of it moves at most this many votes
   * @param guarantee its guarantee (kind {@code guarantee}): data-independent, at its own delta
   * @param groupPrivate its data-dependent epsilon: a function of the private votes
   */
  public record Group(String name, double budgetEpsilon, double budgetDelta, int multiplier,
      Statement guarantee, @JsonProperty("private") GroupPrivate groupPrivate) {}

  /** @param dataDependent a group's data-dependent epsilon (kind {@code data-dependent}) */
  public record GroupPrivate(Statement dataDependent) {}

  /** Why the guarantee holds: {@code GuaranteeBasis} id and description. */
  public record Guarantee(String basis, String description) {}

  /**
   * @param epsilonDataDependent depends on the private votes; itself not differentially private
   * @param order the order that gave it
   * @param statement it, stated in full
   * @param comparisonPate2017 LNMax: the PATE 2017 code's data-dependent figure (continuous-noise
   *     q, moments 1..8, classic conversion); null otherwise
   */
  public record PrivacyPrivate(double epsilonDataDependent, double order, Statement statement,
      @JsonProperty("comparison_pate2017") Comparison2017 comparisonPate2017) {}

  /** One (epsilon, delta) claim, stated in full. */
  public record Statement(String kind, double epsilon, double delta, double order, String conversion,
      String orders, String note) {}

  /**
   * A figure of the official PATE 2017 analysis.py on the run's votes.
   *
   * @param note what it is and is not
   */
  public record Comparison2017(double epsilon, double moment, String conversion, String note) {}

  /**
   * Null in report.json when student.train is false.
   *
   * @param engine what ran the student's training steps ({@code student.engine}: dl4j or onednn;
   *     custom for a student trainer given in code)
   * @param unlabelledExamples public pool examples the method could use without labels (0 for
   *     supervised)
   * @param testAccuracy on the held-out examples: report it for a chosen setting, never choose by it
   * @param validationAccuracy on the validation split (dataset.validation), what settings are
   *     chosen by; null (left out) without a validation split
   * @param learningCurveOn what the learning curve's accuracy is measured on: {@code validation}
   *     when the run has a validation split (a study never watches the held-out examples while it
   *     chooses), else {@code held-out}
   * @param learningCurve one entry per epoch (of the student kept, when there were restarts)
   * @param pseudoLabels the last epoch's pseudo-labels; null for methods without them
   * @param restarts the students the kept one was chosen from ({@code
   *     student.self_training.restarts}), each with its pool distance and its last accuracy on the
   *     set {@code learning_curve_on} names; left out when one student was trained
   * @param ensemble the students joined into the one released ({@code student.ensemble}), each
   *     with its seed and its own last accuracy on the set {@code learning_curve_on} names (the
   *     learning curve, pseudo-labels and restarts above are the first one's; the accuracies
   *     above are the joined network's); left out for one student
   */
  public record Student(String method, String architecture, String engine, int trainingExamples,
      int unlabelledExamples, double testAccuracy,
      @JsonInclude(JsonInclude.Include.NON_NULL) Double validationAccuracy,
      String learningCurveOn, List<Epoch> learningCurve,
      @JsonInclude(JsonInclude.Include.NON_NULL) PseudoLabels pseudoLabels,
      @JsonInclude(JsonInclude.Include.NON_EMPTY) List<StudentResult.Restart> restarts,
      @JsonInclude(JsonInclude.Include.NON_EMPTY) List<StudentResult.Member> ensemble) {}

  /**
   * @param accuracy after the epoch, on the set the student's {@code learningCurveOn} names
   * @param pseudoLabels pool images pseudo-labelled for this epoch; null when none were made
   *     (supervised, warm-up)
   * @param pseudoLabelPrecision their accuracy against the pool's true labels (never trained on);
   *     left out where the pool has no label for any of them
   */
  public record Epoch(int epoch, double accuracy,
      @JsonInclude(JsonInclude.Include.NON_NULL) Integer pseudoLabels,
      @JsonInclude(JsonInclude.Include.NON_NULL) Double pseudoLabelPrecision) {}

  /**
   * Pseudo-labels of the last epoch; precision is measured against the public pool's true labels,
   * a benchmark diagnostic the student never trains on: null when the pool has none for them.
   */
  public record PseudoLabels(int count, int poolSize, double coverage, Double precision) {}

  /**
   * The run's release: what may be published, in {@code <run folder>/<folder>/}. Null when the
   * run released nothing (no student, or {@code output.release: false}).
   *
   * @param folder the release folder, relative to the run folder
   * @param modelSha256 the sha256 of the released model file
   */
  public record Release(String folder, List<String> files, String modelSha256) {}

  /** This report with {@code release} in place of its release block. */
  public RunReport withRelease(Release release) {
    return new RunReport(name, disclosure, runFolder, seed, dataset, teachers, aggregation, plan,
        privacy, student, release, runPrivate, datasetBudget, provenance);
  }

  /** This report with the charge to its private data set's budget (null: it has none). */
  public RunReport withDatasetBudget(DatasetCharge.Summary datasetBudget) {
    return new RunReport(name, disclosure, runFolder, seed, dataset, teachers, aggregation, plan,
        privacy, student, release, runPrivate, datasetBudget, provenance);
  }

  /** This report with {@code provenance} in place of its provenance block. */
  public RunReport withProvenance(Provenance provenance) {
    return new RunReport(name, disclosure, runFolder, seed, dataset, teachers, aggregation, plan,
        privacy, student, release, runPrivate, datasetBudget, provenance);
  }

  /**
   * What a run knows only from its private data as a whole.
   *
   * @param timings how long the stages took: private because training and voting time grow with
   *     the private partitions' sizes
   */
  public record RunPrivate(@JsonInclude(JsonInclude.Include.NON_NULL)
      NonPrivateCeiling nonPrivateCeiling, Timings timings) {}

  /**
   * Seconds of each stage, in {@code private}: they grow with the private data's size.
   *
   * @param votesSeconds the teachers voting on the chosen queries
   * @param aggregationSeconds noisy answers, their charges and the ledger
   * @param selectionSeconds choosing the queries (active selection: its interim students)
   */
  public record Timings(double loadSeconds, double teachersSeconds, double votesSeconds,
      double aggregationSeconds, double selectionSeconds, double studentSeconds,
      double totalSeconds) {}
}
