package dev.pate.datasets.csv;

import dev.pate.files.UserError;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * How every column of a table becomes float features: the numeric columns (in schema order) scaled,
 * then the categorical columns one-hot.
 *
 * <p>Every statistic comes from the schema or from the <em>public pool</em>, never from private
 * data: fitting a vocabulary or a scale on the teachers' partitions would make the encoding, and so
 * every answer, a function of private data that no privacy accounting covers. A category of the
 * private data that the pool never shows maps to all zeros and is counted.
 */
public final class TableEncoding {
  private final List<ColumnEncoding.Numeric> numeric;
  private final List<ColumnEncoding.Categorical> categorical;
  private final List<Map<String, Integer>> slots;
  private final int poolRows;

  private TableEncoding(List<ColumnEncoding.Numeric> numeric,
      List<ColumnEncoding.Categorical> categorical, int poolRows) {
    this.numeric = List.copyOf(numeric);
    this.categorical = List.copyOf(categorical);
    this.poolRows = poolRows;
    List<Map<String, Integer>> index = new ArrayList<>();
    for (ColumnEncoding.Categorical column : categorical) {
      Map<String, Integer> slot = new HashMap<>();
      for (int k = 0; k < column.categories().size(); k++) {
        slot.put(column.categories().get(k), k);
      }
      index.add(slot);
    }
    this.slots = List.copyOf(index);
  }

  /**
   * An encoding fitted before (a released model's, read back from its description): the numeric
   * columns' encodings, then the categorical columns', as {@link #columns()} lists them.
   *
   * @param poolRows the rows of the public pool it was fitted on
   */
  public static TableEncoding of(List<ColumnEncoding> columns, int poolRows) {
    List<ColumnEncoding.Numeric> numeric = new ArrayList<>();
    List<ColumnEncoding.Categorical> categorical = new ArrayList<>();
    for (ColumnEncoding column : columns) {
      if (column instanceof ColumnEncoding.Numeric n) {
        if (!categorical.isEmpty()) {
          throw new IllegalArgumentException("columns: numeric column '" + n.column()
              + "' after a categorical one; numeric columns come first");
        }
        numeric.add(n);
      } else {
        categorical.add((ColumnEncoding.Categorical) column);
      }
    }
    return new TableEncoding(numeric, categorical, poolRows);
  }

  /**
   * Fits the encoding: fixed vocabularies and ranges from {@code schema}, everything else from the
   * rows of {@code pool}.
   *
   * @throws UserError if a numeric column without a fixed range has no value in the pool
   */
  static TableEncoding fit(CsvSchema schema, RawTable pool) {
    List<ColumnEncoding.Numeric> numeric = new ArrayList<>();
    for (int k = 0; k < schema.numeric().size(); k++) {
      numeric.add(fitNumeric(schema, schema.numeric().get(k), pool.numericColumn(k), pool));
    }
    List<ColumnEncoding.Categorical> categorical = new ArrayList<>();
    boolean missingSlot = schema.missingPolicy() == MissingPolicy.CATEGORY;
    for (int k = 0; k < schema.categorical().size(); k++) {
      String column = schema.categorical().get(k);
      List<String> fixed = schema.vocabularies().get(column);
      if (fixed != null) {
        categorical.add(new ColumnEncoding.Categorical(column, fixed, missingSlot,
            StatSource.SCHEMA));
      } else {
        TreeSet<String> seen = new TreeSet<>(pool.categoricalColumn(k).stream()
            .filter(v -> v != null).toList());
        categorical.add(new ColumnEncoding.Categorical(column, List.copyOf(seen), missingSlot,
            StatSource.PUBLIC_POOL));
      }
    }
    return new TableEncoding(numeric, categorical, pool.rows());
  }

  private static ColumnEncoding.Numeric fitNumeric(CsvSchema schema, String column,
      double[] values, RawTable pool) {
    NumericRange range = schema.ranges().get(column);
    if (range != null) {
      return new ColumnEncoding.Numeric(column, "range", range.low(), range.high() - range.low(),
          StatSource.SCHEMA);
    }
    if (schema.scaling() == Scaling.NONE) {
      return new ColumnEncoding.Numeric(column, "none", 0, 1, StatSource.SCHEMA);
    }
    double sum = 0;
    double min = Double.POSITIVE_INFINITY;
    double max = Double.NEGATIVE_INFINITY;
    int n = 0;
    for (double v : values) {
      if (!Double.isNaN(v)) {
        sum += v;
        min = Math.min(min, v);
        max = Math.max(max, v);
        n++;
      }
    }
    if (n == 0) {
      throw UserError.forFile(java.nio.file.Path.of(pool.summary().file()), "column '"
          + column + "' has no value in the public pool to fit its scaling; fix its range in"
          + " the schema (ranges)");
    }
    if (schema.scaling() == Scaling.MINMAX) {
      return new ColumnEncoding.Numeric(column, "minmax", min, max > min ? max - min : 1,
          StatSource.PUBLIC_POOL);
    }
    double mean = sum / n;
    double squares = 0;
    for (double v : values) {
      if (!Double.isNaN(v)) {
        squares += (v - mean) * (v - mean);
      }
    }
    double sd = Math.sqrt(squares / n);
    // A constant column carries no information; scale 1 keeps it at 0 instead of dividing by 0.
    return new ColumnEncoding.Numeric(column, "standard", mean, sd > 0 ? sd : 1,
        StatSource.PUBLIC_POOL);
  }

  /** The numeric columns' encodings, then the categorical columns', in schema order. */
  public List<ColumnEncoding> columns() {
    List<ColumnEncoding> all = new ArrayList<>(numeric);
    all.addAll(categorical);
    return all;
  }

  /** Rows of the public pool the fitted statistics come from. */
  public int poolRows() {
    return poolRows;
  }

  /** Floats per row. */
  public int featureCount() {
    return columns().stream().mapToInt(ColumnEncoding::width).sum();
  }

  /** Name of each feature: the numeric column, or {@code column=category}. */
  public List<String> featureNames() {
    List<String> names = new ArrayList<>();
    numeric.forEach(n -> names.add(n.column()));
    for (ColumnEncoding.Categorical c : categorical) {
      c.categories().forEach(category -> names.add(c.column() + "=" + category));
      if (c.missingSlot()) {
        names.add(c.column() + "=(missing)");
      }
    }
    return names;
  }

  /**
   * The encoded features of every row of {@code table}, and per categorical column the number of
   * rows whose category is not in the vocabulary (encoded as all zeros).
   */
  Encoded encode(RawTable table) {
    int width = featureCount();
    float[] features = new float[table.rows() * width];
    int[] unseen = new int[categorical.size()];
    String[] firstUnseen = new String[categorical.size()];
    for (int r = 0; r < table.rows(); r++) {
      int at = r * width;
      for (int k = 0; k < numeric.size(); k++) {
        features[at++] = numeric.get(k).encode(table.numeric()[r][k]);
      }
      for (int k = 0; k < categorical.size(); k++) {
        ColumnEncoding.Categorical column = categorical.get(k);
        String value = table.categorical()[r][k];
        if (value == null) {
          // Only kept under policy category, which always has the missing slot.
          features[at + column.categories().size()] = 1f;
        } else {
          Integer slot = slots.get(k).get(value);
          if (slot == null) {
            unseen[k]++;
            firstUnseen[k] = firstUnseen[k] == null ? value : firstUnseen[k];
          } else {
            features[at + slot] = 1f;
          }
        }
        at += column.width();
      }
    }
    Map<String, Integer> unseenByColumn = new LinkedHashMap<>();
    Map<String, String> firstUnseenByColumn = new LinkedHashMap<>();
    for (int k = 0; k < categorical.size(); k++) {
      unseenByColumn.put(categorical.get(k).column(), unseen[k]);
      if (firstUnseen[k] != null) {
        firstUnseenByColumn.put(categorical.get(k).column(), firstUnseen[k]);
      }
    }
    return new Encoded(features, unseenByColumn, firstUnseenByColumn);
  }

  /**
   * @param features row-major encoded features
   * @param unseen per categorical column, rows whose category is not in the vocabulary
   * @param firstUnseen per categorical column with such rows, the first such category read
   */
  record Encoded(float[] features, Map<String, Integer> unseen, Map<String, String> firstUnseen) {}
}
