package dev.pate.datasets.csv;

import dev.pate.files.UserError;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.OptionalInt;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;

/**
 * The values of one column of a CSV file, one per record, in record order and counting every
 * record (also those {@link CsvReader} drops for a missing value): what a record's position in the
 * file refers to. For a column that is not a feature, such as the privacy group of each record;
 * the column must be one of the schema's {@code ignored} columns, so the encoding never sees it.
 *
 * @param file the file read
 * @param values the column's value of each record, trimmed
 * @param lines the physical line of each record (its last line if it spans several), for messages
 */
public record CsvColumn(Path file, List<String> values, int[] lines) {
  public CsvColumn {
    Objects.requireNonNull(file, "file");
    values = List.copyOf(values);
    lines = lines.clone();
  }

  /** {@code "<file> line <n>"} of record {@code record}. */
  public String where(int record) {
    return file + " line " + lines[record];
  }

  /**
   * Reads column {@code column} of {@code csv} as {@code schema} lays the file out.
   *
   * @param key the config key that names the column, for messages
   * @throws UserError naming {@code key} if the column is not among the schema's ignored columns,
   *     or naming the file and line of a record with the wrong number of fields or of malformed
   *     text
   */
  public static CsvColumn read(CsvFile csv, CsvSchema schema, String column, String key) {
    if (!schema.ignored().contains(column)) {
      String role = schema.labels().columns().contains(column) ? schema.labels().describe()
          : schema.categorical().contains(column) ? "a categorical feature"
          : schema.numeric().contains(column) ? "a numeric feature" : "not in the schema";
      throw new UserError(key + ": column '" + column + "' is " + role + "; a group column must"
          + " not be a feature: list it in dataset.csv.ignored");
    }
    Path path = csv.path();
    List<String> values = new ArrayList<>();
    List<Integer> lines = new ArrayList<>();
    long line = 0;
    try (BufferedReader in = CsvText.open(path)) {
      CsvText.skipLines(in, csv.skipLines(), path);
      try (CSVParser parser = CsvText.format(schema.delimiter()).parse(in)) {
        var records = parser.iterator();
        List<String> names;
        if (schema.columns().isPresent()) {
          names = schema.columns().get();
        } else if (records.hasNext()) {
          names = records.next().toList();
        } else {
          throw UserError.forFile(path, "is empty: no header line");
        }
        int at = names.indexOf(column);
        if (at < 0) {
          throw UserError.forFile(path, "has no column '" + column + "' (" + key + "; columns: "
              + names + ")");
        }
        while (records.hasNext()) {
          CSVRecord row = records.next();
          line = csv.skipLines() + parser.getCurrentLineNumber();
          if (row.size() != names.size()) {
            throw new UserError(path, "line " + line, row.size() + " fields, expected "
                + names.size());
          }
          values.add(row.get(at));
          lines.add((int) line);
        }
      }
    } catch (IOException | UncheckedIOException e) {
      OptionalInt at = CsvText.lineOf(e);
      throw new UserError(path + (at.isPresent() ? " line " + (csv.skipLines()
          + at.getAsInt()) : "") + ": " + CsvText.describe(e), e);
    }
    return new CsvColumn(path, values, lines.stream().mapToInt(Integer::intValue).toArray());
  }
}
