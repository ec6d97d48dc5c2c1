package dev.pate.datasets.csv;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * What reading one CSV file found. For the private file these are statistics of private data: they
 * are for the data owner's report, not for publication.
 *
 * @param file the file as read (absolute)
 * @param sha256 SHA-256 of the file's bytes, so a report pins the exact data
 * @param skippedLines physical lines skipped at the top
 * @param header whether the first record was read as the header
 * @param records data records read (after the header)
 * @param kept rows kept
 * @param droppedMissing rows dropped because of a missing value (policy {@code drop}, or a missing
 *     label)
 * @param missingByColumn number of missing values per column, over all records read; only columns
 *     with any
 */
public record FileSummary(
    String file,
    String sha256,
    int skippedLines,
    boolean header,
    int records,
    int kept,
    int droppedMissing,
    Map<String, Integer> missingByColumn) {

  public FileSummary {
    Objects.requireNonNull(file, "file");
    Objects.requireNonNull(sha256, "sha256");
    missingByColumn = Collections.unmodifiableMap(new LinkedHashMap<>(missingByColumn));
    if (kept + droppedMissing != records) {
      throw new IllegalArgumentException("kept: " + kept + " + dropped " + droppedMissing
          + " is not the " + records + " records read");
    }
  }
}
