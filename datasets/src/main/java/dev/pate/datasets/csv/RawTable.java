package dev.pate.datasets.csv;

import java.util.Arrays;
import java.util.List;

/**
 * The kept rows of one CSV file, parsed but not yet encoded: numbers as doubles ({@code NaN} where
 * missing), categories as text ({@code null} where missing), labels as class indices.
 *
 * @param source identity of the file for example ids (its real path)
 * @param name display name (the file name)
 * @param numeric {@code numeric[row][k]}: value of the schema's k-th numeric column
 * @param categorical {@code categorical[row][k]}: value of the schema's k-th categorical column
 * @param labels class of each row
 * @param records record number of each row in the file
 * @param summary what reading found
 */
record RawTable(
    String source,
    String name,
    double[][] numeric,
    String[][] categorical,
    int[] labels,
    int[] records,
    FileSummary summary) {

  int rows() {
    return labels.length;
  }

  /** The rows {@code from..to-1} as their own table (sharing the row arrays). */
  RawTable rows(int from, int to) {
    return new RawTable(source, name, Arrays.copyOfRange(numeric, from, to),
        Arrays.copyOfRange(categorical, from, to),
        Arrays.copyOfRange(labels, from, to),
        Arrays.copyOfRange(records, from, to), summary);
  }

  /** The numeric values of column {@code k} over all rows (NaN where missing). */
  double[] numericColumn(int k) {
    double[] values = new double[rows()];
    for (int r = 0; r < values.length; r++) {
      values[r] = numeric[r][k];
    }
    return values;
  }

  /** The categories of column {@code k} over all rows (null where missing). */
  List<String> categoricalColumn(int k) {
    String[] values = new String[rows()];
    for (int r = 0; r < values.length; r++) {
      values[r] = categorical[r][k];
    }
    return Arrays.asList(values);
  }
}
