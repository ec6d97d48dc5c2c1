package dev.pate.datasets.csv;

import java.util.List;
import java.util.Objects;

/**
 * What {@link CsvInspector} found in one column.
 *
 * @param name the header's name, or {@code column_<k>} (from 1) when the file has no header
 * @param kind what the column looks like
 * @param distinct distinct values seen, missing-value markers excluded (at most {@link
 *     CsvInspector#MAX_TRACKED} are tracked)
 * @param distinctCapped whether there were more distinct values than were tracked
 * @param missing values that were a missing-value marker
 * @param min smallest number (NaN unless numeric)
 * @param max largest number (NaN unless numeric)
 * @param frequent the most frequent values, most frequent first (at most 5)
 */
public record ColumnProfile(
    String name,
    Kind kind,
    int distinct,
    boolean distinctCapped,
    int missing,
    double min,
    double max,
    List<String> frequent) {

  /** What a column looks like. */
  public enum Kind {
    /** Every value (missing markers aside) is a number. */
    NUMERIC,
    /** Text values with few enough distinct ones to one-hot encode. */
    CATEGORICAL,
    /** Text with so many distinct values (an id, free text) that it is best ignored. */
    IGNORED
  }

  public ColumnProfile {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(kind, "kind");
    frequent = List.copyOf(frequent);
  }
}
