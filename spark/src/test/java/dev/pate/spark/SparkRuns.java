package dev.pate.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.pate.config.ConfigLoader;
import dev.pate.pipeline.PatePipeline;
import dev.pate.pipeline.PipelineResult;
import dev.pate.pipeline.output.Json;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Test helpers: a tiny MNIST run, on either executor, and the comparison of two runs. */
final class SparkRuns {
  /** Seeded noise and one native thread per worker: everything but timings is reproducible. */
  static final String TINY = """
      name: spark-tiny
      seed: 3
      dataset: {name: mnist, private_limit: 1200}
      teachers:
        count: 6
        threads_per_worker: 1
        network: {architecture: mlp, dense: [32], epochs: 4, learning_rate: 0.01}
      aggregator: {mechanism: lnmax, gamma: 0.5, queries: 60, selection: random,
                   randomness: seeded}
      student: {network: {architecture: mlp, dense: [32], epochs: 5, learning_rate: 0.01}}
      output: {release: false}
      """;


  /** Spark bound to this machine only, without its web UI. */
  private static final String LOOPBACK = "spark.ui.enabled: 'false', spark.driver.host: 127.0.0.1,"
      + " spark.driver.bindAddress: 127.0.0.1";

  private SparkRuns() {}

  /** Runs {@link #TINY} (with {@code overrides}) into {@code out}; returns its run folder. */
  static Path run(Path out, String... overrides) {
    PipelineResult result = PatePipeline.builder(ConfigLoader.parse(TINY, "spark-tiny.yaml",
        List.of(overrides))).outputDir(out).build().run();
    return result.runFolder();
  }

  /** The overrides that choose the spark executor on {@code master}, plus {@code more}. */
  static String[] spark(String master, String... more) {
    return sparkWithConf(master, "", more);
  }

  /** As {@link #spark}, with more Spark properties ({@code "key: value, ..."}). */
  static String[] sparkWithConf(String master, String conf, String... more) {
    List<String> all = new ArrayList<>(List.of("teachers.executor=spark",
        "teachers.spark.master=" + master, "teachers.spark.conf={" + LOOPBACK
            + (conf.isEmpty() ? "" : ", " + conf) + "}"));
    all.addAll(List.of(more));
    return all.toArray(String[]::new);
  }

  /**
   * Asserts that two runs asked, voted, labelled and learned the same: votes.csv, labels.csv and
   * every figure of report.json but timings, folders and where the teachers came from.
   */
  static void assertSameResults(Path expected, Path actual) throws IOException {
    for (String file : List.of("votes.csv", "labels.csv")) {
      assertEquals(Files.readString(expected.resolve(file)), Files.readString(actual.resolve(file)),
          file);
    }
    JsonNode a = report(expected);
    JsonNode b = report(actual);
    for (String section : List.of("dataset", "aggregation", "privacy", "student")) {
      assertEquals(a.get(section), b.get(section), section);
    }
    for (JsonNode teachers : List.of(a.get("teachers"), b.get("teachers"))) {
      ((ObjectNode) teachers).remove("executor");
      ((ObjectNode) teachers.get("private")).remove("cache");
    }
    assertEquals(a.get("teachers"), b.get("teachers"));
  }

  static JsonNode report(Path runFolder) throws IOException {
    return Json.mapper().readTree(runFolder.resolve("report.json").toFile());
  }
}
