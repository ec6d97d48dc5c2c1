package dev.pate.pipeline;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.pate.config.ConfigLoader;
import dev.pate.config.TeachersConfig;
import dev.pate.pipeline.backend.ExecutorSettings;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

/** The YAML path's one conversion of {@code teachers.executor} into the backends' settings. */
class PreflightExecutorTest {

  private static TeachersConfig teachers(String... overrides) {
    return ConfigLoader.parse("name: backend\nseed: 2\n", "backend.yaml", List.of(overrides))
        .teachers();
  }

  @Test
  void localIsLocal() {
    assertEquals(new ExecutorSettings.Local(), Preflight.executor(teachers()));
  }

  @Test
  void sparkKeepsEveryValueOfItsBlock() {
    ExecutorSettings executor = Preflight.executor(teachers("teachers.executor=spark",
        "teachers.spark.master=local[2]", "teachers.spark.conf={spark.executor.memory: 2g}",
        "teachers.spark.shared_dir=file:///tmp/shared", "teachers.spark.teachers_per_task=3"));
    assertEquals(new ExecutorSettings.Spark("local[2]", Map.of("spark.executor.memory", "2g"),
        Optional.of("file:///tmp/shared"), OptionalInt.of(3)), executor);
    assertEquals("spark", executor.id());
  }

  @Test
  void sparkDefaultsAreTheConfigs() {
    assertEquals(ExecutorSettings.Spark.of("local[*]"),
        Preflight.executor(teachers("teachers.executor=spark")));
  }
}
