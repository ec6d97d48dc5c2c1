package dev.pate.datasets.csv;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * How to read a CSV table and encode it for the networks. Messages of the checks start with the
 * name of the offending field as the run config spells it ({@code "categorical: ..."}).
 *
 * @param columns the column names when the files have no header line; empty: the first record
 *     (after the skipped lines) of each file is its header, and columns are found by name
 * @param delimiter the field separator, one character; values are trimmed of surrounding spaces
 *     and may be quoted with {@code "} (a quoted value may hold the delimiter)
 * @param labels the label columns: one holding the class ({@link CsvLabels.OneClass}; a row with
 *     another label is an error), or one 0/1 column per label of a multi-label table ({@link
 *     CsvLabels.MultiHot})
 * @param categorical columns encoded one-hot
 * @param numeric columns read as numbers and scaled
 * @param ignored columns that are read past and not used
 * @param missing values that mean "missing" (e.g. {@code ?}); compared after trimming
 * @param missingPolicy what happens to rows with a missing value
 * @param scaling how numeric columns without a fixed range are scaled
 * @param vocabularies categories fixed in the schema, by column; other categorical columns get the
 *     categories of the public pool
 * @param ranges ranges fixed in the schema, by column; other numeric columns are scaled with
 *     statistics of the public pool
 */
public record CsvSchema(
    Optional<List<String>> columns,
    String delimiter,
    CsvLabels labels,
    List<String> categorical,
    List<String> numeric,
    List<String> ignored,
    List<String> missing,
    MissingPolicy missingPolicy,
    Scaling scaling,
    Map<String, List<String>> vocabularies,
    Map<String, NumericRange> ranges) {

  public CsvSchema {
    columns = Objects.requireNonNull(columns, "columns").map(List::copyOf);
    Objects.requireNonNull(delimiter, "delimiter");
    Objects.requireNonNull(labels, "labels");
    categorical = List.copyOf(categorical);
    numeric = List.copyOf(numeric);
    ignored = List.copyOf(ignored);
    missing = List.copyOf(missing);
    Objects.requireNonNull(missingPolicy, "missingPolicy");
    Objects.requireNonNull(scaling, "scaling");
    vocabularies = copyOfLists(vocabularies);
    ranges = Collections.unmodifiableMap(new LinkedHashMap<>(ranges));
    check(columns, delimiter, labels, categorical, numeric, ignored, vocabularies, ranges);
  }

  /**
   * The schema of a single-label table, whose class is in column {@code label}.
   *
   * @param classes the class names; class {@code k} is {@code classes.get(k)}
   * @param labelSuffix removed from the end of a label where present
   */
  public CsvSchema(
      Optional<List<String>> columns,
      String delimiter,
      String label,
      List<String> classes,
      Optional<String> labelSuffix,
      List<String> categorical,
      List<String> numeric,
      List<String> ignored,
      List<String> missing,
      MissingPolicy missingPolicy,
      Scaling scaling,
      Map<String, List<String>> vocabularies,
      Map<String, NumericRange> ranges) {
    this(columns, delimiter, new CsvLabels.OneClass(label, classes, labelSuffix), categorical,
        numeric, ignored, missing, missingPolicy, scaling, vocabularies, ranges);
  }

  private static void check(Optional<List<String>> columns, String delimiter, CsvLabels labels,
      List<String> categorical, List<String> numeric, List<String> ignored,
      Map<String, List<String>> vocabularies, Map<String, NumericRange> ranges) {
    if (delimiter.length() != 1 || "\r\n\"".contains(delimiter)) {
      throw new IllegalArgumentException("delimiter: '" + delimiter
          + "' is not one character other than a line break or '\"'");
    }
    columns.ifPresent(names -> requireDistinct("columns", names));
    Map<String, String> roles = new LinkedHashMap<>();
    for (String label : labels.columns()) {
      roles.put(label, "label");
    }
    assignRoles(roles, "categorical", categorical, labels);
    assignRoles(roles, "numeric", numeric, labels);
    assignRoles(roles, "ignored", ignored, labels);
    if (categorical.isEmpty() && numeric.isEmpty()) {
      throw new IllegalArgumentException(
          "categorical, numeric: both empty; a table needs at least one feature column");
    }
    for (String column : vocabularies.keySet()) {
      if (!categorical.contains(column)) {
        throw new IllegalArgumentException(
            "vocabularies: column '" + column + "' is not one of the categorical columns");
      }
      if (vocabularies.get(column).isEmpty()) {
        throw new IllegalArgumentException("vocabularies: column '" + column + "' has no categories");
      }
      requireDistinct("vocabularies." + column, vocabularies.get(column));
    }
    for (String column : ranges.keySet()) {
      if (!numeric.contains(column)) {
        throw new IllegalArgumentException(
            "ranges: column '" + column + "' is not one of the numeric columns");
      }
    }
    if (columns.isPresent()) {
      for (String column : roles.keySet()) {
        if (!columns.get().contains(column)) {
          throw new IllegalArgumentException(roles.get(column) + ": column '" + column
              + "' is not one of the columns " + columns.get());
        }
      }
      for (String column : columns.get()) {
        if (!roles.containsKey(column)) {
          throw new IllegalArgumentException("columns: column '" + column + "' is neither "
              + labels.describe() + " nor in categorical, numeric or ignored");
        }
      }
    }
  }

  private static void assignRoles(Map<String, String> roles, String role, List<String> names,
      CsvLabels labels) {
    for (String name : names) {
      String previous = roles.putIfAbsent(name, role);
      if (previous != null) {
        throw new IllegalArgumentException(
            role + ": column '" + name + "' is also " + (previous.equals("label")
                ? labels.describe() : "in " + previous));
      }
    }
  }

  private static void requireDistinct(String field, List<String> values) {
    CsvLabels.requireDistinct(field, values);
  }

  private static Map<String, List<String>> copyOfLists(Map<String, List<String>> map) {
    Map<String, List<String>> copy = new LinkedHashMap<>();
    map.forEach((k, v) -> copy.put(k, List.copyOf(v)));
    return Collections.unmodifiableMap(copy);
  }

  /** The class column of a single-label table. */
  public String label() {
    return oneClass().column();
  }

  /** The class names of a single-label table, in class order. */
  public List<String> classes() {
    return oneClass().classes();
  }

  /** What is removed from the end of a single-label table's labels. */
  public Optional<String> labelSuffix() {
    return oneClass().suffix();
  }

  /** Whether each row carries a label set (one 0/1 column per label) rather than one class. */
  public boolean multiLabel() {
    return labels instanceof CsvLabels.MultiHot;
  }

  private CsvLabels.OneClass oneClass() {
    if (labels instanceof CsvLabels.OneClass one) {
      return one;
    }
    throw new IllegalStateException("labels: a multi-label table has label columns "
        + labels.columns() + ", not one class column");
  }

  /**
   * Every column the schema names: the label columns first, then categorical, numeric and ignored
   * ones.
   */
  public List<String> namedColumns() {
    List<String> all = new ArrayList<>(labels.columns());
    all.addAll(categorical);
    all.addAll(numeric);
    all.addAll(ignored);
    return all;
  }

  /** Whether {@code value} (trimmed) is a missing-value marker. */
  public boolean isMissing(String value) {
    return missing.contains(value);
  }
}
