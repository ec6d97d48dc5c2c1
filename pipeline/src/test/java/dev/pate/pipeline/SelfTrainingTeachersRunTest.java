package dev.pate.pipeline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.pate.config.ConfigException;
import dev.pate.config.ConfigLoader;
import dev.pate.pipeline.output.Json;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code teachers.method: self-training}: each teacher learns from its partition and the public
 * pool, through the whole pipeline (the tiny run, a pool of 600 images).
 */
class SelfTrainingTeachersRunTest {
  private static final String[] SELF = {"dataset.query_pool=600", "teachers.method=self-training",
      "teachers.self_training.warmup_epochs=1"};

  @TempDir Path dir;

  @Test
  void teachersSelfTrainOnThePoolReproduciblyUnderTheirOwnKey() throws IOException {
    Path self = TinyRuns.run(TinyRuns.TINY, dir.resolve("self"), SELF);
    Path again = TinyRuns.run(TinyRuns.TINY, dir.resolve("again"), SELF);
    Path supervised = TinyRuns.run(TinyRuns.TINY, dir.resolve("supervised"),
        "dataset.query_pool=600");

    assertEquals(Files.readAllLines(self.resolve("votes.csv")),
        Files.readAllLines(again.resolve("votes.csv")), "same config and seed, same teachers");
    assertNotEquals(Files.readAllLines(self.resolve("votes.csv")),
        Files.readAllLines(supervised.resolve("votes.csv")), "the pool changed what they learnt");
    JsonNode manifest = Json.mapper().readTree(self.resolve("teachers/manifest.json").toFile());
    JsonNode key = Json.mapper().readTree(Path.of(manifest.get("cache_folder").asText())
        .resolve("key.json").toFile()).get("settings");
    assertEquals("self-training", key.get("teachers.method").asText(), key.toString());
    assertEquals("1", key.get("teachers.self_training.warmup_epochs").asText());
    JsonNode report = Json.mapper().readTree(self.resolve("report.json").toFile());
    assertEquals("self-training", report.at("/teachers/method").asText());
    assertEquals("supervised", Json.mapper().readTree(supervised.resolve("report.json").toFile())
        .at("/teachers/method").asText());
    assertTrue(report.at("/teachers/private/mean_test_accuracy").asDouble() > 0.5,
        report.at("/teachers").toString());
  }

  @Test
  void sparkTeachersCannotSelfTrainAndSayWhyWhenTheConfigLoads() {
    ConfigException e = assertThrows(ConfigException.class, () -> ConfigLoader.parse(
        TinyRuns.TINY, "tiny.yaml", List.of(SELF[0], SELF[1], "teachers.executor=spark",
            "teachers.spark.master=local[2]",
            "teachers.spark.shared_dir=file://" + dir.resolve("shared"))));
    assertTrue(e.getMessage().contains("teachers.method: self-training trains teachers in this"
        + " process"), e.getMessage());
    assertTrue(e.getMessage().contains("(use local)"), e.getMessage());
  }
}
