package dev.pate.aggregator.votes;

import dev.pate.files.UserError;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * Reads vote counts from CSV: a header line, then one line per query with comma-separated
 * numbers. Two layouts:
 *
 * <ul>
 *   <li>the {@code votes.csv} of a labelling run: {@code index,count_0,count_1,...}, where the
 *       first column (named {@code index}) is the query's index in the student's data and is
 *       checked to be a non-negative integer, then the counts;
 *   <li>a bare matrix: any header (one name per column), every column a count.
 * </ul>
 *
 * <p>The files hold numbers only, so this is a deliberately small parser: no quoting (a quoted
 * field is rejected with a clear message), fields trimmed, blank lines ignored, a UTF-8 byte order
 * mark and CRLF line ends accepted. Numbers are decimal ({@code 12}, {@code 12.0}, {@code 1.2e1});
 * a count must be a whole number of votes.
 */
public final class CsvVoteReader {
  private CsvVoteReader() {}

  private static final Pattern NUMBER =
      Pattern.compile("[+-]?(\\d+(\\.\\d*)?|\\.\\d+)([eE][+-]?\\d+)?");
  private static final Pattern NON_NEGATIVE_INTEGER = Pattern.compile("\\+?\\d+(\\.0*)?");

  public static VoteMatrix read(Path file) {
    String text;
    try {
      text = StandardCharsets.UTF_8.newDecoder()
          .decode(ByteBuffer.wrap(Files.readAllBytes(file))).toString();
    } catch (CharacterCodingException e) {
      throw new UserError(file, null, "not UTF-8 text (expected a CSV of numbers)");
    } catch (IOException e) {
      throw UserError.unreadable(file, e);
    }
    return parse(file, text);
  }

  static VoteMatrix parse(Path file, String text) {
    if (text.startsWith("\uFEFF")) {
      text = text.substring(1);
    }
    String[] lines = text.split("\r\n|\n|\r", -1);
    String[] header = null;
    int headerLine = 0;
    boolean indexColumn = false;
    int classes = 0;
    List<double[]> rows = new ArrayList<>();
    for (int i = 0; i < lines.length; i++) {
      int lineNumber = i + 1;
      if (lines[i].isBlank()) {
        continue;
      }
      String[] fields = split(file, lines[i], lineNumber);
      if (header == null) {
        header = fields;
        headerLine = lineNumber;
        checkHeader(file, header, lineNumber);
        indexColumn = header[0].equalsIgnoreCase("index");
        classes = header.length - (indexColumn ? 1 : 0);
        if (classes < 2) {
          throw new UserError(file, "line " + lineNumber, "the header has " + classes
              + " count column(s), expected at least 2 (e.g. index,count_0,count_1 or"
              + " count_0,count_1; comma-separated)");
        }
        continue;
      }
      if (fields.length != header.length) {
        throw new UserError(file, "line " + lineNumber, fields.length + " field(s), expected "
            + header.length + " as in the header (line " + headerLine + ")");
      }
      double[] row = new double[classes];
      for (int f = 0; f < fields.length; f++) {
        String location = "line " + lineNumber + ", field " + (f + 1) + " (" + header[f] + ")";
        if (indexColumn && f == 0) {
          checkIndex(file, location, fields[f]);
          continue;
        }
        row[f - (indexColumn ? 1 : 0)] = count(file, location, fields[f]);
      }
      rows.add(row);
    }
    if (header == null) {
      throw new UserError(file, null,
          "empty file (expected a header line such as index,count_0,count_1,... and rows)");
    }
    if (rows.isEmpty()) {
      throw new UserError(file, null, "no rows after the header (line " + headerLine
          + "), expected at least one query");
    }
    double[] data = new double[rows.size() * classes];
    for (int q = 0; q < rows.size(); q++) {
      System.arraycopy(rows.get(q), 0, data, q * classes, classes);
    }
    return VoteMatrix.ofRowMajor(data, rows.size(), classes);
  }

  private static String[] split(Path file, String line, int lineNumber) {
    String[] fields = line.split(",", -1);
    for (int f = 0; f < fields.length; f++) {
      fields[f] = fields[f].strip();
      if (fields[f].indexOf('"') >= 0 || fields[f].indexOf('\'') >= 0) {
        throw new UserError(file, "line " + lineNumber + ", field " + (f + 1),
            "quoted fields are not supported (a votes CSV holds plain numbers and names)");
      }
    }
    return fields;
  }

  private static void checkHeader(Path file, String[] header, int lineNumber) {
    boolean allNumbers = true;
    for (int f = 0; f < header.length; f++) {
      if (header[f].isEmpty()) {
        throw new UserError(file, "line " + lineNumber + ", field " + (f + 1),
            "empty column name in the header");
      }
      allNumbers &= NUMBER.matcher(header[f]).matches();
    }
    if (allNumbers) {
      throw new UserError(file, "line " + lineNumber, "expected a header line (e.g."
          + " index,count_0,count_1,...) but found numbers");
    }
  }

  private static void checkIndex(Path file, String location, String field) {
    if (!NON_NEGATIVE_INTEGER.matcher(field).matches()) {
      throw new UserError(file, location,
          (field.isEmpty() ? "empty" : "'" + field + "'") + ", expected a non-negative integer");
    }
  }

  private static double count(Path file, String location, String field) {
    if (field.isEmpty()) {
      throw new UserError(file, location, "empty, expected a count");
    }
    String lower = field.toLowerCase(Locale.ROOT);
    if (lower.matches("[+-]?(nan|inf|infinity)")) {
      throw new UserError(file, location,
          "'" + field + "' is not a count (expected a finite number >= 0)");
    }
    if (!NUMBER.matcher(field).matches()) {
      throw new UserError(file, location, "'" + field + "' is not a number");
    }
    double v = Double.parseDouble(field);
    String problem = VoteMatrix.recordedCountProblem(v);
    if (problem != null) {
      throw new UserError(file, location, problem);
    }
    return v;
  }
}
