package dev.pate.datasets.csv;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * How to read a CSV table and encode it for the networks. Messages of the checks start with the
 * name of the offending field as the run config spells it ({@code "categorical: ..."}).
 *
 * @param columns the column names when the files have no header line; empty: the first record
 *     (after the skipped lines) of each file is its header, and columns are found by name
 * @param delimiter the field separator, one character; values are trimmed of surrounding spaces
 *     and may be quoted with {@code "} (a quoted value may hold the delimiter)
 * @param label the column holding the class
 * @param classes the class names; class {@code k} is {@code classes.get(k)}; a row with another
 *     label is an error
 * @param labelSuffix removed from the end of a label where present (Adult's test file writes
 *     {@code >50K.})
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

  public CsvSchema {
    columns = Objects.requireNonNull(columns, "columns").map(List::copyOf);
    Objects.requireNonNull(delimiter, "delimiter");
    Objects.requireNonNull(label, "label");
    classes = List.copyOf(classes);
    Objects.requireNonNull(labelSuffix, "labelSuffix");
    categorical = List.copyOf(categorical);
    numeric = List.copyOf(numeric);
    ignored = List.copyOf(ignored);
    missing = List.copyOf(missing);
    Objects.requireNonNull(missingPolicy, "missingPolicy");
    Objects.requireNonNull(scaling, "scaling");
    vocabularies = copyOfLists(vocabularies);
    ranges = Collections.unmodifiableMap(new LinkedHashMap<>(ranges));
    check(columns, delimiter, label, classes, labelSuffix, categorical, numeric, ignored,
        vocabularies, ranges);
  }

  private static void check(Optional<List<String>> columns, String delimiter, String label,
      List<String> classes, Optional<String> labelSuffix, List<String> categorical,
      List<String> numeric, List<String> ignored, Map<String, List<String>> vocabularies,
      Map<String, NumericRange> ranges) {
    if (delimiter.length() != 1 || "\r\n\"".contains(delimiter)) {
      throw new IllegalArgumentException("delimiter: '" + delimiter
          + "' is not one character other than a line break or '\"'");
    }
    if (classes.size() < 2) {
      throw new IllegalArgumentException("classes: " + classes + " has fewer than 2 classes");
    }
    requireDistinct("classes", classes);
    if (labelSuffix.isPresent() && labelSuffix.get().isEmpty()) {
      throw new IllegalArgumentException("strip_label_suffix: empty; leave it out instead");
    }
    columns.ifPresent(names -> requireDistinct("columns", names));
    Map<String, String> roles = new LinkedHashMap<>();
    roles.put(label, "label");
    assignRoles(roles, "categorical", categorical);
    assignRoles(roles, "numeric", numeric);
    assignRoles(roles, "ignored", ignored);
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
          throw new IllegalArgumentException("columns: column '" + column + "' is neither the"
              + " label nor in categorical, numeric or ignored");
        }
      }
    }
  }

  private static void assignRoles(Map<String, String> roles, String role, List<String> names) {
    for (String name : names) {
      String previous = roles.putIfAbsent(name, role);
      if (previous != null) {
        throw new IllegalArgumentException(
            role + ": column '" + name + "' is also " + (previous.equals("label")
                ? "the label" : "in " + previous));
      }
    }
  }

  private static void requireDistinct(String field, List<String> values) {
    Set<String> seen = new HashSet<>();
    for (String value : values) {
      if (!seen.add(value)) {
        throw new IllegalArgumentException(field + ": '" + value + "' is listed twice");
      }
    }
  }

  private static Map<String, List<String>> copyOfLists(Map<String, List<String>> map) {
    Map<String, List<String>> copy = new LinkedHashMap<>();
    map.forEach((k, v) -> copy.put(k, List.copyOf(v)));
    return Collections.unmodifiableMap(copy);
  }

  /** Every column the schema names, label first, then categorical, numeric and ignored ones. */
  public List<String> namedColumns() {
    List<String> all = new ArrayList<>();
    all.add(label);
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
