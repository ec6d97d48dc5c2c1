package dev.pate.datasets.csv;

import dev.pate.files.UserError;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.OptionalInt;
import java.util.function.Function;
import org.apache.commons.csv.CSVParser;

/**
 * A whole CSV file read under pate's text rules ({@link CsvText}: strict UTF-8, a UTF-8 byte-order
 * mark skipped, quoted fields, surrounding spaces trimmed, empty lines ignored), for readers
 * outside this package: a file Commons CSV cannot parse (a quote never closed, bytes that are not
 * UTF-8) is one {@link UserError} naming the file and, where Commons CSV says it, the line.
 */
public final class CsvRecords {
  private CsvRecords() {}

  /**
   * Parses {@code file} and gives the parser to {@code body}, whose result it returns; {@code
   * body} reads the records (the header is the first) and reports its own problems.
   *
   * @throws UserError if the file is missing or not CSV, or as {@code body} throws it
   */
  public static <T> T read(Path file, String delimiter, Function<CSVParser, T> body) {
    try (BufferedReader in = CsvText.open(file);
        CSVParser parser = CsvText.format(delimiter).parse(in)) {
      return body.apply(parser);
    } catch (IOException | UncheckedIOException e) {
      OptionalInt line = CsvText.lineOf(e);
      throw new UserError(file + (line.isPresent() ? " line " + line.getAsInt() : "") + ": "
          + CsvText.describe(e), e);
    }
  }
}
