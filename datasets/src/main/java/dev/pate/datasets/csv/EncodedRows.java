package dev.pate.datasets.csv;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * Rows of a CSV file encoded with an encoding fitted before: a released model's input.
 *
 * @param features row-major, {@code rows() x featureCount} floats
 * @param featureCount floats per row
 * @param records each row's record number in the file (0-based, counting every data record)
 * @param labels each row's class, or -1 where its label is missing
 * @param summary what reading found (records read, kept, dropped for a missing value)
 * @param unseen per categorical column, rows whose category the encoding does not know (encoded
 *     as all zeros)
 * @param firstUnseen per categorical column with such rows, the first such category, for a
 *     warning that names it
 */
public record EncodedRows(float[] features, int featureCount, int[] records, int[] labels,
    FileSummary summary, Map<String, Integer> unseen, Map<String, String> firstUnseen) {

  public EncodedRows {
    Objects.requireNonNull(features, "features");
    Objects.requireNonNull(records, "records");
    Objects.requireNonNull(labels, "labels");
    Objects.requireNonNull(summary, "summary");
    unseen = Collections.unmodifiableMap(new LinkedHashMap<>(unseen));
    firstUnseen = Collections.unmodifiableMap(new LinkedHashMap<>(firstUnseen));
    if (records.length != labels.length || (long) records.length * featureCount
        != features.length) {
      throw new IllegalArgumentException("rows: " + records.length + " records, "
          + labels.length + " labels and " + features.length + " floats of " + featureCount
          + " features disagree");
    }
  }

  public int rows() {
    return records.length;
  }

  /** Whether row {@code r} has a label. */
  public boolean labelled(int r) {
    return labels[r] != CsvReader.NO_LABEL;
  }
}
