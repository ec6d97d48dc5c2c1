package dev.pate.pipeline.multilabel;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import dev.pate.aggregator.votes.RowSelection;
import dev.pate.datasets.Dataset;
import dev.pate.datasets.csv.CsvFile;
import dev.pate.datasets.csv.CsvLabels;
import dev.pate.datasets.csv.CsvSchema;
import dev.pate.datasets.csv.EncodedRows;
import dev.pate.datasets.csv.TableEncoding;
import dev.pate.datasets.csv.TableLoader;
import dev.pate.datasets.images.ImageShaper;
import dev.pate.datasets.images.MultiLabelFolders;
import dev.pate.datasets.multilabel.MultiLabelExamples;
import dev.pate.datasets.multilabel.MultiLabelTable;
import dev.pate.ensemble.multilabel.MultiLabelNetwork;
import dev.pate.ensemble.nn.NativeThreads;
import dev.pate.files.UserError;
import dev.pate.pipeline.output.Json;
import dev.pate.pipeline.release.ReleaseManifest;
import dev.pate.pipeline.release.ReleaseWriter;
import dev.pate.pipeline.release.ReleasedModel;
import dev.pate.student.multilabel.MultiLabelMetrics;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.stream.IntStream;
import org.deeplearning4j.nn.multilayer.MultiLayerNetwork;

/**
 * A released multi-label student ({@link MultiLabelRelease}), loaded from its release folder: the
 * model checked against the sha256 in release.json, its labels, and its input (images of one
 * shape, or CSV rows encoded with the encoding the run fitted on its public pool). Reads labelled
 * examples as the run read them and scores the student's predicted label sets on them ({@link
 * MultiLabelMetrics}), for {@code pate evaluate}.
 *
 * <pre>{@code
 * ReleasedMultiLabelModel model = ReleasedMultiLabelModel.load(Path.of("runs/t/<stamp>/release"));
 * MultiLabelEvaluation e = model.evaluate(model.read(Path.of("public.csv"), Optional.empty(),
 *     RowSelection.parse("2000:3000"), 0), "public.csv", 0);
 * }</pre>
 */
public final class ReleasedMultiLabelModel {

  /** release.json's {@code kind} for a multi-label release. */
  public static final String KIND = "multi-label";

  /** The format this code writes into a multi-label release.json and reads. */
  public static final String FORMAT = "pate-multi-label-release-1";

  private final Path manifestFile;
  private final List<String> labels;
  private final ReleaseManifest.Input input;
  private final MultiLabelNetwork network;
  private final ReleaseManifest.Pool pool;

  private ReleasedMultiLabelModel(Path manifestFile, List<String> labels,
      ReleaseManifest.Input input,
      MultiLabelNetwork network, ReleaseManifest.Pool pool) {
    this.manifestFile = manifestFile;
    this.labels = List.copyOf(labels);
    this.input = input;
    this.network = network;
    this.pool = pool;
  }

  /**
   * Whether {@code folder} holds a multi-label release: its release.json says {@code kind:
   * multi-label}. False for anything else, a folder without release.json or a file that is not
   * JSON included: {@link ReleasedModel#load} then says what is wrong with it.
   */
  public static boolean isMultiLabel(Path folder) {
    Path file = folder.resolve(ReleaseWriter.MANIFEST);
    if (!Files.isRegularFile(file)) {
      return false;
    }
    try {
      return KIND.equals(Json.mapper().readTree(file.toFile()).path("kind").asText());
    } catch (IOException e) {
      return false;
    }
  }

  /**
   * Loads the multi-label release in {@code folder}.
   *
   * @throws UserError (one line naming release.json's key or the model file) if the release is
   *     not one this code reads, or its model is missing, changed or not one sigmoid per label
   */
  public static ReleasedMultiLabelModel load(Path folder) {
    Path file = folder.resolve(ReleaseWriter.MANIFEST);
    JsonNode manifest;
    try {
      manifest = Json.mapper().readTree(file.toFile());
    } catch (IOException e) {
      throw new UserError(file + ": not a release manifest (" + e.getMessage() + ")", e);
    }
    if (!FORMAT.equals(manifest.path("format").asText(null))) {
      throw new UserError(file + ": format " + manifest.path("format").asText(null)
          + ", this pate reads " + FORMAT + " (a multi-label release written before pate"
          + " evaluate read them: release its run again)");
    }
    List<String> labels = new ArrayList<>();
    manifest.path("labels").forEach(l -> labels.add(l.asText()));
    if (labels.isEmpty() || labels.size() > CsvLabels.MultiHot.MAX_LABELS) {
      throw new UserError(file + ": labels: " + labels + ", expected 1 to "
          + CsvLabels.MultiHot.MAX_LABELS + " label names");
    }
    ReleaseManifest.Input input;
    try {
      // Beside the fields a single-label release's input has, a multi-label one says its shape
      // (and the canvases' layout) in words.
      input = Json.mapper().reader().without(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
          .treeToValue(manifest.path("input"), ReleaseManifest.Input.class);
    } catch (IOException | IllegalArgumentException e) {
      throw new UserError(file + ": input: " + e.getMessage(), e);
    }
    if (input == null || input.kind() == null || input.kind().equals(
        ReleaseManifest.Input.FEATURES)) {
      throw new UserError(file + ": input.kind: expected image or table");
    }
    Optional<String> problem = input.problem();
    if (problem.isPresent()) {
      throw new UserError(file + ": " + problem.get());
    }
    String modelName = manifest.at("/model/file").asText(null);
    String expectedSha256 = manifest.at("/model/sha256").asText(null);
    if (modelName == null || expectedSha256 == null) {
      throw new UserError(file + ": model.file and model.sha256 are required");
    }
    ReleaseManifest.Pool pool = null;
    if (manifest.has("pool")) {
      try {
        pool = Json.mapper().treeToValue(manifest.get("pool"), ReleaseManifest.Pool.class);
      } catch (IOException | IllegalArgumentException | NullPointerException e) {
        throw new UserError(file + ": pool: expected first, end and sha256 (" + e.getMessage()
            + ")", e);
      }
    }
    MultiLayerNetwork restored = ReleasedModel.restore(folder, modelName, expectedSha256);
    try {
      return new ReleasedMultiLabelModel(file, labels, input,
          MultiLabelNetwork.of(restored, labels.size()), pool);
    } catch (IllegalArgumentException e) {
      throw new UserError(folder.resolve(modelName) + ": " + e.getMessage() + " (" + file
          + " names " + labels.size() + ")", e);
    }
  }

  /**
   * The student's query pool (positions in the run's public file or folder, and its hashes), or
   * empty for the generated canvases, which have no file.
   */
  public Optional<ReleaseManifest.Pool> pool() {
    return Optional.ofNullable(pool);
  }

  /** The label names, in the order of the model's outputs. */
  public List<String> labels() {
    return labels;
  }

  /**
   * Labelled examples read as the run read its data.
   *
   * @param examples the examples with their label sets
   * @param positions each one's position in its file: CSV record number, or image index in the
   *     folder's path order
   * @param dropped CSV records in the rows asked for that were dropped for a missing value; 0 for
   *     images
   * @param warnings what the reader of the scores should know, one line each (a category the
   *     training never saw)
   */
  public record Examples(MultiLabelExamples examples, int[] positions, int dropped,
      List<String> warnings) {
    public Examples {
      Objects.requireNonNull(examples, "examples");
      positions = positions.clone();
      warnings = List.copyOf(warnings);
    }

    @Override
    public int[] positions() {
      return positions.clone();
    }
  }

  /**
   * Reads labelled examples from {@code input}: for an image model, a folder of PNG or JPEG
   * images with {@code labelsFile} (a {@code path} column and one 0/1 column per label), resized
   * and converted as the run's images were, otherwise required to have the model's shape; for a
   * table model, a CSV file with the run's columns and one 0/1 column per label.
   *
   * @param rows positions to read: CSV record numbers, or image indices in path order
   * @param skipLines CSV: lines to skip at the top of the file
   * @throws UserError (one line naming the file and line, or the option) for data that does not
   *     match the release: a missing label column or feature column, an image of another shape, a
   *     row or image without its label set
   */
  public Examples read(Path input, Optional<Path> labelsFile, RowSelection rows, int skipLines) {
    Objects.requireNonNull(rows, "rows");
    return this.input.kind().equals(ReleaseManifest.Input.TABLE)
        ? table(input, labelsFile, rows, skipLines) : images(input, labelsFile, rows);
  }

  private Examples table(Path file, Optional<Path> labelsFile, RowSelection rows,
      int skipLines) {
    if (labelsFile.isPresent()) {
      throw new UserError("--labels: a table's label sets are its label columns " + labels
          + "; give the CSV file alone");
    }
    ReleaseManifest.Table table = input.table();
    TableEncoding encoding;
    CsvSchema schema;
    try {
      schema = table.schema(new CsvLabels.MultiHot(labels));
      encoding = table.tableEncoding();
    } catch (IllegalArgumentException | NullPointerException e) {
      throw new UserError(manifestFile + ": input.table." + e.getMessage(), e);
    }
    if (encoding.featureCount() != input.features()) {
      throw new UserError(manifestFile + ": input.table.encoding gives "
          + encoding.featureCount() + " features, input.features says " + input.features());
    }
    EncodedRows encoded;
    try {
      encoded = TableLoader.encode(schema, new CsvFile(file, skipLines), encoding);
    } catch (IllegalArgumentException e) {
      throw new UserError(file + ": " + e.getMessage(), e);
    }
    ReleasedModel.Examples selected = ReleasedModel.rows(encoded, rows, file);
    int[] masks = selected.labels();
    List<List<String>> ids = new ArrayList<>(masks.length);
    for (int i = 0; i < masks.length; i++) {
      if (masks[i] == Dataset.UNLABELLED) {
        throw new UserError(file + ": record " + selected.positions()[i] + " (counting from 0"
            + " after the skipped lines and the header) has no label set (a label column is"
            + " empty or missing); evaluate needs every row's label set");
      }
      ids.add(List.of(file.getFileName() + "#" + selected.positions()[i]));
    }
    MultiLabelTable examples = new MultiLabelTable(String.valueOf(file.getFileName()),
        encoding.featureNames(), selected.features().data().asFloat(), masks, labels, ids);
    return new Examples(examples, selected.positions(), selected.dropped(),
        selected.warnings());
  }

  private Examples images(Path folder, Optional<Path> labelsFile, RowSelection rows) {
    if (labelsFile.isEmpty()) {
      throw new UserError("--labels: required for a multi-label image model: the folder's"
          + " labels file (a path column and one 0/1 column per label: " + labels + ")");
    }
    if (!Files.isDirectory(folder)) {
      throw new UserError(folder + ": not a folder; a multi-label image model reads a folder of"
          + " PNG or JPEG images with its labels file (--labels)");
    }
    ImageShaper shaper = ImageShaper.expecting(input.imageShape(), input.imageConversion(),
        "the model's input");
    MultiLabelFolders.Folder read = MultiLabelFolders.read(
        new MultiLabelFolders.Source(folder, labelsFile.get()), labels, shaper);
    int from = rows.from();
    int to = ReleasedModel.end(rows, read.images().size(), folder);
    int[] positions = IntStream.range(from, to).toArray();
    return new Examples(read.images().subset(read.images().name(), positions), positions, 0,
        List.of());
  }

  /**
   * The student's predicted label sets on {@code examples} (a label where its sigmoid is above
   * one half, as the run predicted) scored against their label sets.
   *
   * @param input where the examples came from, named in the evaluation
   * @param poolRows of the examples, those the student learnt from ({@link
   *     dev.pate.pipeline.release.PoolRows})
   */
  public MultiLabelEvaluation evaluate(Examples examples, String input, int poolRows) {
    int[] predicted;
    try (NativeThreads.Scope cores = NativeThreads.allCores()) {
      predicted = network.predict(examples.examples());
    }
    return new MultiLabelEvaluation(input, labels, examples.dropped(), poolRows,
        MultiLabelMetrics.of(labels.size(), predicted, examples.examples().labelMasks()));
  }
}
