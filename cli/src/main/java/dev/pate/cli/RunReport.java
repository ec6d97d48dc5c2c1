package dev.pate.cli;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;

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
    Timings timings) {

  record Dataset(String name, String dataDir, int privateExamplesUsed, int queryPool,
      int heldOut) {}

  /** @param cache where the teachers and their votes came from */
  record Teachers(int count, String architecture, double meanTestAccuracy,
      double minTestAccuracy, double maxTestAccuracy, int minPartitionSize,
      int maxPartitionSize, int workers, int threadsPerWorker, Cache cache) {}

  /**
   * The teacher cache's part in a run: a run whose ensemble was trained before reuses it.
   *
   * @param folder the cached ensemble's folder
   * @param key its key (the folder's name)
   * @param teachersTrained teachers this run trained (0: all reused)
   * @param teachersReused teachers found in the cache
   * @param votesComputed query images the teachers voted on in this run
   * @param votesReused query images whose votes came from the cache
   */
  record Cache(String folder, String key, int teachersTrained, int teachersReused,
      int votesComputed, int votesReused) {}

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

  /** Null in report.json when student.train is false. */
  record Student(String method, String architecture, int trainingExamples, double testAccuracy,
      List<Double> learningCurve) {}

  record Timings(double loadSeconds, double teachersSeconds, double votesSeconds,
      double aggregationSeconds, double studentSeconds, double totalSeconds) {}
}
