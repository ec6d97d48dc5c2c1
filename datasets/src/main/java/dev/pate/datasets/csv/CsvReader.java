package dev.pate.datasets.csv;

import dev.pate.datasets.files.Checksums;
import dev.pate.files.UserError;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;

/**
 * Reads one CSV file as a {@link CsvSchema} describes it into a {@link RawTable}.
 *
 * <p>Anything the schema does not allow stops reading with a one-line {@link UserError} naming
 * the file and line: a row with the wrong number of fields, a value that is not a number in a
 * numeric column, a label that is not one of the classes (or, in a label column of a multi-label
 * table, not 0 or 1), a header that does not match the schema,
 * an empty file, malformed quoting, text that is not UTF-8. Rows with missing values are dropped or
 * kept as {@link MissingPolicy} says, and every drop is counted in the {@link FileSummary}; no row
 * disappears silently. Blank lines are not rows.
 */
public final class CsvReader {
  /** The label of a row whose label is missing, where labels may be missing. */
  static final int NO_LABEL = dev.pate.datasets.Dataset.UNLABELLED;

  private final CsvFile csv;
  private final CsvSchema schema;
  private final Path path;
  private final boolean labelsRequired;

  /** Where the parser is, for messages: the physical line of the last record read. */
  private CSVParser parser;

  private CsvReader(CsvFile csv, CsvSchema schema, boolean labelsRequired) {
    this.csv = csv;
    this.schema = schema;
    this.path = csv.path();
    this.labelsRequired = labelsRequired;
  }

  /**
   * Reads {@code csv} as {@code schema} says; a row whose label is missing is dropped.
   *
   * @throws UserError naming the file and line of the first problem
   */
  static RawTable read(CsvFile csv, CsvSchema schema) {
    return new CsvReader(csv, schema, true).read();
  }

  /**
   * Reads {@code csv} as {@code schema} says, keeping rows whose label is missing with label
   * {@link #NO_LABEL} (a missing label is not a missing value); other rows as {@link #read}.
   */
  static RawTable readUnlabelled(CsvFile csv, CsvSchema schema) {
    return new CsvReader(csv, schema, false).read();
  }

  private RawTable read() {
    String sha256 = Checksums.sha256(path);
    String source = realPath();
    try (BufferedReader in = CsvText.open(path)) {
      CsvText.skipLines(in, csv.skipLines(), path);
      try (CSVParser p = CsvText.format(schema.delimiter()).parse(in)) {
        parser = p;
        return readRecords(p.iterator(), sha256, source);
      }
    } catch (IOException | UncheckedIOException e) {
      OptionalInt line = CsvText.lineOf(e);
      String at = line.isPresent() ? path + " line " + (csv.skipLines() + line.getAsInt())
          : where();
      throw new UserError(at + ": " + CsvText.describe(e), e);
    }
  }

  private RawTable readRecords(Iterator<CSVRecord> records, String sha256, String source) {
    List<String> names;
    boolean header = schema.columns().isEmpty();
    if (header) {
      if (!records.hasNext()) {
        throw UserError.forFile(path, "is empty: no header line" + afterSkipped());
      }
      names = headerNames(records.next());
    } else {
      names = schema.columns().get();
    }
    Columns at = new Columns(names);
    Map<String, Integer> classIndex = new HashMap<>();
    if (!schema.multiLabel()) {
      for (int k = 0; k < schema.classes().size(); k++) {
        classIndex.put(schema.classes().get(k), k);
      }
    }
    Map<String, String> interned = new HashMap<>();
    int[] missingCounts = new int[names.size()];
    List<double[]> numeric = new ArrayList<>();
    List<String[]> categorical = new ArrayList<>();
    IntList labels = new IntList();
    IntList kept = new IntList();
    int record = 0;
    int dropped = 0;
    for (; records.hasNext(); record++) {
      CSVRecord row = records.next();
      if (row.size() != names.size()) {
        throw new UserError(where() + ": " + row.size() + " fields, expected " + names.size()
            + (row.size() > names.size()
                ? " (a value holding the delimiter must be quoted with \")" : ""));
      }
      boolean noLabel = false;
      for (int c : at.labels) {
        String labelText = row.get(c);
        noLabel |= schema.isMissing(labelText) || (!labelsRequired && labelText.isEmpty());
      }
      boolean missing = countMissing(row, at, missingCounts, noLabel && !labelsRequired);
      if ((noLabel && labelsRequired)
          || (missing && schema.missingPolicy() == MissingPolicy.DROP)) {
        dropped++;
        continue;
      }
      labels.add(noLabel ? NO_LABEL : schema.multiLabel() ? labelMask(row, at)
          : classOf(row.get(at.labels[0]), classIndex));
      double[] numbers = new double[at.numeric.length];
      for (int k = 0; k < numbers.length; k++) {
        numbers[k] = number(row.get(at.numeric[k]), schema.numeric().get(k));
      }
      String[] categories = new String[at.categorical.length];
      for (int k = 0; k < categories.length; k++) {
        String value = row.get(at.categorical[k]);
        categories[k] = schema.isMissing(value) ? null : interned.computeIfAbsent(value, v -> v);
      }
      numeric.add(numbers);
      categorical.add(categories);
      kept.add(record);
    }
    if (record == 0) {
      throw UserError.forFile(path, "has no data rows"
          + (header ? " after the header" : "") + afterSkipped());
    }
    if (kept.size() == 0) {
      throw UserError.forFile(path, "all " + record + " rows have a missing value and were"
          + " dropped (missing values: " + schema.missing() + ")");
    }
    Map<String, Integer> missingByColumn = new LinkedHashMap<>();
    for (int c = 0; c < names.size(); c++) {
      if (missingCounts[c] > 0) {
        missingByColumn.put(names.get(c), missingCounts[c]);
      }
    }
    FileSummary summary = new FileSummary(path.toAbsolutePath().toString(), sha256,
        csv.skipLines(), header, record, kept.size(), dropped, missingByColumn);
    return new RawTable(source, csv.name(), numeric.toArray(double[][]::new),
        categorical.toArray(String[][]::new), labels.toArray(), kept.toArray(), summary);
  }

  /**
   * Counts the missing values of {@code row} by column; true if a used (not ignored) column has
   * one, not counting the label where {@code labelMayBeMissing}.
   */
  private boolean countMissing(CSVRecord row, Columns at, int[] counts,
      boolean labelMayBeMissing) {
    boolean any = false;
    for (int c = 0; c < counts.length; c++) {
      if (schema.isMissing(row.get(c))) {
        counts[c]++;
        any |= at.used[c] && !(labelMayBeMissing && at.label[c]);
      }
    }
    return any;
  }

  private List<String> headerNames(CSVRecord header) {
    List<String> names = header.toList();
    for (int c = 0; c < names.size(); c++) {
      String name = names.get(c);
      if (name.isEmpty()) {
        throw new UserError(where() + ": header column " + (c + 1) + " has no name");
      }
      if (names.indexOf(name) != c) {
        throw new UserError(where() + ": header names column '" + name + "' twice");
      }
    }
    for (String name : names) {
      if (!schema.namedColumns().contains(name)) {
        throw new UserError(where() + ": header column '" + name + "' is neither "
            + schema.labels().describe() + " nor in categorical, numeric or ignored");
      }
    }
    for (String name : schema.namedColumns()) {
      if (!names.contains(name)) {
        throw new UserError(where() + ": header has no column '" + name + "' (columns: "
            + names + ")");
      }
    }
    return names;
  }

  /**
   * The label set of a multi-label row: bit {@code j} set iff label column {@code j} holds 1; any
   * value other than 0 or 1 is an error naming the file, line and column.
   */
  private int labelMask(CSVRecord row, Columns at) {
    int mask = 0;
    for (int j = 0; j < at.labels.length; j++) {
      String text = row.get(at.labels[j]);
      if (text.equals("1")) {
        mask |= 1 << j;
      } else if (!text.equals("0")) {
        throw new UserError(where() + ": column '" + schema.labels().columns().get(j) + "': '"
            + text + "' is not 0 or 1 (a label column of a multi-label table says whether its"
            + " label applies)" + headerHint(text));
      }
    }
    return mask;
  }

  private int classOf(String labelText, Map<String, Integer> classIndex) {
    String label = labelText;
    if (schema.labelSuffix().isPresent() && label.endsWith(schema.labelSuffix().get())) {
      label = label.substring(0, label.length() - schema.labelSuffix().get().length());
    }
    Integer k = classIndex.get(label);
    if (k == null) {
      throw new UserError(where() + ": label '" + labelText + "' in column '"
          + schema.label() + "' is not one of the classes " + schema.classes()
          + headerHint(labelText));
    }
    return k;
  }

  /**
   * Where a value is a column's own name, a header line was read as data (a file with a header
   * read with the columns given, or with its header line not skipped): says how to skip it.
   */
  private String headerHint(String value) {
    return schema.namedColumns().contains(value.strip())
        ? "; it looks like a header line: skip it with dataset.csv.private_skip_lines,"
            + " public_skip_lines or eval_skip_lines: 1 (the file's key), or --skip-lines 1 for"
            + " pate predict and evaluate"
        : "";
  }

  private double number(String text, String column) {
    if (schema.isMissing(text)) {
      return Double.NaN;
    }
    if (!CsvText.isNumber(text)) {
      throw new UserError(where() + ": column '" + column + "': '" + text + "' is not a"
          + " number" + (text.isEmpty() ? " (list \"\" in missing if empty means missing)"
          : headerHint(text).isEmpty() ? " (if it marks a missing value, list it in missing)"
          : headerHint(text)));
    }
    double value = Double.parseDouble(text);
    if (!Double.isFinite(value)) {
      throw new UserError(where() + ": column '" + column + "': '" + text
          + "' is too large");
    }
    return value;
  }

  /** {@code "<file> line <n>"} for the record just read (its last line if it spans several). */
  private String where() {
    if (parser == null) {
      return path.toString();
    }
    return path + " line " + (csv.skipLines() + parser.getCurrentLineNumber());
  }

  private String afterSkipped() {
    return csv.skipLines() == 0 ? "" : " (after " + csv.skipLines() + " skipped lines)";
  }

  private String realPath() {
    try {
      return path.toRealPath().toString().replace('#', '_');
    } catch (IOException e) {
      throw UserError.forFile(path, "file not found", e);
    }
  }

  /** Positions of the schema's columns among the file's columns. */
  private final class Columns {
    /** The label columns' positions, in label order. */
    final int[] labels;

    /** {@code label[c]}: column c is a label column. */
    final boolean[] label;

    final int[] numeric;
    final int[] categorical;

    /** {@code used[c]}: column c is the label, a categorical or a numeric column. */
    final boolean[] used;

    Columns(List<String> names) {
      labels = schema.labels().columns().stream().mapToInt(names::indexOf).toArray();
      label = new boolean[names.size()];
      for (int c : labels) {
        label[c] = true;
      }
      numeric = schema.numeric().stream().mapToInt(names::indexOf).toArray();
      categorical = schema.categorical().stream().mapToInt(names::indexOf).toArray();
      used = new boolean[names.size()];
      for (int c = 0; c < used.length; c++) {
        used[c] = !schema.ignored().contains(names.get(c));
      }
    }
  }

  /** A growable int array. */
  private static final class IntList {
    private int[] values = new int[1024];
    private int size;

    void add(int value) {
      if (size == values.length) {
        values = Arrays.copyOf(values, size * 2);
      }
      values[size++] = value;
    }

    int size() {
      return size;
    }

    int[] toArray() {
      return Arrays.copyOf(values, size);
    }
  }
}
