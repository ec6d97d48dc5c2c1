package dev.pate.cli.study;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The results of one point of a study: one row of results.csv. Every epsilon comes with its kind
 * (in its name), its delta, order and conversion.
 *
 * @param point the point's number in the grid (1-based)
 * @param folder the point's folder (relative to the study folder)
 * @param coordinates the value of each swept key at this point (YAML text), in axis order
 * @param seed the point's seed
 * @param teachers the ensemble size
 * @param teacherAccuracy the teachers' mean accuracy on the held-out images
 * @param mechanism lnmax, gnmax or confident-gnmax
 * @param noiseParameter the key that sets the noise of the answers: gamma (lnmax), sigma (gnmax)
 *     or sigma2 (confident-gnmax)
 * @param noiseValue its value
 * @param queries queries the config asked for
 * @param queriesAnswered queries that got a label
 * @param labelAccuracy fraction of answered queries whose noisy label is the true one
 * @param pluralityAccuracy fraction of queries whose noise-free plurality vote is the true label
 * @param delta the delta of both epsilons
 * @param conversion the Renyi-DP to (epsilon, delta) conversion
 * @param randomness secure or seeded (aggregator.randomness)
 * @param epsilonDataIndependent holds for any votes (safe to publish)
 * @param orderDataIndependent the Renyi order that gave it
 * @param epsilonDataDependent depends on the private votes (not itself private)
 * @param orderDataDependent the Renyi order that gave it
 * @param studentAccuracy the student's held-out accuracy; null when no student was trained
 * @param teachersFrom {@code trained}, {@code cache} or {@code partly cached}
 * @param seconds wall times of the point's stages
 */
public record StudyRow(int point, String folder, Map<String, String> coordinates, long seed,
    int teachers, double teacherAccuracy, String mechanism, String noiseParameter,
    double noiseValue, int queries, int queriesAnswered, double labelAccuracy,
    double pluralityAccuracy, double delta, String conversion, String randomness,
    double epsilonDataIndependent, double orderDataIndependent, double epsilonDataDependent,
    double orderDataDependent, Double studentAccuracy, String teachersFrom, Seconds seconds) {

  /** Wall times of a point's stages, in seconds. */
  public record Seconds(double teachers, double votes, double aggregation, double student,
      double total) {}

  public StudyRow {
    coordinates = Collections.unmodifiableMap(new LinkedHashMap<>(coordinates));
  }

  /** The row of a point from its report.json. */
  public static StudyRow of(int point, String folder, Map<String, String> coordinates,
      JsonNode report) {
    String mechanism = report.at("/aggregation/mechanism").asText();
    String noiseParameter = switch (mechanism) {
      case "gnmax" -> "sigma";
      case "confident-gnmax" -> "sigma2";
      default -> "gamma";
    };
    JsonNode student = report.get("student");
    int trained = report.at("/teachers/cache/teachers_trained").asInt();
    int count = report.at("/teachers/count").asInt();
    return new StudyRow(point, folder, coordinates, report.at("/seed").asLong(), count,
        report.at("/teachers/mean_test_accuracy").asDouble(), mechanism, noiseParameter,
        report.at("/aggregation/" + noiseParameter).asDouble(),
        report.at("/aggregation/queries").asInt(),
        report.at("/aggregation/queries_answered").asInt(),
        report.at("/aggregation/label_accuracy").asDouble(),
        report.at("/aggregation/ensemble_accuracy").asDouble(),
        report.at("/privacy/delta").asDouble(), report.at("/privacy/conversion").asText(),
        report.at("/privacy/randomness").asText(),
        report.at("/privacy/epsilon_data_independent").asDouble(),
        report.at("/privacy/order_data_independent").asDouble(),
        report.at("/privacy/epsilon_data_dependent").asDouble(),
        report.at("/privacy/order").asDouble(),
        student == null || student.isNull() ? null : student.get("test_accuracy").asDouble(),
        trained == 0 ? "cache" : trained == count ? "trained" : "partly cached",
        new Seconds(report.at("/timings/teachers_seconds").asDouble(),
            report.at("/timings/votes_seconds").asDouble(),
            report.at("/timings/aggregation_seconds").asDouble(),
            report.at("/timings/student_seconds").asDouble(),
            report.at("/timings/total_seconds").asDouble()));
  }

  /** The series this row belongs to in plots: its teacher count (and mechanism, if mixed). */
  String series(boolean withMechanism) {
    return teachers + " teachers" + (withMechanism ? " " + mechanism : "");
  }
}
