package dev.pate.study;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import com.fasterxml.jackson.databind.JsonNode;
import dev.pate.pipeline.output.Json;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The published epsilon: the release's when the run made one, never the unreleased one. */
class StudyRowTest {
  private static final String REPORT = """
      {"seed": 1,
       "teachers": {"count": 250, "private": {"mean_test_accuracy": 0.93,
           "cache": {"teachers_trained": 0}}},
       "aggregation": {"mechanism": "confident-gnmax", "sigma2": 40, "queries": 640,
           "queries_answered": 395, "label_accuracy": 0.97,
           "private": {"ensemble_accuracy": 0.98}},
       "privacy": {"delta": 1e-5, "conversion": "improved", "randomness": "secure",
           "epsilon_data_independent": 4.35, "order_data_independent": 5.75,
           "private": {"epsilon_data_dependent": 1.04, "order": 18}%s},
       "student": {"test_accuracy": 0.988%s},
       "private": {"timings": {"teachers_seconds": 1, "votes_seconds": 1,
           "aggregation_seconds": 1, "student_seconds": 1, "total_seconds": 4}}}
      """;

  private static StudyRow row(String release, String validation) throws Exception {
    JsonNode report = Json.mapper().readTree(String.format(REPORT, release, validation));
    return StudyRow.of(1, "points/1", Map.of(), report);
  }

  @Test
  void aReleaseIsPublishedWithItsOwnOrderAndDelta() throws Exception {
    StudyRow row = row(", \"data_dependent_release\": {\"epsilon_released\": 1.84,"
        + " \"order\": 8, \"delta\": 1e-5, \"conversion\": \"improved\"}",
        ", \"validation_accuracy\": 0.985");
    assertEquals(new StudyRow.Published(1.84, StudyRow.RELEASED, 1e-5, 8, "improved"),
        row.published());
    assertEquals(0.985, row.validationAccuracy());
    assertEquals(1.04, row.epsilonDataDependent());
  }

  @Test
  void withoutAReleaseTheGuaranteeIsPublished() throws Exception {
    StudyRow row = row("", "");
    assertEquals(new StudyRow.Published(4.35, StudyRow.GUARANTEE, 1e-5, 5.75, "improved"),
        row.published());
    assertNull(row.validationAccuracy(), "no validation split");
  }
}
