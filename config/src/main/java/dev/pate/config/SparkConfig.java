package dev.pate.config;

import static java.util.Objects.requireNonNull;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.regex.Pattern;

/**
 * The Spark cluster that trains the teachers (YAML block {@code teachers.spark}, used when {@code
 * teachers.executor} is {@code spark}). None of it changes a teacher, so none of it is in the
 * teacher cache's key: an ensemble trained on Spark is reused by a local run and vice versa.
 *
 * @param master the Spark master URL: {@code local[N]}, {@code spark://host:7077}, {@code yarn}
 * @param conf further Spark properties, passed to the SparkConf as they are
 * @param sharedDir where tasks write teacher models, a Hadoop file-system URI that the driver and
 *     every executor can read and write; empty: the run's own teacher cache (a {@code file://}
 *     folder, which suits local masters and clusters that share that folder)
 * @param teachersPerTask teachers trained by one Spark task; empty: about four tasks per core
 */
public record SparkConfig(String master, Map<String, String> conf, Optional<String> sharedDir,
    OptionalInt teachersPerTask) {

  private static final TextType TEXT =
      new TextType(Pattern.compile("[^\\s]+"), "non-blank text without spaces");

  private static final TextType VALUE =
      new TextType(Pattern.compile("[^\\r\\n]*"), "text without line breaks");

  /** A URI with a scheme: Hadoop resolves a bare path against fs.defaultFS, which surprises. */
  private static final TextType URI =
      new TextType(Pattern.compile("[A-Za-z][A-Za-z0-9+.-]*:/\\S*"),
          "a Hadoop file-system URI with its scheme (file:///..., hdfs://..., s3a://...)");

  static final Key<SparkConfig, String> MASTER =
      Key.of(
          "master",
          TEXT,
          "local[*]",
          "the Spark master URL: local[N] (Spark inside this JVM, N cores), spark://host:7077 (a"
              + " standalone cluster), yarn, ...",
          SparkConfig::master);

  static final Key<SparkConfig, Map<String, String>> CONF =
      Key.of(
          "conf",
          new MapType<>("Spark property", VALUE),
          Map.of(),
          "Spark properties passed to the SparkConf as they are, e.g. {spark.executor.memory:"
              + " 4g, spark.executor.cores: 2}; spark.hadoop.* reach the shared_dir's file system",
          SparkConfig::conf);

  static final Key<SparkConfig, String> SHARED_DIR =
      Key.nullable(
          "shared_dir",
          URI,
          "where Spark tasks write teacher models (<shared_dir>/<ensemble key>/teacher-NNN.zip and"
              + " .json), a folder the driver and every executor can write: file:///... on a"
              + " shared mount, hdfs://..., s3a://...; teachers found there are not trained again;"
              + " when null: the run's teacher cache (<output.dir>/cache/teachers), which only"
              + " local[N] masters and clusters on one machine can reach",
          SparkConfig::sharedDir);

  static final Key<SparkConfig, Integer> TEACHERS_PER_TASK =
      Key.nullable(
          "teachers_per_task",
          NumberType.integer().atLeast(1),
          "teachers one Spark task trains, one after the other (a task is what Spark schedules"
              + " and retries); when null: the teachers spread over about four tasks per executor"
              + " core",
          s -> s.teachersPerTask().isPresent()
              ? Optional.of(s.teachersPerTask().getAsInt()) : Optional.empty());

  static final Section<SparkConfig> SECTION =
      Section.of(
          "spark",
          "the Spark cluster that trains the teachers and computes their votes",
          List.of(MASTER, CONF, SHARED_DIR, TEACHERS_PER_TASK),
          v -> new SparkConfig(v.get(MASTER), v.get(CONF), v.find(SHARED_DIR),
              v.findInt(TEACHERS_PER_TASK)));

  /** Checks for nulls only; values are checked by {@link ConfigLoader}. */
  public SparkConfig {
    requireNonNull(master, "master");
    conf = Collections.unmodifiableMap(new LinkedHashMap<>(conf));
    requireNonNull(sharedDir, "sharedDir");
    requireNonNull(teachersPerTask, "teachersPerTask");
  }

  /** The settings of a {@code master} with nothing else given. */
  public static SparkConfig of(String master) {
    return new SparkConfig(master, Map.of(), Optional.empty(), OptionalInt.empty());
  }
}
