package dev.pate.config;

import static dev.pate.config.Configs.load;
import static dev.pate.config.Configs.onlyProblem;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

class SparkConfigTest {

  @Test
  void localByDefaultWithoutSparkSettings() {
    TeachersConfig teachers = load("").teachers();
    assertEquals(TeacherExecutor.LOCAL, teachers.executor());
    assertTrue(teachers.spark().isEmpty());
    assertFalse(ConfigWriter.toYaml(load("")).contains("spark"));
  }

  @Test
  void overridesChooseSparkAndItsMaster() {
    TeachersConfig teachers =
        load("", "teachers.executor=spark", "teachers.spark.master=local[2]").teachers();
    assertEquals(TeacherExecutor.SPARK, teachers.executor());
    assertEquals(Optional.of(SparkConfig.of("local[2]")), teachers.spark());
  }

  @Test
  void everyKeyIsReadAndWrittenBack() {
    RunConfig config = load("""
        teachers:
          executor: spark
          spark:
            master: spark://127.0.0.1:7077
            conf: {spark.executor.memory: 2g, spark.executor.cores: 1}
            shared_dir: hdfs://namenode:8020/pate/teachers
            teachers_per_task: 5
        """);
    SparkConfig spark = config.teachers().spark().orElseThrow();
    assertEquals("spark://127.0.0.1:7077", spark.master());
    assertEquals(Map.of("spark.executor.memory", "2g", "spark.executor.cores", "1"),
        spark.conf());
    assertEquals(List.of("spark.executor.memory", "spark.executor.cores"),
        List.copyOf(spark.conf().keySet()));
    assertEquals(Optional.of("hdfs://namenode:8020/pate/teachers"), spark.sharedDir());
    assertEquals(OptionalInt.of(5), spark.teachersPerTask());
    assertEquals(config, Configs.load(ConfigWriter.toYaml(config)));
  }

  @Test
  void aSharedDirWithoutSchemeIsRefusedWithItsKey() {
    String problem = onlyProblem(
        "teachers: {executor: spark, spark: {shared_dir: /data/teachers}}");
    assertTrue(problem.startsWith("exp.yaml line 1: teachers.spark.shared_dir: '/data/teachers'"
        + " is not a string of a Hadoop file-system URI"), problem);
  }

  @Test
  void sparkSettingsAreIgnoredForTheLocalExecutor() {
    RunConfig config = load("teachers: {spark: {master: 'local[2]'}}");
    assertEquals(TeacherExecutor.LOCAL, config.teachers().executor());
    assertTrue(config.teachers().spark().isEmpty());
  }
}
