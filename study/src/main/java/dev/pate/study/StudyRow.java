package dev.pate.study;

import com.fasterxml.jackson.databind.JsonNode;
import dev.pate.aggregator.mechanism.Mechanism;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The results of one point of a study: one row of results.csv. Every epsilon comes with its kind
 * (in its name), its delta, order and conversion; {@link #published} is the one a user may
 * publish.
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
 * @param labelAccuracy fraction of answered queries whose noisy label is the true one, over those
 *     with a true label; null when the query pool has none (never 0 for "unknown")
 * @param pluralityAccuracy fraction of queries whose noise-free plurality vote is the true label,
 *     over those with one; null when none has
 * @param delta the delta of both epsilons
 * @param conversion the Renyi-DP to (epsilon, delta) conversion
 * @param randomness secure or seeded (aggregator.randomness)
 * @param epsilonDataIndependent holds for any votes (safe to publish)
 * @param orderDataIndependent the Renyi order that gave it
 * @param epsilonDataDependent depends on the private votes (not itself private)
 * @param orderDataDependent the Renyi order that gave it
 * @param published the epsilon a user may publish for this point, with its kind
 * @param studentAccuracy the student's held-out accuracy; null when no student was trained
 * @param validationAccuracy the student's accuracy on the validation split of the public data
 *     (dataset.validation), what settings are chosen by; null without one (or without a student)
 * @param teachersFrom {@code trained}, {@code cache} or {@code partly cached}
 * @param seconds wall times of the point's stages
 */
public record StudyRow(int point, String folder, Map<String, String> coordinates, long seed,
    int teachers, double teacherAccuracy, String mechanism, String noiseParameter,
    double noiseValue, int queries, int queriesAnswered, Double labelAccuracy,
    Double pluralityAccuracy, double delta, String conversion, String randomness,
    double epsilonDataIndependent, double orderDataIndependent, double epsilonDataDependent,
    double orderDataDependent, Published published, Double studentAccuracy,
    Double validationAccuracy, String teachersFrom, Seconds seconds) {

  /** The published epsilon's kind when the run made no smooth-sensitivity release. */
  public static final String GUARANTEE = "guarantee";
  /** Its kind when the run released its data-dependent epsilon with smooth sensitivity. */
  public static final String RELEASED = "released";

  /**
   * The epsilon a user may publish: the released data-dependent epsilon when the run made a
   * smooth-sensitivity release (its own cost included), otherwise the data-independent guarantee.
   * Never the unreleased data-dependent epsilon, which is a function of the private votes.
   *
   * @param kind {@value #GUARANTEE} or {@value #RELEASED}
   */
  public record Published(double epsilon, String kind, double delta, double order,
      String conversion) {

    /** The release's epsilon if the report has one, else the guarantee. */
    static Published of(ReportFields f) {
      JsonNode release = f.report().at("/privacy/data_dependent_release");
      if (release.isMissingNode() || release.isNull()) {
        return new Published(f.at("/privacy/epsilon_data_independent").asDouble(), GUARANTEE,
            f.at("/privacy/delta").asDouble(), f.at("/privacy/order_data_independent").asDouble(),
            f.at("/privacy/conversion").asText());
      }
      String at = "/privacy/data_dependent_release/";
      return new Published(f.at(at + "epsilon_released").asDouble(), RELEASED,
          f.at(at + "delta").asDouble(), f.at(at + "order").asDouble(),
          f.at(at + "conversion").asText());
    }
  }

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
    String noiseParameter = Mechanism.Kind.fromId(mechanism).answerNoiseParameter();
    JsonNode student = report.get("student");
    boolean trainedStudent = student != null && !student.isNull();
    ReportFields f = new ReportFields(report, folder);
    int trained = f.at("/teachers/private/cache/teachers_trained").asInt();
    int count = f.at("/teachers/count").asInt();
    return new StudyRow(point, folder, coordinates, f.at("/seed").asLong(), count,
        f.at("/teachers/private/mean_test_accuracy").asDouble(), mechanism, noiseParameter,
        f.at("/aggregation/" + noiseParameter).asDouble(),
        f.at("/aggregation/queries").asInt(),
        f.at("/aggregation/queries_answered").asInt(),
        f.orNull("/aggregation/label_accuracy"),
        f.orNull("/aggregation/private/ensemble_accuracy"),
        f.at("/privacy/delta").asDouble(), f.at("/privacy/conversion").asText(),
        f.at("/privacy/randomness").asText(),
        f.at("/privacy/epsilon_data_independent").asDouble(),
        f.at("/privacy/order_data_independent").asDouble(),
        f.at("/privacy/private/epsilon_data_dependent").asDouble(),
        f.at("/privacy/private/order").asDouble(),
        Published.of(f),
        trainedStudent ? f.at("/student/test_accuracy").asDouble() : null,
        trainedStudent && report.at("/student/validation_accuracy").isNumber()
            ? report.at("/student/validation_accuracy").asDouble() : null,
        trained == 0 ? "cache" : trained == count ? "trained" : "partly cached",
        new Seconds(f.at("/private/timings/teachers_seconds").asDouble(),
            f.at("/private/timings/votes_seconds").asDouble(),
            f.at("/private/timings/aggregation_seconds").asDouble(),
            f.at("/private/timings/student_seconds").asDouble(),
            f.at("/private/timings/total_seconds").asDouble()));
  }

  /**
   * The point's setting: its swept values but the seed, e.g. {@code "aggregator.queries=300"}
   * (the repeats of one setting share it); {@code "(base)"} when nothing else is swept.
   */
  String setting() {
    String setting = coordinates.entrySet().stream()
        .filter(e -> !e.getKey().equals("seed"))
        .map(e -> e.getKey() + "=" + e.getValue())
        .collect(java.util.stream.Collectors.joining(" "));
    return setting.isEmpty() ? "(base)" : setting;
  }

  /** The series this row belongs to in plots: its teacher count (and mechanism, if mixed). */
  String series(boolean withMechanism) {
    return teachers + " teachers" + (withMechanism ? " " + mechanism : "");
  }
}
