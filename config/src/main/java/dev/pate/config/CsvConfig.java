package dev.pate.config;

import dev.pate.datasets.csv.MissingPolicy;
import dev.pate.datasets.csv.Scaling;
import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;
import static java.util.Objects.requireNonNull;

/**
 * A CSV data set (YAML block {@code dataset.csv}, used when {@code dataset.name} is {@code csv}):
 * the private file the teachers learn from, the public file queries and evaluation come from, and
 * how to read and encode their rows. {@code pate inspect FILE.csv} proposes this block.
 *
 * <p>Encoding statistics (vocabularies, scaling) come from the public pool or are fixed here,
 * never from the private file. Checks that need the columns (every column has one role, fixed
 * vocabularies name categorical columns) are made by the data loader.
 *
 * @param privateFile the private CSV
 * @param publicFile the public CSV
 * @param evalFile the held-out rows' own CSV, if they have one
 * @param privateSkipLines lines skipped at the top of the private file
 * @param publicSkipLines lines skipped at the top of the public file
 * @param evalSkipLines lines skipped at the top of the evaluation file
 * @param columns column names for files without a header; empty: each file's first record
 * @param delimiter field separator, one character
 * @param label the label column of a single-label table; empty for a multi-label table
 * @param classes class names in class order; empty for a multi-label table
 * @param labels the 0/1 label columns of a multi-label table, in bit order; empty for a
 *     single-label table
 * @param stripLabelSuffix removed from the end of labels where present
 * @param categorical one-hot encoded columns
 * @param numeric scaled numeric columns
 * @param ignored unused columns
 * @param missing missing-value markers
 * @param missingPolicy what happens to rows with missing values
 * @param scaling how numeric columns without a fixed range are scaled
 * @param vocabularies categories fixed per column
 * @param ranges {@code [low, high]} fixed per numeric column
 */
public record CsvConfig(
    Path privateFile,
    Path publicFile,
    Optional<Path> evalFile,
    int privateSkipLines,
    int publicSkipLines,
    int evalSkipLines,
    Optional<List<String>> columns,
    String delimiter,
    Optional<String> label,
    List<String> classes,
    List<String> labels,
    Optional<String> stripLabelSuffix,
    List<String> categorical,
    List<String> numeric,
    List<String> ignored,
    List<String> missing,
    MissingPolicy missingPolicy,
    Scaling scaling,
    Map<String, List<String>> vocabularies,
    Map<String, List<Double>> ranges) {

  private static final TextType NAME =
      new TextType(Pattern.compile("[^\\r\\n]+"), "a non-empty name without line breaks");

  private static final ListType<String> NAMES = new ListType<>(NAME, 0, Integer.MAX_VALUE);

  /** Labels of a multi-label table: a label set is a bit mask in an int. */
  static final int MAX_LABELS = 30;

  static final Key<CsvConfig, Path> PRIVATE_FILE =
      Key.of(
              "private_file",
              PathType.data(),
              null,
              "the private CSV file: its rows are dealt out to the teachers. A relative path is"
                  + " looked up in the config file's folder, then in the working directory, then"
                  + " in the data directories (see dataset.data_dir); one given as an override"
                  + " (key=value) in the working directory, then in the data directories; known"
                  + " files (adult/adult.data) are checked against their"
                  + " published sha256",
              CsvConfig::privateFile)
          .withDefaultNote("required");

  static final Key<CsvConfig, Path> PUBLIC_FILE =
      Key.of(
              "public_file",
              PathType.data(),
              null,
              "the public CSV file: its first dataset.query_pool kept rows are the query pool, whose"
                  + " labels may be missing or empty (the teachers label them); the rest, which"
                  + " must be labelled, are held out to evaluate teachers and student (see"
                  + " eval_file); looked up like private_file",
              CsvConfig::publicFile)
          .withDefaultNote("required");

  static final Key<CsvConfig, Path> EVAL_FILE =
      Key.nullable(
          "eval_file",
          PathType.data(),
          "a CSV file of held-out evaluation rows, every one labelled, in the columns of"
              + " public_file; the public file is then all query pool (its first"
              + " dataset.query_pool kept rows); when null: the public file's rows after the pool"
              + " are held out; looked up like private_file",
          CsvConfig::evalFile);

  static final Key<CsvConfig, Integer> PRIVATE_SKIP_LINES =
      Key.of(
          "private_skip_lines",
          NumberType.integer().atLeast(0),
          0,
          "lines skipped at the top of private_file, before its header or first record",
          CsvConfig::privateSkipLines);

  static final Key<CsvConfig, Integer> PUBLIC_SKIP_LINES =
      Key.of(
          "public_skip_lines",
          NumberType.integer().atLeast(0),
          0,
          "lines skipped at the top of public_file, before its header or first record (Adult's"
              + " test file starts with one junk line)",
          CsvConfig::publicSkipLines);

  static final Key<CsvConfig, Integer> EVAL_SKIP_LINES =
      Key.of(
          "eval_skip_lines",
          NumberType.integer().atLeast(0),
          0,
          "lines skipped at the top of eval_file, before its header or first record",
          CsvConfig::evalSkipLines);

  static final Key<CsvConfig, Optional<List<String>>> COLUMNS =
      Key.of(
          "columns",
          new KeywordOrType<>("header", new ListType<>(NAME, 1, Integer.MAX_VALUE)),
          Optional.empty(),
          "header: the first record of each file (after the skipped lines) names its columns,"
              + " which are then found by name; or the column names in file order, for files"
              + " without a header line",
          CsvConfig::columns);

  static final Key<CsvConfig, String> DELIMITER =
      Key.of(
          "delimiter",
          new TextType(Pattern.compile("[^\\r\\n\"]"),
              "one character other than a line break or a double quote"),
          ",",
          "field separator (\"\\t\" for tab); values are trimmed of surrounding spaces and may"
              + " be quoted with \" to hold the delimiter or a line break",
          CsvConfig::delimiter);

  static final Key<CsvConfig, String> LABEL =
      Key.nullable(
          "label",
          NAME,
          "the column holding the class of a single-label table (required then, with classes);"
              + " a multi-label table gives labels instead",
          CsvConfig::label).withDefaultNote("required without labels");

  static final Key<CsvConfig, List<String>> CLASSES =
      Key.nullable(
          "classes",
          new ListType<>(NAME, 2, Integer.MAX_VALUE),
          "the class names in class order (class k is the k-th); a row with any other label"
              + " is an error naming its file and line; required with label",
          (CsvConfig c) -> c.classes().isEmpty() ? Optional.empty() : Optional.of(c.classes()))
          .withDefaultNote("required with label");

  static final Key<CsvConfig, List<String>> LABELS =
      Key.nullable(
          "labels",
          new ListType<>(NAME, 1, MAX_LABELS),
          "the label columns of a multi-label table, each 0 or 1 in every row (a multi-hot"
              + " target: a row's label set is the columns holding 1), in label order; they"
              + " make the run multi-label (multi_label.mechanism required) and name the labels"
              + " in the report and model card; give this or label with classes. A missing"
              + " value in a label column drops a private row (counted); every pool and held-out"
              + " row needs its label set",
          c -> c.labels().isEmpty() ? Optional.empty() : Optional.of(c.labels()));

  static final Key<CsvConfig, String> STRIP_LABEL_SUFFIX =
      Key.nullable(
          "strip_label_suffix",
          NAME,
          "removed from the end of a label where present, e.g. \".\" for Adult's test file"
              + " (\">50K.\"); when null: labels are compared as written",
          CsvConfig::stripLabelSuffix);

  static final Key<CsvConfig, List<String>> CATEGORICAL =
      Key.of(
          "categorical",
          NAMES,
          List.of(),
          "columns encoded one-hot over their categories: those fixed in vocabularies, else the"
              + " public pool's (sorted); a category outside them is all zeros, counted in the"
              + " report",
          CsvConfig::categorical);

  static final Key<CsvConfig, List<String>> NUMERIC =
      Key.of(
          "numeric",
          NAMES,
          List.of(),
          "columns read as plain decimal numbers and scaled (see scaling and ranges); any other"
              + " value is an error naming its file and line",
          CsvConfig::numeric);

  static final Key<CsvConfig, List<String>> IGNORED =
      Key.of(
          "ignored",
          NAMES,
          List.of(),
          "columns read past and not used; every column must be the label (or one of labels) or"
              + " in exactly one of categorical, numeric and ignored",
          CsvConfig::ignored);

  static final Key<CsvConfig, List<String>> MISSING =
      Key.of(
          "missing",
          new ListType<>(
              new TextType(Pattern.compile("[^\\r\\n]*"), "text without line breaks"),
              0,
              Integer.MAX_VALUE),
          List.of(),
          "values that mean missing, compared after trimming, e.g. [\"?\"] for Adult; list \"\""
              + " to treat empty fields as missing",
          CsvConfig::missing);

  static final Key<CsvConfig, MissingPolicy> MISSING_POLICY =
      Key.of(
          "missing_policy",
          new ChoiceType<>(MissingPolicy.class),
          MissingPolicy.DROP,
          "rows with a missing value in a used column: drop (counted per file in the report), or"
              + " category (a missing category gets its own one-hot slot, a missing number"
              + " becomes 0 after scaling); a missing label always drops its row, counted",
          CsvConfig::missingPolicy);

  static final Key<CsvConfig, Scaling> SCALING =
      Key.of(
          "scaling",
          new ChoiceType<>(Scaling.class),
          Scaling.STANDARD,
          "numeric columns without a fixed range: standard ((x - mean) / sd) or minmax"
              + " ((x - min) / (max - min)) with statistics of the public pool, or none",
          CsvConfig::scaling);

  static final Key<CsvConfig, Map<String, List<String>>> VOCABULARIES =
      Key.of(
          "vocabularies",
          new MapType<>("column", new ListType<>(NAME, 1, Integer.MAX_VALUE)),
          Map.of(),
          "categories fixed per categorical column, in one-hot order, e.g. {sex: [Female, Male]};"
              + " no data is looked at for these columns",
          CsvConfig::vocabularies);

  static final Key<CsvConfig, Map<String, List<Double>>> RANGES =
      Key.of(
          "ranges",
          new MapType<>("column", new ListType<>(NumberType.number(), 2, 2)),
          Map.of(),
          "[low, high] fixed per numeric column, e.g. {age: [17, 90]}: scaled to"
              + " (x - low) / (high - low) instead of by scaling; no data is looked at",
          CsvConfig::ranges);

  static final Section<CsvConfig> SECTION =
      Section.of(
          "csv",
          "a CSV data set: the private and public files and how their rows are read and encoded",
          List.of(
              PRIVATE_FILE,
              PUBLIC_FILE,
              EVAL_FILE,
              PRIVATE_SKIP_LINES,
              PUBLIC_SKIP_LINES,
              EVAL_SKIP_LINES,
              COLUMNS,
              DELIMITER,
              LABEL,
              CLASSES,
              LABELS,
              STRIP_LABEL_SUFFIX,
              CATEGORICAL,
              NUMERIC,
              IGNORED,
              MISSING,
              MISSING_POLICY,
              SCALING,
              VOCABULARIES,
              RANGES),
          v ->
              new CsvConfig(
                  v.get(PRIVATE_FILE),
                  v.get(PUBLIC_FILE),
                  v.find(EVAL_FILE),
                  v.get(PRIVATE_SKIP_LINES),
                  v.get(PUBLIC_SKIP_LINES),
                  v.get(EVAL_SKIP_LINES),
                  v.get(COLUMNS),
                  v.get(DELIMITER),
                  v.find(LABEL),
                  v.find(CLASSES).orElse(List.of()),
                  v.find(LABELS).orElse(List.of()),
                  v.find(STRIP_LABEL_SUFFIX),
                  v.get(CATEGORICAL),
                  v.get(NUMERIC),
                  v.get(IGNORED),
                  v.get(MISSING),
                  v.get(MISSING_POLICY),
                  v.get(SCALING),
                  v.get(VOCABULARIES),
                  v.get(RANGES)));

  /** Whether the table is multi-label: its label columns are {@link #labels}. */
  public boolean multiLabel() {
    return !labels.isEmpty();
  }

  /**
   * Checks for nulls only; value ranges are checked by {@link ConfigLoader}, which of label and
   * labels is given by {@link LabelChecks}.
   */
  public CsvConfig {
    requireNonNull(privateFile, "privateFile");
    requireNonNull(publicFile, "publicFile");
    requireNonNull(evalFile, "evalFile");
    columns = requireNonNull(columns, "columns").map(List::copyOf);
    requireNonNull(delimiter, "delimiter");
    requireNonNull(label, "label");
    classes = List.copyOf(classes);
    labels = List.copyOf(labels);
    requireNonNull(stripLabelSuffix, "stripLabelSuffix");
    categorical = List.copyOf(categorical);
    numeric = List.copyOf(numeric);
    ignored = List.copyOf(ignored);
    missing = List.copyOf(missing);
    requireNonNull(missingPolicy, "missingPolicy");
    requireNonNull(scaling, "scaling");
    // Kept in the order written, so the written config.yaml is the same on every run.
    vocabularies = Collections.unmodifiableMap(new LinkedHashMap<>(vocabularies));
    ranges = Collections.unmodifiableMap(new LinkedHashMap<>(ranges));
  }
}
