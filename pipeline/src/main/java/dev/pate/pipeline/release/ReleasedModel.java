package dev.pate.pipeline.release;

import dev.pate.aggregator.votes.RowSelection;
import dev.pate.datasets.ImageDataset;
import dev.pate.datasets.csv.CsvFile;
import dev.pate.datasets.csv.CsvLabels;
import dev.pate.datasets.csv.CsvSchema;
import dev.pate.datasets.csv.EncodedRows;
import dev.pate.datasets.csv.TableEncoding;
import dev.pate.datasets.csv.TableLoader;
import dev.pate.datasets.files.Checksums;
import dev.pate.datasets.images.ImageShaper;
import dev.pate.datasets.images.ImageSource;
import dev.pate.datasets.images.LoadedImages;
import dev.pate.ensemble.nn.Classifiers;
import dev.pate.ensemble.nn.NativeThreads;
import dev.pate.ensemble.nn.OneDnn;
import dev.pate.ensemble.nn.Tensors;
import dev.pate.files.UserError;
import dev.pate.pipeline.output.Json;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.stream.IntStream;
import org.deeplearning4j.nn.multilayer.MultiLayerNetwork;
import org.deeplearning4j.util.ModelSerializer;
import org.nd4j.linalg.api.buffer.DataType;
import org.nd4j.linalg.api.ndarray.INDArray;
import org.nd4j.linalg.factory.Nd4j;

/**
 * A released student, loaded from its release folder: the model checked against the sha256 in
 * release.json, and the input format that release.json describes. Reads input files as the
 * training did (IDX images scaled the same way, CSV records encoded with the same fitted
 * encoding) and predicts.
 *
 * <pre>{@code
 * ReleasedModel model = ReleasedModel.load(Path.of("runs/mnist-quick/<stamp>/release"));
 * Examples examples = model.read(Path.of("t10k-images-idx3-ubyte.gz"), Optional.empty(),
 *     RowSelection.parse("9000:10000"), 0);
 * Predictions predictions = model.predict(examples);
 * }</pre>
 */
public final class ReleasedModel {
  private final Path folder;
  private final ReleaseManifest manifest;
  private final MultiLayerNetwork network;

  private ReleasedModel(Path folder, ReleaseManifest manifest, MultiLayerNetwork network) {
    this.folder = folder;
    this.manifest = manifest;
    this.network = network;
  }

  /**
   * Loads the release in {@code folder}.
   *
   * @throws UserError (one line) if the folder is not a release, its format is unknown, or the
   *     model file is missing or not the one release.json names
   */
  public static ReleasedModel load(Path folder) {
    Path file = folder.resolve(ReleaseWriter.MANIFEST);
    if (!Files.isRegularFile(file)) {
      throw new UserError(folder + ": not a pate release (no " + ReleaseWriter.MANIFEST
          + "; a run's release is <run folder>/" + ReleaseWriter.FOLDER + ")");
    }
    ReleaseManifest manifest;
    try {
      manifest = Json.read(file, ReleaseManifest.class);
    } catch (RuntimeException e) {
      throw new UserError(file + ": not a release manifest (" + e.getMessage() + ")", e);
    }
    if (!ReleaseManifest.FORMAT.equals(manifest.format())) {
      throw new UserError(file + ": format " + manifest.format() + ", this pate reads "
          + ReleaseManifest.FORMAT);
    }
    if (manifest.model().file() == null || manifest.model().sha256() == null
        || manifest.classes().isEmpty()) {
      throw new UserError(file + ": model.file, model.sha256 and classes are required");
    }
    manifest.input().problem().ifPresent(problem -> {
      throw new UserError(file + ": " + problem);
    });
    return new ReleasedModel(folder, manifest,
        restore(folder, manifest.model().file(), manifest.model().sha256()));
  }

  /**
   * The model {@code file} of the release in {@code folder}, checked against the {@code sha256}
   * release.json names and restored; shared with multi-label releases.
   *
   * @throws UserError (one line naming the file) if it is missing, changed or not a DL4J model
   */
  public static MultiLayerNetwork restore(Path folder, String file, String sha256) {
    Path model = folder.resolve(file);
    if (!Files.isRegularFile(model)) {
      throw new UserError(model + ": missing; the release names it as its model");
    }
    String actual = Checksums.sha256(model);
    if (!actual.equals(sha256)) {
      throw new UserError(model + ": sha256 " + actual + " is not the " + sha256
          + " that " + ReleaseWriter.MANIFEST + " names (the model was changed or damaged)");
    }
    OneDnn.enable();
    try {
      return ModelSerializer.restoreMultiLayerNetwork(model.toFile(), false);
    } catch (IOException | RuntimeException e) {
      throw new UserError(model + ": not a DL4J model (" + e.getMessage() + ")", e);
    }
  }

  public Path folder() {
    return folder;
  }

  public ReleaseManifest manifest() {
    return manifest;
  }

  /** The network itself, as DL4J's {@code ModelSerializer} restored it. */
  public MultiLayerNetwork network() {
    return network;
  }

  public List<String> classes() {
    return manifest.classes();
  }

  /**
   * Input examples read from a file, as the model takes them.
   *
   * @param features {@code n x features} floats
   * @param positions each example's position in its file (image index, or CSV record number),
   *     or in a folder's files in path order
   * @param labels each example's class, {@link dev.pate.datasets.Dataset#UNLABELLED} (-1) where
   *     unknown
   * @param dropped CSV records dropped for a missing value (policy drop); 0 for images
   * @param files a folder's images: each example's file, relative to the folder; null otherwise
   * @param warnings what the reader of the predictions should know, one line each: a category
   *     the training never saw (encoded as all zeros), named once per column
   */
  public record Examples(INDArray features, int[] positions, int[] labels, int dropped,
      List<String> files, List<String> warnings) {
    public int size() {
      return positions.length;
    }

    /** Whether every example has a label. */
    public boolean labelled() {
      return Arrays.stream(labels).allMatch(l -> l >= 0);
    }
  }

  /**
   * The class of each example with its probability, and all probabilities.
   *
   * @param classes the predicted class of each example (index into {@link #classes()})
   * @param probabilities {@code probabilities[i][k]}: of class k for example i
   */
  public record Predictions(int[] classes, double[][] probabilities) {
    public Predictions {
      classes = classes.clone();
      probabilities = copy(probabilities);
    }

    /** The predicted class of example {@code i}. */
    public int classOf(int i) {
      return classes[i];
    }

    /** The probability of each class for example {@code i} (a copy). */
    public double[] probabilitiesOf(int i) {
      return probabilities[i].clone();
    }

    public double confidence(int i) {
      return probabilities[i][classes[i]];
    }

    /** A copy. */
    @Override
    public int[] classes() {
      return classes.clone();
    }

    /** A copy. */
    @Override
    public double[][] probabilities() {
      return copy(probabilities);
    }

    private static double[][] copy(double[][] rows) {
      double[][] out = new double[rows.length][];
      for (int i = 0; i < rows.length; i++) {
        out[i] = rows[i].clone();
      }
      return out;
    }
  }

  /** The model's class probabilities and predictions for {@code examples}. */
  public Predictions predict(Examples examples) {
    return predict(examples.features());
  }

  /**
   * The model's class probabilities and predictions for rows of input ({@code n x features}
   * floats, as release.json's input says), computed in the same batches as the held-out
   * evaluation of the run, so that the same rows get the very same predictions.
   */
  public Predictions predict(INDArray features) {
    if (features.columns() != manifest.input().features()) {
      throw new UserError("input: " + features.columns() + " features per row, the model takes "
          + manifest.input().features());
    }
    try (NativeThreads.Scope cores = NativeThreads.allCores()) {
      INDArray probabilities = Classifiers.probabilities(network, features);
      return new Predictions(Classifiers.argMaxRows(probabilities),
          probabilities.toDoubleMatrix());
    }
  }

  /**
   * Reads examples from {@code input}: for an image model a folder of PNG or JPEG images (one
   * sub-folder per class gives labels), a {@code .npy} array or IDX images (gzipped or not), with
   * labels from {@code labels} (a {@code .npy} or IDX label file) if given; a CSV file with the
   * training's columns for a table model, with labels from its label column where present.
   *
   * @param rows positions in the file (image indices, or CSV record numbers) to read
   * @param skipLines CSV: lines to skip at the top (a junk line before the header)
   */
  public Examples read(Path input, Optional<Path> labels, RowSelection rows, int skipLines) {
    Objects.requireNonNull(rows, "rows");
    return switch (manifest.input().kind()) {
      case ReleaseManifest.Input.IMAGE -> images(input, labels, rows);
      case ReleaseManifest.Input.TABLE -> {
        if (labels.isPresent()) {
          throw new UserError("--labels: a table's labels are its label column '"
              + manifest.input().table().label() + "'; give the CSV file alone");
        }
        yield table(input, rows, skipLines);
      }
      default -> throw new UserError(folder + ": the model takes rows of features given in"
          + " code (release.json input.kind " + manifest.input().kind() + "); predict from"
          + " Java with predict(features)");
    };
  }

  /**
   * Images as the run read them: a folder of PNG or JPEG files (images alone, or one sub-folder
   * per class, which gives the labels), a {@code .npy} array or IDX images (labels from {@code
   * labelFile}); each resized and converted as the run's images were, otherwise required to have
   * the model's shape.
   */
  private Examples images(Path input, Optional<Path> labelFile, RowSelection rows) {
    ImageShaper shaper = ImageShaper.expecting(manifest.input().imageShape(),
        manifest.input().imageConversion(), "the model's input");
    boolean folderInput = Files.isDirectory(input);
    if (folderInput && labelFile.isPresent()) {
      throw new UserError("--labels: a folder's labels are its class sub-folders; give the"
          + " folder alone");
    }
    ImageSource source = folderInput ? new ImageSource.Folder(input)
        : new ImageSource.Arrays(input, labelFile);
    LoadedImages loaded = source.load(classes(), false, "the input", shaper);
    ImageDataset all = loaded.data();
    int from = rows.from();
    int to = end(rows, all.size(), input);
    ImageDataset selected = all.range(all.name(), from, to);
    return new Examples(Tensors.features(selected), IntStream.range(from, to).toArray(),
        selected.labels(), 0, folderInput ? loaded.names().subList(from, to).stream()
            .map(name -> input.relativize(Path.of(name)).toString().replace('\\', '/'))
            .toList() : null, List.of());
  }

  private Examples table(Path input, RowSelection rows, int skipLines) {
    ReleaseManifest.Table t = manifest.input().table();
    EncodedRows encoded;
    try {
      encoded = TableLoader.encode(schema(t), new CsvFile(input, skipLines), encoding(t));
    } catch (IllegalArgumentException e) {
      throw new UserError(input + ": " + e.getMessage(), e);
    }
    return rows(encoded, rows, input);
  }

  /**
   * The records of {@code encoded} (read from {@code input}) in {@code rows}, as examples: their
   * labels are whatever the schema read ({@code -1} where missing; for a multi-label table, each
   * row's label set as a bit mask). Shared with multi-label releases, which read tables the same
   * way.
   *
   * @throws UserError if no record of the file is in {@code rows}
   */
  public static Examples rows(EncodedRows encoded, RowSelection rows, Path input) {
    int to = rows.to() == RowSelection.OPEN_END ? Integer.MAX_VALUE : rows.to();
    List<Integer> keep = new ArrayList<>();
    for (int r = 0; r < encoded.rows(); r++) {
      int record = encoded.records()[r];
      if (record >= rows.from() && record < to) {
        keep.add(r);
      }
    }
    if (keep.isEmpty()) {
      throw new UserError(input + ": no record in rows " + rows + " (" + encoded.summary().records()
          + " records, " + encoded.summary().kept() + " without a missing value)");
    }
    int width = encoded.featureCount();
    float[] features = new float[keep.size() * width];
    int[] positions = new int[keep.size()];
    int[] labels = new int[keep.size()];
    for (int i = 0; i < keep.size(); i++) {
      int r = keep.get(i);
      System.arraycopy(encoded.features(), r * width, features, i * width, width);
      positions[i] = encoded.records()[r];
      labels[i] = encoded.labels()[r];
    }
    int dropped = droppedIn(encoded, rows.from(), to);
    return new Examples(Nd4j.create(features, new long[] {keep.size(), width}, DataType.FLOAT),
        positions, labels, dropped, null, unseenWarnings(encoded));
  }

  /** One warning per column with a category the encoding does not know, naming the first. */
  private static List<String> unseenWarnings(EncodedRows encoded) {
    return encoded.firstUnseen().entrySet().stream()
        .map(e -> "column '" + e.getKey() + "': category '" + e.getValue() + "' (and "
            + encoded.unseen().get(e.getKey()) + " record(s) in all) was never seen in training;"
            + " encoded as all zeros, which the model has never seen either")
        .toList();
  }

  /** Records in [from, to) that reading dropped (they are not among the kept records). */
  private static int droppedIn(EncodedRows encoded, int from, int to) {
    int last = Math.min(to, encoded.summary().records());
    int keptInRange = (int) Arrays.stream(encoded.records())
        .filter(r -> r >= from && r < to).count();
    return Math.max(0, last - from - keptInRange);
  }

  private CsvSchema schema(ReleaseManifest.Table t) {
    try {
      return t.schema(new CsvLabels.OneClass(t.label(), classes(),
          Optional.ofNullable(t.stripLabelSuffix())));
    } catch (IllegalArgumentException e) {
      throw new UserError(folder.resolve(ReleaseWriter.MANIFEST) + ": input.table."
          + e.getMessage(), e);
    }
  }

  private TableEncoding encoding(ReleaseManifest.Table t) {
    TableEncoding encoding = t.tableEncoding();
    if (encoding.featureCount() != manifest.input().features()) {
      throw new UserError(folder.resolve(ReleaseWriter.MANIFEST) + ": input.table.encoding gives "
          + encoding.featureCount() + " features, input.features says "
          + manifest.input().features());
    }
    return encoding;
  }

  /**
   * The end of {@code rows} among {@code size} examples of {@code input} (the open end is the
   * last), shared with multi-label releases.
   *
   * @throws UserError if the rows are not within the examples
   */
  public static int end(RowSelection rows, int size, Path input) {
    int end = rows.to() == RowSelection.OPEN_END ? size : rows.to();
    if (end > size || rows.from() >= end) {
      throw new UserError("--rows: " + rows + " is not within the " + size + " examples of "
          + input + " (rows 0:" + size + ")");
    }
    return end;
  }
}
