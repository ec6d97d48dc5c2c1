package dev.pate.pipeline.backend;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pate.config.ConfigLoader;
import dev.pate.config.RunConfig;
import dev.pate.files.UserError;
import dev.pate.pipeline.PatePipeline;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The pipeline module alone: no Spark on its class path. */
class TeacherBackendsTest {

  private static RunConfig config(String... overrides) {
    return ConfigLoader.parse("name: backend\nseed: 2\n", "backend.yaml", List.of(overrides));
  }

  @Test
  void theLocalExecutorIsBuiltInAndNeedsNoProvider() {
    assertSame(TeacherBackends.local(), TeacherBackends.of(new ExecutorSettings.Local()));
  }

  @Test
  void sparkWithoutItsModuleIsOneLineSayingWhatToBuild() {
    UserError e = assertThrows(UserError.class,
        () -> TeacherBackends.of(ExecutorSettings.Spark.of("local[1]")));
    assertEquals("teachers.executor: spark needs pate's spark module on the class path (./pate"
        + " adds spark/target/ once built: mvn -B -DskipTests package builds it)", e.getMessage());
  }

  /** A run checks where its teachers train before it reads data or writes its folder. */
  @Test
  void aRunRefusesAMissingBackendBeforeReadingDataOrWritingItsFolder(@TempDir Path out) {
    PatePipeline pipeline = PatePipeline.builder(config("teachers.executor=spark"))
        .outputDir(out).build();
    UserError e = assertThrows(UserError.class, pipeline::run);
    assertTrue(e.getMessage().startsWith("teachers.executor: spark needs"), e.getMessage());
    assertFalse(Files.exists(out.resolve("backend")), "no run folder");
  }
}
