package dev.pate.study;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The results of one point of a multi-label study (dataset.name mnist-multidigit, a {@code
 * multi_label.mechanism}): one row of its results.csv, read from the point's report.json. The
 * privacy figures are read as the single-label {@link StudyRow} reads them (the report's privacy
 * block is the same); scores are micro-F1, macro-F1 and label-set accuracy instead of accuracies.
 *
 * @param point the point's number in the grid (1-based)
 * @param folder the point's folder (relative to the study folder)
 * @param coordinates the value of each swept key at this point (YAML text), in axis order
 * @param seed the point's seed
 * @param teachers the ensemble size
 * @param teacherMicroF1 the teachers' mean micro-F1 on the held-out canvases (a private figure,
 *     as the single-label teacher accuracy)
 * @param mechanism binary-voting, tau-voting or powerset-voting
 * @param sigma the noise of the answers (planned, under aggregator.noise auto)
 * @param tau the clipping norm of tau-voting; null for the others
 * @param threshold the fraction of teachers a label's noisy sum must exceed; null for
 *     powerset-voting, which has none
 * @param noise {@code fixed} or {@code auto} (planned from privacy.budget)
 * @param queries queries the config asked for
 * @param queriesAsked queries put to the mechanism (fewer when the budget stopped labelling)
 * @param queriesAnswered queries answered (the mechanisms never abstain: every asked one)
 * @param answers the released label sets against the queries' true label sets (public data and
 *     released answers); null when none was asked
 * @param noiselessVote the teachers' vote without noise against the true label sets (a private
 *     figure, as the single-label plurality accuracy); null when none was asked
 * @param privacy the guarantee, with the data-dependent figure that is not publishable
 * @param student the student on the held-out canvases; null when no student was trained
 * @param ceiling the non-private ceiling on the held-out canvases when the run trained one (a
 *     private figure: what giving up privacy would buy); null otherwise
 * @param seconds wall times of the point's stages
 */
public record MultiLabelRow(int point, String folder, Map<String, String> coordinates, long seed,
    int teachers, double teacherMicroF1, String mechanism, double sigma, Double tau,
    Double threshold, String noise, int queries, int queriesAsked, int queriesAnswered,
    Scores answers, Scores noiselessVote, Privacy privacy, Scores student, Scores ceiling,
    StudyRow.Seconds seconds) {

  /**
   * Where a multi-label report.json holds the non-private ceiling's scores on the held-out
   * canvases, when its run trained one.
   */
  static final String CEILING = "/private/non_private_ceiling/held_out";

  /** Scores of predicted label sets against the true ones ({@code MultiLabelMetrics}). */
  public record Scores(double microF1, double macroF1, double labelSetAccuracy) {

    /** The scores of a metrics object of report.json; null where the report has none. */
    static Scores of(ReportFields f, String pointer) {
      JsonNode node = f.report().at(pointer);
      if (node.isMissingNode() || node.isNull()) {
        return null;
      }
      return new Scores(f.at(pointer + "/micro_f1").asDouble(),
          f.at(pointer + "/macro_f1").asDouble(), f.at(pointer + "/label_set_accuracy").asDouble());
    }
  }

  /**
   * A point's privacy figures, as results.csv states them for single-label points.
   *
   * @param epsilonDataIndependent holds for any votes: the guarantee
   * @param epsilonDataDependent depends on the private votes (not itself private; for
   *     binary-voting and tau-voting the same as the guarantee)
   * @param published the epsilon a user may publish: the guarantee (multi-label runs make no
   *     smooth-sensitivity release)
   */
  public record Privacy(double delta, String conversion, String randomness,
      double epsilonDataIndependent, double orderDataIndependent, double epsilonDataDependent,
      double orderDataDependent, StudyRow.Published published) {}

  public MultiLabelRow {
    coordinates = Collections.unmodifiableMap(new LinkedHashMap<>(coordinates));
  }

  /** The row of a point from its report.json. */
  public static MultiLabelRow of(int point, String folder, Map<String, String> coordinates,
      JsonNode report) {
    ReportFields f = new ReportFields(report, folder);
    return new MultiLabelRow(point, folder, coordinates, f.at("/seed").asLong(),
        f.at("/teachers/count").asInt(),
        f.at("/teachers/private/mean_held_out_micro_f1").asDouble(),
        f.at("/aggregation/mechanism").asText(),
        f.at("/aggregation/parameters/sigma").asDouble(),
        parameter(report, "tau"), parameter(report, "threshold"),
        f.at("/aggregation/noise").asText(),
        f.at("/aggregation/queries").asInt(),
        f.at("/aggregation/queries_asked").asInt(),
        f.at("/aggregation/queries_answered").asInt(),
        Scores.of(f, "/aggregation/answers"),
        Scores.of(f, "/aggregation/private/noiseless_vote"),
        new Privacy(f.at("/privacy/delta").asDouble(), f.at("/privacy/conversion").asText(),
            f.at("/privacy/randomness").asText(),
            f.at("/privacy/epsilon_data_independent").asDouble(),
            f.at("/privacy/order_data_independent").asDouble(),
            f.at("/privacy/private/epsilon_data_dependent").asDouble(),
            f.at("/privacy/private/order").asDouble(), StudyRow.Published.of(f)),
        Scores.of(f, "/student/held_out"),
        Scores.of(f, CEILING),
        new StudyRow.Seconds(f.at("/private/timings/teachers_seconds").asDouble(),
            f.at("/private/timings/votes_seconds").asDouble(),
            f.at("/private/timings/labelling_seconds").asDouble(),
            f.at("/private/timings/student_seconds").asDouble(),
            f.at("/private/timings/total_seconds").asDouble()));
  }

  /** A parameter the mechanism may not have (tau, threshold): null when it has none. */
  private static Double parameter(JsonNode report, String name) {
    JsonNode node = report.at("/aggregation/parameters/" + name);
    return node.isNumber() ? node.asDouble() : null;
  }

  /**
   * The series this row belongs to in plots: its mechanism, with its swept values but the seed
   * and what sets the guarantee (the budget's epsilon, or sigma with fixed noise), e.g. {@code
   * "tau-voting multi_label.tau=1.5"}.
   */
  String series() {
    String rest = coordinates.entrySet().stream()
        .filter(e -> !SERIES_AXES_LEFT_OUT.contains(e.getKey()))
        .map(e -> e.getKey() + "=" + e.getValue())
        .collect(Collectors.joining(" "));
    return rest.isEmpty() ? mechanism : mechanism + " " + rest;
  }

  /** Swept keys a plot's series does not split by: the repeats, and the x axis (the guarantee). */
  private static final java.util.Set<String> SERIES_AXES_LEFT_OUT = java.util.Set.of("seed",
      "multi_label.mechanism", "privacy.budget.epsilon", "multi_label.sigma");
}
