package dev.pate.pipeline.release;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.pate.datasets.ImageShape;
import dev.pate.datasets.csv.ColumnEncoding;
import dev.pate.datasets.csv.CsvLabels;
import dev.pate.datasets.csv.CsvSchema;
import dev.pate.datasets.csv.MissingPolicy;
import dev.pate.datasets.csv.Scaling;
import dev.pate.datasets.csv.StatSource;
import dev.pate.datasets.csv.TableEncoding;
import dev.pate.datasets.images.ImageConversion;
import dev.pate.pipeline.report.Provenance;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * release.json: what a released student expects and what it promises. Written beside the model
 * (student.zip) in a run's {@code release/} folder; everything in it is public information, the
 * config, or a function of the released answers and public data: no figure of the private data
 * that no charge paid for.
 *
 * @param format {@value #FORMAT}
 * @param model the model file and what it is
 * @param input how a raw example becomes the model's input row
 * @param classes class names, in the order of the model's outputs
 * @param evaluation the student's accuracy on held-out public examples
 * @param privacy the privacy statement, to be published with the model
 * @param provenance which code, platform, config and public data files produced it ({@link
 *     Provenance#published()}: no private file's hash); null in a release written before it
 */
public record ReleaseManifest(String format, Model model, Input input, List<String> classes,
    Evaluation evaluation, Privacy privacy,
    @JsonInclude(JsonInclude.Include.NON_NULL) Provenance provenance) {

  /** The format this code writes and reads. */
  public static final String FORMAT = "pate-release-1";

  public ReleaseManifest {
    Objects.requireNonNull(format, "format");
    Objects.requireNonNull(model, "model");
    Objects.requireNonNull(input, "input");
    classes = List.copyOf(classes);
    Objects.requireNonNull(evaluation, "evaluation");
    Objects.requireNonNull(privacy, "privacy");
  }

  /**
   * @param file the model's file in the release folder
   * @param format how to load it
   * @param sha256 the file's sha256
   * @param network the network ({@code cnn}, {@code mlp}, {@code custom})
   * @param method how the student was trained ({@code supervised}, {@code self-training})
   * @param weightAverage whether the released weights are a moving average of the trained ones
   * @param students how many students trained alike from different seeds the network joins
   *     ({@code student.ensemble}: each hidden layer that many times as wide, the logits their
   *     mean); null (left out) for one student
   */
  public record Model(String file, String format, String sha256, String network, String method,
      boolean weightAverage, @JsonInclude(JsonInclude.Include.NON_NULL) Integer students) {}

  /**
   * The input: images ({@code kind: image}), encoded table rows ({@code kind: table}), or rows of
   * features given in code ({@code kind: features}).
   *
   * @param features floats per input row
   * @param height images: rows of pixels
   * @param width images: columns of pixels
   * @param channels images: 1 (grey) or 3 (red, green, blue)
   * @param scaling how values become floats and in which order (images: unsigned bytes divided
   *     by 255, channel by channel)
   * @param table tables: the columns and their encoding
   * @param resize images: {@code [height, width]} every image was resized to (bilinear) before it
   *     was used, as an image to predict must be; null: images must have the model's size
   * @param convertChannels images: the channels every image was converted to (grey to colour or
   *     back); null: images must have the model's channels
   */
  public record Input(String kind, int features,
      @JsonInclude(JsonInclude.Include.NON_NULL) Integer height,
      @JsonInclude(JsonInclude.Include.NON_NULL) Integer width,
      @JsonInclude(JsonInclude.Include.NON_NULL) Integer channels,
      String scaling,
      @JsonInclude(JsonInclude.Include.NON_NULL) Table table,
      @JsonInclude(JsonInclude.Include.NON_NULL) List<Integer> resize,
      @JsonInclude(JsonInclude.Include.NON_NULL) Integer convertChannels) {

    /** How an image's bytes become the model's input row. */
    public static final String IMAGE_SCALING = "unsigned bytes (0..255) divided by 255; channel"
        + " by channel (red, green, blue planes for colour), each row-major";

    public static final String IMAGE = "image";
    public static final String TABLE = "table";
    public static final String FEATURES = "features";

    /**
     * What a hand-edited or damaged release.json lacks for its kind of input (the key and what
     * was expected), or empty: checked when a release is loaded, so that reading examples never
     * meets a missing field.
     */
    public Optional<String> problem() {
      if (features < 1) {
        return Optional.of("input.features: " + features + ", expected at least 1");
      }
      if (IMAGE.equals(kind)) {
        if (height == null || height < 1 || width == null || width < 1) {
          return Optional.of("input.height and input.width: expected whole numbers >= 1");
        }
        if (channels == null || (channels != 1 && channels != 3)) {
          return Optional.of("input.channels: " + channels + ", expected 1 or 3");
        }
        if (resize != null && (resize.size() != 2 || resize.contains(null))) {
          return Optional.of("input.resize: " + resize + ", expected [height, width]");
        }
        return Optional.empty();
      }
      if (TABLE.equals(kind)) {
        if (table == null || table.encoding() == null || table.encoding().stream().anyMatch(
            c -> c == null || c.column() == null || c.kind() == null || c.source() == null)) {
          return Optional.of("input.table: expected the table's columns and their encoding"
              + " (column, kind and source of each)");
        }
        return Optional.empty();
      }
      return FEATURES.equals(kind) ? Optional.empty()
          : Optional.of("input.kind: " + kind + ", expected image, table or features");
    }

    /**
     * An image's shape as the model takes it; for image input ({@link #problem()} found nothing
     * wrong).
     */
    public ImageShape imageShape() {
      return new ImageShape(channels == null ? 1 : channels, height, width);
    }

    /** How an image to predict is resized and converted, as the run's images were. */
    public ImageConversion imageConversion() {
      return new ImageConversion(
          Optional.ofNullable(resize).map(r -> new ImageConversion.Size(r.get(0), r.get(1))),
          convertChannels == null ? OptionalInt.empty() : OptionalInt.of(convertChannels));
    }
  }

  /**
   * A table's records as the student was trained on them: how the CSV is read (as in the run's
   * {@code dataset.csv} block) and how each column is encoded (fitted on the public pool or fixed
   * in the schema, never on private rows).
   *
   * @param columns the column names of a file without a header; null: the first record is the
   *     header, and columns are found by name
   * @param missingPolicy {@code drop}: a record with a missing value gets no prediction; {@code
   *     category}: missing is a category of its own (a missing number encodes as 0)
   * @param encoding the numeric columns, then the categorical ones, in the order of the input row
   */
  public record Table(List<String> columns, String delimiter, String label,
      String stripLabelSuffix, List<String> categorical, List<String> numeric,
      List<String> ignored, List<String> missing, String missingPolicy, int poolRows,
      List<Column> encoding) {

    /**
     * How to read the table's CSV files, with {@code labels} as its label columns (the class
     * column of a single-label release, the 0/1 columns of a multi-label one).
     *
     * @throws IllegalArgumentException naming the field at fault (a damaged release.json)
     */
    public CsvSchema schema(CsvLabels labels) {
      return new CsvSchema(Optional.ofNullable(columns), delimiter, labels, categorical, numeric,
          ignored, missing, MissingPolicy.valueOf(missingPolicy.toUpperCase(Locale.ROOT)),
          Scaling.NONE, Map.of(), Map.of());
    }

    /** The encoding as the run fitted it, to encode rows to predict exactly as it did. */
    public TableEncoding tableEncoding() {
      List<ColumnEncoding> columns = new ArrayList<>();
      for (Column c : encoding) {
        StatSource source = c.source().equals("schema") ? StatSource.SCHEMA
            : StatSource.PUBLIC_POOL;
        columns.add(c.kind().equals("numeric")
            ? new ColumnEncoding.Numeric(c.column(), c.method(), c.center(), c.scale(), source)
            : new ColumnEncoding.Categorical(c.column(), c.categories(),
                Boolean.TRUE.equals(c.missingSlot()), source));
      }
      return TableEncoding.of(columns, poolRows);
    }
  }

  /**
   * One column's encoding.
   *
   * @param kind {@code numeric}: {@code (x - center) / scale}; {@code categorical}: one-hot over
   *     {@code categories} (an unknown category is all zeros), with a last slot for a missing
   *     value where {@code missingSlot}
   * @param source {@code public pool} or {@code schema}: where its statistics came from
   */
  public record Column(String column, String kind, String method, String source,
      @JsonInclude(JsonInclude.Include.NON_NULL) Double center,
      @JsonInclude(JsonInclude.Include.NON_NULL) Double scale,
      @JsonInclude(JsonInclude.Include.NON_NULL) List<String> categories,
      @JsonInclude(JsonInclude.Include.NON_NULL) Boolean missingSlot) {}

  /**
   * @param examples held-out public examples the accuracy was measured on
   * @param accuracy the released student's accuracy on them
   * @param data which examples they are
   * @param pool the examples the student learnt from, which an evaluation must leave out; null
   *     in a release written before it, or of data given in code (no file to name)
   */
  public record Evaluation(int examples, double accuracy, String data,
      @JsonInclude(JsonInclude.Include.NON_NULL) Pool pool) {}

  /**
   * The student's query pool (its labelled queries and, for self-training, its unlabelled
   * examples): positions {@code first} to {@code end - 1} of the public file, image indices or
   * CSV record numbers as {@code pate evaluate --rows} counts them. {@code pate evaluate} on that
   * file (known by its content) refuses rows among them unless told to allow them.
   *
   * @param sha256 the hashes the public file is known by ({@link Provenance}'s public data)
   */
  public record Pool(int first, int end, List<String> sha256) {
    public Pool {
      sha256 = List.copyOf(sha256);
    }

    /** How many of {@code positions} are pool positions. */
    public int count(int[] positions) {
      return (int) java.util.Arrays.stream(positions).filter(p -> p >= first && p < end).count();
    }
  }

  /**
   * The privacy statement.
   *
   * @param unit what one "record" is
   * @param neighbours the neighbour relation the guarantee is stated for
   * @param mechanism {@code lnmax}, {@code gnmax} or {@code confident-gnmax}
   * @param parameters its noise parameters
   * @param noise the noise drawn
   * @param randomness {@code secure} or {@code seeded}
   * @param guaranteeHolds false for seeded noise, which anyone with the config can replay
   * @param queriesAsked queries put to the teachers
   * @param queriesAnswered of them, answered (the student's labels)
   * @param epsilon the guarantee: holds whatever the private data, at {@code delta}
   * @param order the Renyi order that gives it
   * @param conversion the RDP to (epsilon, delta) conversion
   * @param kind always {@code data-independent}
   * @param basis why it holds (every query at its worst case, or the budget as a Renyi filter)
   * @param dataDependent the data-dependent epsilon in its privately released form (smooth
   *     sensitivity), or why there is none; never the raw figure
   * @param composition what releasing other models from the same data adds up to
   * @param datasetBudget the charge to the private data set's budget, without its private part;
   *     absent when the data set has none
   * @param groupMethod with privacy groups, how their records were dealt (uniform, upsampling,
   *     weighting); absent without
   * @param groups with privacy groups, each group's guarantee (the figures above are the weakest
   *     group's, which bound every record): name, budget, multiplier, epsilon, delta, order,
   *     conversion, kind; never a group's size; absent without groups
   */
  public record Privacy(String unit, String neighbours, String mechanism,
      Map<String, Double> parameters, String noise, String randomness, boolean guaranteeHolds,
      int queriesAsked, int queriesAnswered, double delta, double epsilon, double order,
      String conversion, String kind, String basis, Map<String, Object> dataDependent,
      String composition, @com.fasterxml.jackson.annotation.JsonInclude(
          com.fasterxml.jackson.annotation.JsonInclude.Include.NON_NULL)
      dev.pate.pipeline.labelling.DatasetCharge.Summary datasetBudget,
      @com.fasterxml.jackson.annotation.JsonInclude(
          com.fasterxml.jackson.annotation.JsonInclude.Include.NON_NULL) String groupMethod,
      @com.fasterxml.jackson.annotation.JsonInclude(
          com.fasterxml.jackson.annotation.JsonInclude.Include.NON_NULL)
      List<Map<String, Object>> groups) {}
}
