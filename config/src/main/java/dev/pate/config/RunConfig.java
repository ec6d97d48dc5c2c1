package dev.pate.config;

import static java.util.Objects.requireNonNull;

import dev.pate.ensemble.nn.NetworkSpec;
import dev.pate.ensemble.nn.TrainingEngine;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * A complete, checked run configuration: the top level of a run YAML file. Load one with {@link
 * ConfigLoader}, write one with {@link ConfigWriter}; {@link ConfigSchema#keys()} lists every key.
 *
 * @param name run name, used as a directory name
 * @param seed seed of partitions, weight initialisation, query selection and (when {@code
 *     aggregator.randomness} is seeded) the aggregation noise; at least 1
 * @param dataset the data set and its split
 * @param teachers the teacher ensemble
 * @param aggregator the noisy vote aggregation
 * @param privacy privacy accounting
 * @param student the student model
 * @param baseline comparisons computed beside the private run
 * @param output where results go
 * @param multiLabel the multi-label aggregation; its mechanism is empty for a single-label run
 */
public record RunConfig(
    String name,
    long seed,
    DatasetConfig dataset,
    TeachersConfig teachers,
    AggregatorConfig aggregator,
    PrivacyConfig privacy,
    StudentConfig student,
    BaselineConfig baseline,
    OutputConfig output,
    MultiLabelConfig multiLabel) {

  /** A directory name that is safe everywhere: no separators, no leading dot or dash. */
  static final Key<RunConfig, String> NAME =
      Key.of(
              "name",
              new TextType(
                  Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]{0,99}"),
                  "1 to 100 letters, digits, '.', '_' or '-', starting with a letter or digit"),
              null,
              "run name; runs are written to <output.dir>/<name>/<UTC timestamp>/",
              RunConfig::name)
          .withDefaultNote("required");

  static final Key<RunConfig, Long> SEED =
      Key.of(
          "seed",
          NumberType.longInteger().atLeast(1),
          1L,
          "seed of partitions, weight initialisation, query selection and seeded noise (ND4J"
              + " treats seed 0 as non-deterministic)",
          RunConfig::seed);

  static final Child<RunConfig, DatasetConfig> DATASET =
      new Child<>(DatasetConfig.SECTION, RunConfig::dataset);
  static final Child<RunConfig, TeachersConfig> TEACHERS =
      new Child<>(TeachersConfig.SECTION, RunConfig::teachers);
  static final Child<RunConfig, AggregatorConfig> AGGREGATOR =
      new Child<>(AggregatorConfig.SECTION, RunConfig::aggregator);
  static final Child<RunConfig, PrivacyConfig> PRIVACY =
      new Child<>(PrivacyConfig.SECTION, RunConfig::privacy);
  static final Child<RunConfig, StudentConfig> STUDENT =
      new Child<>(StudentConfig.SECTION, RunConfig::student);
  static final Child<RunConfig, BaselineConfig> BASELINE =
      new Child<>(BaselineConfig.SECTION, RunConfig::baseline);
  static final Child<RunConfig, OutputConfig> OUTPUT =
      new Child<>(OutputConfig.SECTION, RunConfig::output);

  /**
   * Always read (its defaults make a single-label run), written only for a multi-label run, so
   * that a single-label run's config.yaml does not carry keys it does not use.
   */
  static final Child<RunConfig, MultiLabelConfig> MULTI_LABEL =
      new Child<>(
          MultiLabelConfig.SECTION,
          c -> c.multiLabel().enabled() ? Optional.of(c.multiLabel()) : Optional.empty(),
          null);

  static final Section<RunConfig> SECTION =
      Section.of(
          "",
          "a run: train teachers, label queries with noisy aggregation, train the student",
          List.of(
              NAME, SEED, DATASET, TEACHERS, AGGREGATOR, PRIVACY, STUDENT, BASELINE, OUTPUT,
              MULTI_LABEL),
          v ->
              new RunConfig(
                  v.get(NAME),
                  v.get(SEED),
                  v.get(DATASET),
                  v.get(TEACHERS),
                  v.get(AGGREGATOR),
                  v.get(PRIVACY),
                  v.get(STUDENT),
                  v.get(BASELINE),
                  v.get(OUTPUT),
                  v.get(MULTI_LABEL)));

  /** Checks for nulls only; value ranges are checked by {@link ConfigLoader}. */
  public RunConfig {
    requireNonNull(name, "name");
    requireNonNull(dataset, "dataset");
    requireNonNull(teachers, "teachers");
    requireNonNull(aggregator, "aggregator");
    requireNonNull(privacy, "privacy");
    requireNonNull(student, "student");
    requireNonNull(baseline, "baseline");
    requireNonNull(output, "output");
    requireNonNull(multiLabel, "multiLabel");
  }

  /**
   * The engine that trains this run's teachers: {@code teachers.engine}, auto resolved for the
   * built-in network; a multi-label run's teachers (one sigmoid per label) are DL4J's.
   */
  public TrainingEngine teacherEngine() {
    return dataset.multiLabel() ? TrainingEngine.DL4J : teachers.engineUsed();
  }

  /** As {@link #teacherEngine()}, for the student ({@code student.engine}). */
  public TrainingEngine studentEngine() {
    return dataset.multiLabel() ? TrainingEngine.DL4J
        : student.engine().resolve(NetworkSpec.of(student.network()));
  }
}
