package dev.pate.pipeline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.pate.pipeline.output.Json;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The tiny MNIST run with a self-training student trained twice ({@code
 * student.self_training.restarts: 2}) and a validation split: the report names both restarts and
 * keeps the one nearest the prior over the pool, and the learning curve is the validation split's.
 */
class StudentRestartsRunTest {
  @TempDir static Path dir;
  static JsonNode report;

  @BeforeAll
  static void runOnce() throws IOException {
    Path run = TinyRuns.run(TinyRuns.TINY, dir.resolve("runs"), "dataset.query_pool=600",
        "dataset.validation=200", "student.method=self-training",
        "student.self_training.warmup_epochs=1", "student.self_training.restarts=2",
        "student.self_training.restart_prior=uniform");
    report = Json.mapper().readTree(run.resolve("report.json").toFile());
  }

  @Test
  void theStudentNearestThePriorOverThePoolIsKept() {
    JsonNode restarts = report.at("/student/restarts");
    assertEquals(2, restarts.size(), report.at("/student").toString());
    assertNotEquals(restarts.get(0).get("seed").asLong(), restarts.get(1).get("seed").asLong());
    List<Double> distances = new ArrayList<>();
    int kept = -1;
    for (int k = 0; k < 2; k++) {
      double distance = restarts.get(k).get("pool_distance").asDouble();
      assertTrue(distance >= 0 && distance <= 1, restarts.toString());
      distances.add(distance);
      if (restarts.get(k).get("kept").asBoolean()) {
        assertEquals(-1, kept, "one student is kept: " + restarts);
        kept = k;
      }
    }
    assertTrue(kept >= 0, restarts.toString());
    assertEquals(distances.stream().mapToDouble(d -> d).min().orElseThrow(), distances.get(kept));
    // The kept student's last accuracy on the validation split is the one the report gives.
    assertEquals("validation", report.at("/student/learning_curve_on").asText());
    JsonNode curve = report.at("/student/learning_curve");
    assertEquals(restarts.get(kept).get("accuracy").asDouble(),
        curve.get(curve.size() - 1).get("accuracy").asDouble());
    assertEquals(5, curve.size(), "the kept student's curve only");
  }

  /** Restarts add only these public fields: seeds, pool distances, validation accuracies. */
  @Test
  void restartsAddOnlyTheirOwnPublicFields() {
    Set<String> found = new TreeSet<>();
    ReportAllowlistTest.publicPaths(report.at("/student/restarts"), "student/restarts", found);
    assertEquals(ReportAllowlistTest.RESTARTS, found);
  }
}
