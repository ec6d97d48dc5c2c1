package dev.pate.datasets.csv;

import java.nio.file.Path;
import java.util.Objects;

/**
 * One CSV file to read.
 *
 * @param path the file
 * @param skipLines physical lines skipped at the top before the header or the first data record
 *     (Adult's test file starts with one junk line)
 */
public record CsvFile(Path path, int skipLines) {
  public CsvFile {
    Objects.requireNonNull(path, "path");
    if (skipLines < 0) {
      throw new IllegalArgumentException("skip_lines: " + skipLines + " is not >= 0");
    }
  }

  /** The file name, e.g. {@code adult.test}; names the table in messages and reports. */
  public String name() {
    Path name = path.getFileName();
    return name == null ? path.toString() : name.toString();
  }
}
