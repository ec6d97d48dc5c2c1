package dev.pate.pipeline.output;

import dev.pate.aggregator.mechanism.Answer;
import dev.pate.datasets.Dataset;

/**
 * The run's CSV outputs. {@code index} is the query's position in the public set (the image's index
 * in the test file, or the record number in the public CSV file), so rows can be joined with the
 * data and across runs.
 */
public final class CsvTables {
  private CsvTables() {}

  /** {@code index,count_0,...,count_K-1}: one row per query. */
  public static String votes(Dataset queries, int[][] votes) {
    StringBuilder b = new StringBuilder("index");
    for (int c = 0; c < queries.numClasses(); c++) {
      b.append(",count_").append(c);
    }
    b.append('\n');
    for (int q = 0; q < votes.length; q++) {
      b.append(queries.sourceIndex(q));
      for (int count : votes[q]) {
        b.append(',').append(count);
      }
      b.append('\n');
    }
    return b.toString();
  }

  /**
   * {@code index,noisy_label,true_label} for each asked query: noisy_label is empty where the
   * aggregator abstained, true_label where the pool has no label for the query.
   */
  public static String labels(Dataset queries, Answer[] answers) {
    StringBuilder b = new StringBuilder("index,noisy_label,true_label\n");
    for (int q = 0; q < answers.length; q++) {
      b.append(queries.sourceIndex(q)).append(',');
      if (answers[q].answered()) {
        b.append(answers[q].label());
      }
      b.append(',');
      if (queries.isLabelled(q)) {
        b.append(queries.label(q));
      }
      b.append('\n');
    }
    return b.toString();
  }
}
