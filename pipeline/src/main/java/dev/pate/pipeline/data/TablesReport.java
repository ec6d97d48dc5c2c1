package dev.pate.pipeline.data;

import dev.pate.datasets.csv.FileSummary;
import java.util.List;
import java.util.Map;

/**
 * A CSV dataset as report.json shows it ({@code dataset.tables}): what reading the public file
 * (and the evaluation file, if the held-out rows have one; else null) found and how rows became
 * features. It lives with the data it describes so that reading the data does not depend on the
 * report.
 */
public record TablesReport(FileSummary publicFile, FileSummary evalFile, Encoding encoding) {

  /**
   * @param fittedOn where the fitted statistics come from (the public pool), never private data
   * @param features floats per row after encoding
   */
  public record Encoding(String fittedOn, int poolRows, int features, String missingPolicy,
      List<EncodedColumn> columns) {}

  /**
   * One column's encoding.
   *
   * @param kind numeric or categorical
   * @param method numeric: standard, minmax, none or range; categorical: one-hot
   * @param source public pool or schema: where its statistics came from
   * @param center numeric: subtracted before scaling; null for categorical
   * @param scale numeric: divided by after centering; null for categorical
   * @param categories categorical: the one-hot vocabulary, in order; null for numeric
   * @param unseen categorical: rows of the public splits (pool, held_out) whose category is not
   *     in the vocabulary and was encoded as all zeros; null for numeric
   */
  public record EncodedColumn(String column, String kind, String method, String source,
      Double center, Double scale, List<String> categories, Map<String, Integer> unseen) {}
}
