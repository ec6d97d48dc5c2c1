package dev.pate.pipeline.data;

import dev.pate.config.RunConfig;
import dev.pate.datasets.Dataset;
import dev.pate.datasets.ImageDatasets;
import dev.pate.datasets.TrainTest;
import dev.pate.datasets.csv.CsvSchema;
import dev.pate.datasets.csv.TableEncoding;
import dev.pate.datasets.files.DataDirectory;
import dev.pate.datasets.images.ImageConversion;
import dev.pate.datasets.split.PublicSplit;
import dev.pate.ensemble.nn.Architecture;
import dev.pate.files.UserError;
import dev.pate.student.StudentMethod;
import java.util.List;
import java.util.Objects;

/**
 * The run's data, whatever its kind: the private set the teachers share out, the public split the
 * queries and the evaluation come from, and what the report says about them. The one place that
 * decides between an image dataset and CSV tables; every later stage sees only {@link Dataset}s.
 *
 * @param name what the report calls the data: the built-in dataset's name, {@code csv}, {@code
 *     images} (the user's own), or the source of data given in code
 * @param privateSet the private data (training images, or the private CSV file's rows)
 * @param publicSplit the public data: query pool and held-out evaluation set
 * @param dataDir the folder of an image dataset; null for CSV
 * @param tables how the public CSV file was read and how rows are encoded; null for images
 * @param privateTable what reading the private CSV file found (private figures); null for images
 * @param encoding a CSV run: how a raw record becomes the networks' input (the schema, and the
 *     encoding fitted on the public pool); null otherwise
 * @param images a run on images of the user's own: their classes, how they were made one shape
 *     and the sources read; null otherwise
 */
public record RunData(String name, Dataset privateSet, PublicSplit publicSplit, String dataDir,
    TablesReport tables, PrivateTable privateTable, Encoding encoding, Images images) {

  /**
   * Images of the user's own.
   *
   * @param classes the class names, in label order
   * @param conversion how every image was made one shape (a released model's input repeats it)
   * @param sources each source read: role ({@code private}, {@code public}, {@code eval}), name
   *     and content hash
   */
  public record Images(List<String> classes, ImageConversion conversion,
      List<SourceFile> sources) {}

  /**
   * One source of data a run read.
   *
   * @param role {@code private}, {@code public} or {@code eval}
   * @param name the file's or folder's name, without the folders it is in
   * @param sha256 its content's hash (a folder's: over its files' paths and hashes)
   */
  public record SourceFile(String role, String name, String sha256) {}

  /** How a CSV record becomes the networks' input: what a released model needs with it. */
  public record Encoding(CsvSchema schema, TableEncoding table) {}

  /**
   * Statistics of the private CSV file, for the report's private figures.
   *
   * @param file what reading it found
   * @param unseenCategories per categorical column, rows whose category is not in the vocabulary
   */
  public record PrivateTable(dev.pate.datasets.csv.FileSummary file,
      java.util.Map<String, Integer> unseenCategories) {}


  public RunData {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(privateSet, "privateSet");
    Objects.requireNonNull(publicSplit, "publicSplit");
  }

  /**
   * Data given in code instead of the config's {@code dataset} section: any {@link Dataset}s,
   * images or encoded tables. They are partitioned and checked for disjointness like built-in
   * data.
   *
   * @throws IllegalArgumentException if the sets disagree on the classes or the features
   */
  public static RunData of(Dataset privateSet, PublicSplit publicSplit) {
    for (Dataset set : List.of(publicSplit.pool(), publicSplit.holdout())) {
      if (set.numClasses() != privateSet.numClasses()) {
        throw new IllegalArgumentException("data: " + set.name() + " has " + set.numClasses()
            + " classes, the private set " + privateSet.numClasses());
      }
      if (set.featureCount() != privateSet.featureCount()) {
        throw new IllegalArgumentException("data: " + set.name() + " has " + set.featureCount()
            + " features per example, the private set " + privateSet.featureCount());
      }
    }
    privateSet.requireLabelled("the private set");
    publicSplit.holdout().requireLabelled("the held-out evaluation set");
    return new RunData(privateSet.source(), privateSet, publicSplit, null, null, null, null,
        null);
  }

  /**
   * Loads the data {@code config.dataset()} names, through {@code dataDirectory}, with the
   * validation split of {@code dataset.validation} carved from the pool.
   */
  public static RunData load(RunConfig config, DataDirectory dataDirectory) {
    return loadSplit(config, dataDirectory).withValidation(config.dataset().validation());
  }

  /**
   * The same data with the last {@code size} pool examples set aside as the validation split
   * ({@link PublicSplit#withValidation}); they must have true labels, which is what they are for.
   */
  RunData withValidation(int size) {
    if (size == 0) {
      return this;
    }
    if (size >= publicSplit.pool().size()) {
      throw new UserError("dataset.validation: " + size + " is not < the query pool's "
          + publicSplit.pool().size() + " examples; the pool keeps at least one");
    }
    PublicSplit split = publicSplit.withValidation(size);
    if (split.validation().labelledCount() < size) {
      throw new UserError("dataset.validation: " + (size - split.validation().labelledCount())
          + " of the last " + size + " query pool examples have no label; the validation split"
          + " measures the student, so its examples need their true labels");
    }
    return new RunData(name, privateSet, split, dataDir, tables, privateTable, encoding, images);
  }

  private static RunData loadSplit(RunConfig config, DataDirectory dataDirectory) {
    var dataset = config.dataset();
    if (dataset.multiLabel()) {
      throw new UserError("dataset.name: " + dataset.name().id() + " with label sets is"
          + " multi-label data, which only pate run reads (PatePipeline.runMultiLabel)");
    }
    if (dataset.csv().isPresent()) {
      requireTableSettings(config);
      return CsvData.load(dataset.csv().get(), dataset.queryPool(), dataDirectory);
    }
    if (dataset.images().isPresent()) {
      return ImageData.load(dataset.images().get(), dataset.queryPool(), dataDirectory);
    }
    String name = dataset.name().id();
    TrainTest images = ImageDatasets.load(name, dataDirectory);
    return new RunData(name, images.train(), PublicSplit.of(images.test(), dataset.queryPool()),
        dataDirectory.locate(name).toString(), null, null, null, null);
  }

  /** Tables have no pixels: no convolutions and no image augmentation, self-training included. */
  private static void requireTableSettings(RunConfig config) {
    if (config.teachers().network().architecture() == Architecture.CNN) {
      throw new UserError("teachers.network.architecture: cnn needs images; dataset.name is csv,"
          + " use mlp");
    }
    if (config.student().network().architecture() == Architecture.CNN) {
      throw new UserError("student.network.architecture: cnn needs images; dataset.name is csv,"
          + " use mlp");
    }
    if (!config.teachers().augment().isEmpty()) {
      throw new UserError("teachers.augment: " + config.teachers().augment().get(0).id()
          + " augments images; dataset.name is csv, use []");
    }
    if (!config.student().augment().isEmpty()) {
      throw new UserError("student.augment: " + config.student().augment().get(0).id()
          + " augments images; dataset.name is csv, use []");
    }
    config.teachers().selfTraining().filter(t -> !t.strongAugment().isEmpty()).ifPresent(t -> {
      throw new UserError("teachers.self_training.strong_augment: "
          + t.strongAugment().get(0).id() + " augments images; dataset.name is csv, use []"
          + " (self-training on table rows pseudo-labels them as they are)");
    });
    if (config.student().method() == StudentMethod.SELF_TRAINING
        && !config.student().selfTraining().strongAugment().isEmpty()) {
      throw new UserError("student.self_training.strong_augment: "
          + config.student().selfTraining().strongAugment().get(0).id()
          + " augments images; dataset.name is csv, use [] (self-training on table rows"
          + " pseudo-labels them as they are)");
    }
  }
}
