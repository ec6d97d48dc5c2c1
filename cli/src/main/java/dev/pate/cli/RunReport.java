package dev.pate.cli;

import com.fasterxml.jackson.annotation.JsonProperty;
import dev.pate.datasets.csv.FileSummary;
import java.util.List;
import java.util.Map;

/**
 * Everything report.json says about a run. Field names become snake_case JSON keys. Every epsilon
 * comes with its delta, order, conversion and kind (data-independent or data-dependent).
 */
record RunReport(
    String name,
    String runFolder,
    long seed,
    Dataset dataset,
    Teachers teachers,
    Aggregation aggregation,
    Privacy privacy,
    Student student,
    NonPrivateCeiling nonPrivateCeiling,
    Timings timings) {

  /**
   * @param dataDir the folder of an image dataset; null for CSV (see {@code tables})
   * @param tables how the CSV files were read and encoded; null for images
   */
  record Dataset(String name, String dataDir, int privateExamplesUsed, int queryPool,
      int heldOut, Tables tables) {}

  /**
   * A CSV dataset: what reading each file found and how rows became features.
   *
   * @param note says that the private file's counts are statistics of private data
   */
  record Tables(FileSummary privateFile, FileSummary publicFile, Encoding encoding, String note) {}

  /**
   * @param fittedOn where the fitted statistics come from (the public pool), never private data
   * @param features floats per row after encoding
   */
  record Encoding(String fittedOn, int poolRows, int features, String missingPolicy,
      List<EncodedColumn> columns) {}

  /**
   * One column's encoding.
   *
   * @param kind numeric or categorical
   * @param method numeric: standard, minmax, none or range; categorical: one-hot
   * @param source public pool or schema: where its statistics came from
   * @param center numeric: subtracted before scaling; null for categorical
   * @param scale numeric: divided by after centering; null for categorical
   * @param categories categorical: the one-hot vocabulary, in order; null for numeric
   * @param unseen categorical: rows per split (private, pool, held_out) whose category is not in
   *     the vocabulary and was encoded as all zeros; null for numeric
   */
  record EncodedColumn(String column, String kind, String method, String source, Double center,
      Double scale, List<String> categories, Map<String, Integer> unseen) {}

  record Teachers(int count, String architecture, double meanTestAccuracy,
      double minTestAccuracy, double maxTestAccuracy, int minPartitionSize,
      int maxPartitionSize, int workers, int threadsPerWorker) {}

  /**
   * @param queries queries the config asked for
   * @param queriesAsked queries put to the aggregator (fewer when a budget stopped labelling)
   * @param stoppedBecause why labelling stopped early; null when every query was asked
   */
  record Aggregation(String mechanism, Double gamma, Double sigma, Double threshold,
      Double sigma1, Double sigma2, String selection, int queries, int queriesAsked,
      int queriesAnswered, double labelAccuracy, double ensembleAccuracy,
      String stoppedBecause) {}

  /**
   * @param epsilonDataIndependent holds for any votes; safe to publish
   * @param epsilonDataDependent depends on the private votes; itself not differentially
   *     private unless released through smooth sensitivity
   * @param order the order that gave {@code epsilonDataDependent}
   * @param moments2017 the same run restricted to the PATE 2017 moments accountant (orders 2..9,
   *     classic conversion), for comparison with the paper
   */
  record Privacy(double delta, String conversion, String noiseSource, String noise,
      double epsilonDataIndependent, double orderDataIndependent,
      double epsilonDataDependent, double order, String orders,
      List<Statement> statements,
      @JsonProperty("moments_2017") Moments2017 moments2017) {}

  /** One (epsilon, delta) claim, stated in full. */
  record Statement(String kind, double epsilon, double delta, double order, String conversion,
      String orders) {}

  record Moments2017(double epsilonDataDependent, double momentDataDependent,
      double epsilonDataIndependent, double momentDataIndependent, String conversion) {}

  record Student(String method, String architecture, int trainingExamples, double testAccuracy,
      List<Double> learningCurve) {}

  /**
   * The student's network trained on all private examples with their true labels, evaluated on the
   * same held-out set as the student: the accuracy a non-private model reaches, as a yardstick.
   * Null unless {@code baseline.non_private} is set.
   *
   * @param privacy always says that this model is not private
   */
  record NonPrivateCeiling(String privacy, String architecture, int trainingExamples,
      double testAccuracy, double seconds) {}

  record Timings(double loadSeconds, double teachersSeconds, double votesSeconds,
      double aggregationSeconds, double studentSeconds, double totalSeconds) {}
}
