package dev.pate.config;

import static java.util.Objects.requireNonNull;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * The data set and how it is split (YAML block {@code dataset}). The training images are the
 * private data the teachers learn from; the test images are public: the first {@code queryPool} of
 * them form the pool the student's queries come from, the rest are held out for evaluation.
 *
 * @param name which data set
 * @param dataDir where its files are; when empty, the usual resolution ({@code $PATE_DATA_DIR},
 *     {@code ./data}, {@code ../shared/data})
 * @param queryPool how many test images form the query pool
 * @param privateLimit at most this many private (training) images in total; empty: all
 */
public record DatasetConfig(
    DatasetName name, Optional<Path> dataDir, int queryPool, OptionalInt privateLimit) {

  static final Key<DatasetConfig, DatasetName> NAME =
      Key.of(
          "name",
          new ChoiceType<>(DatasetName.class),
          DatasetName.MNIST,
          "data set: its training images are the private data, its test images the public data",
          DatasetConfig::name);

  static final Key<DatasetConfig, Path> DATA_DIR =
      Key.nullable(
          "data_dir",
          new PathType(),
          "directory of the data set files; when null: $PATE_DATA_DIR, then ./data, then"
              + " ../shared/data",
          DatasetConfig::dataDir);

  static final Key<DatasetConfig, Integer> QUERY_POOL =
      Key.of(
          "query_pool",
          NumberType.integer().atLeast(1),
          9000,
          "the first query_pool test images are the public pool queries come from; the rest are"
              + " held out for evaluation",
          DatasetConfig::queryPool);

  static final Key<DatasetConfig, Integer> PRIVATE_LIMIT =
      Key.nullable(
          "private_limit",
          NumberType.integer().atLeast(1),
          "use at most this many private (training) images in total; when null: all of them",
          d ->
              d.privateLimit().isPresent()
                  ? Optional.of(d.privateLimit().getAsInt())
                  : Optional.empty());

  static final Section<DatasetConfig> SECTION =
      Section.of(
          "dataset",
          "the data set and how it is split into private, query and held-out images",
          List.of(NAME, DATA_DIR, QUERY_POOL, PRIVATE_LIMIT),
          v ->
              new DatasetConfig(
                  v.get(NAME), v.find(DATA_DIR), v.get(QUERY_POOL), v.findInt(PRIVATE_LIMIT)));

  /** Checks for nulls only; value ranges are checked by {@link ConfigLoader}. */
  public DatasetConfig {
    requireNonNull(name, "name");
    requireNonNull(dataDir, "dataDir");
    requireNonNull(privateLimit, "privateLimit");
  }
}
