package dev.pate.config;

import static java.util.Objects.requireNonNull;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * The data set and how it is split (YAML block {@code dataset}). The training images (or the rows
 * of the private CSV file) are the private data the teachers learn from; the test images (or the
 * rows of the public CSV file) are public: the first {@code queryPool} of them form the pool the
 * student's queries come from, the rest are held out for evaluation. The last {@code validation}
 * examples of the query pool may be set aside as a validation split: never queried, never trained
 * on (not even unlabelled), used to choose settings without looking at the held-out examples.
 *
 * @param name which data set
 * @param dataDir where its files are; when empty, the usual resolution ({@code $PATE_DATA_DIR},
 *     {@code ./data}, {@code ../shared/data})
 * @param queryPool how many public examples form the query pool (with the validation split)
 * @param validation how many of them, the last ones, form the validation split instead; 0: none
 * @param privateLimit only the records at positions {@code 0..N-1} of the private file (counted
 *     before dropped rows); empty: all
 * @param csv the CSV files and their schema; present exactly when {@code name} is {@code csv}
 * @param images your own images; present exactly when {@code name} is {@code images}
 * @param multidigit the generated multi-digit benchmark; present exactly when {@code name} is
 *     {@code mnist-multidigit}
 */
public record DatasetConfig(
    DatasetName name,
    Optional<Path> dataDir,
    int queryPool,
    int validation,
    OptionalInt privateLimit,
    Optional<CsvConfig> csv,
    Optional<ImagesConfig> images,
    Optional<MultiDigitConfig> multidigit) {

  static final Key<DatasetConfig, DatasetName> NAME =
      Key.of(
          "name",
          new ChoiceType<>(DatasetName.class),
          DatasetName.MNIST,
          "data set: mnist or fashion-mnist (training images private, test images public), csv"
              + " (the private and public files of dataset.csv; multi-label with"
              + " dataset.csv.labels), or images (your own folders or array files,"
              + " dataset.images; multi-label with dataset.images.labels), or mnist-multidigit"
              + " (multi-label: canvases of MNIST digits, dataset.multidigit; see multi_label)",
          DatasetConfig::name);

  static final Key<DatasetConfig, Path> DATA_DIR =
      Key.nullable(
          "data_dir",
          PathType.data(),
          "directory of the data set files (and of relative dataset.csv and dataset.images"
              + " paths); relative: in the config file's folder if it is there, else in the"
              + " working directory; when null:"
              + " $PATE_DATA_DIR, then ./data, then ../shared/data",
          DatasetConfig::dataDir);

  static final Key<DatasetConfig, Integer> QUERY_POOL =
      Key.of(
          "query_pool",
          NumberType.integer().atLeast(1),
          9000,
          "the first query_pool public examples (test images, public images, or kept rows of the"
              + " public CSV file) are the pool queries come from; the rest are held out for"
              + " evaluation, unless the held-out examples have a source of their own"
              + " (dataset.csv.eval_file, dataset.images.eval_dir or eval_file): then the pool is"
              + " at most this many",
          DatasetConfig::queryPool);

  static final Key<DatasetConfig, Integer> VALIDATION =
      Key.of(
          "validation",
          NumberType.integer().atLeast(0),
          0,
          "the last N examples of the query pool are set aside as a validation split: never"
              + " queried, never trained on (not even unlabelled by self-training); the student is"
              + " also evaluated on them (report.json student.validation_accuracy), so that a"
              + " study chooses its settings on public data, never on the held-out examples;"
              + " the pool keeps query_pool - N",
          DatasetConfig::validation);

  static final Key<DatasetConfig, Integer> PRIVATE_LIMIT =
      Key.nullable(
          "private_limit",
          NumberType.integer().atLeast(1),
          "use only the records at positions 0..N-1 of the private file (counted before dropped"
              + " rows): the first N training images or CSV records, fewer kept if some are"
              + " dropped; when null: all of them",
          d ->
              d.privateLimit().isPresent()
                  ? Optional.of(d.privateLimit().getAsInt())
                  : Optional.empty());

  static final Child<DatasetConfig, CsvConfig> CSV =
      Child.usedWhen(NAME, DatasetName.CSV, CsvConfig.SECTION, DatasetConfig::csv);

  static final Child<DatasetConfig, ImagesConfig> IMAGES =
      Child.usedWhen(NAME, DatasetName.IMAGES, ImagesConfig.SECTION, DatasetConfig::images);

  static final Child<DatasetConfig, MultiDigitConfig> MULTIDIGIT =
      Child.usedWhen(NAME, DatasetName.MNIST_MULTIDIGIT, MultiDigitConfig.SECTION,
          DatasetConfig::multidigit);

  static final Section<DatasetConfig> SECTION =
      Section.of(
          "dataset",
          "the data set and how it is split into private, query and held-out examples",
          List.of(NAME, DATA_DIR, QUERY_POOL, VALIDATION, PRIVATE_LIMIT, CSV, IMAGES, MULTIDIGIT),
          v ->
              new DatasetConfig(
                  v.get(NAME),
                  v.find(DATA_DIR),
                  v.get(QUERY_POOL),
                  v.get(VALIDATION),
                  v.findInt(PRIVATE_LIMIT),
                  v.find(CSV),
                  v.find(IMAGES),
                  v.find(MULTIDIGIT)));

  /**
   * Whether each example carries a label set rather than one class: the multi-digit benchmark, a
   * CSV table with label columns ({@code csv.labels}) or images with labels files ({@code
   * images.labels}).
   */
  public boolean multiLabel() {
    return name == DatasetName.MNIST_MULTIDIGIT || csv.map(CsvConfig::multiLabel).orElse(false)
        || images.map(ImagesConfig::multiLabel).orElse(false);
  }

  /**
   * The label names of multi-label data, in bit order: the digits of the benchmark, or the label
   * columns of a table or of images' labels files.
   *
   * @throws IllegalStateException for single-label data
   */
  public List<String> labelNames() {
    if (name == DatasetName.MNIST_MULTIDIGIT) {
      return java.util.stream.IntStream.range(0, MultiDigitConfig.LABELS)
          .mapToObj(Integer::toString).toList();
    }
    if (!multiLabel()) {
      throw new IllegalStateException("dataset.name: " + name.id() + " is single-label data");
    }
    return csv.map(CsvConfig::labels).orElseGet(() -> images.orElseThrow().labels());
  }

  /**
   * Checks for nulls, and that {@code csv} and {@code images} are present exactly for the csv and
   * images data sets.
   */
  public DatasetConfig {
    requireNonNull(name, "name");
    requireNonNull(dataDir, "dataDir");
    requireNonNull(privateLimit, "privateLimit");
    requireNonNull(csv, "csv");
    requireNonNull(images, "images");
    requireNonNull(multidigit, "multidigit");
    if (validation < 0) {
      throw new IllegalArgumentException("validation: " + validation + " is not >= 0");
    }
    if (csv.isPresent() != (name == DatasetName.CSV)) {
      throw new IllegalArgumentException(
          "csv: " + (csv.isPresent() ? "must be empty" : "required") + " for data set "
              + name.id());
    }
    if (images.isPresent() != (name == DatasetName.IMAGES)) {
      throw new IllegalArgumentException(
          "images: " + (images.isPresent() ? "must be empty" : "required") + " for data set "
              + name.id());
    }
    if (multidigit.isPresent() != (name == DatasetName.MNIST_MULTIDIGIT)) {
      throw new IllegalArgumentException(
          "multidigit: " + (multidigit.isPresent() ? "must be empty" : "required")
              + " for data set " + name.id());
    }
  }
}
