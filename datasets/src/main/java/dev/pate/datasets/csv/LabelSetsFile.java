package dev.pate.datasets.csv;

import dev.pate.files.UserError;
import java.nio.file.Path;
import java.util.Collections;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;

/**
 * A labels file of multi-label images: a CSV file (comma-separated, UTF-8, read as the tables of
 * {@link CsvReader} are) whose header names a {@value #PATH} column and one column per label, and
 * whose every other line gives an image's path, relative to its folder with {@code /} between
 * folders, and its label set, 0 or 1 in each label column. A path listed twice, a value other than
 * 0 or 1, a missing or unknown column are one line naming the file and line.
 *
 * @param file the file read
 * @param masks each listed path's label set, as a bit mask over the label columns in the order
 *     asked for, in the file's order
 * @param lines each listed path's line in the file
 */
public record LabelSetsFile(Path file, Map<String, Integer> masks, Map<String, Integer> lines) {

  /** The column holding each image's path. */
  public static final String PATH = "path";

  public LabelSetsFile {
    Objects.requireNonNull(file, "file");
    masks = Collections.unmodifiableMap(new LinkedHashMap<>(masks));
    lines = Collections.unmodifiableMap(new LinkedHashMap<>(lines));
  }

  /**
   * Reads {@code file}, whose label columns are {@code labels} (bit {@code j} of a mask is {@code
   * labels.get(j)}).
   *
   * @throws UserError naming the file and line of the first problem
   */
  public static LabelSetsFile read(Path file, List<String> labels) {
    new CsvLabels.MultiHot(labels); // checks the names: 1 to 30, distinct
    if (labels.contains(PATH)) {
      throw new IllegalArgumentException("labels: '" + PATH + "' names the path column");
    }
    return CsvRecords.read(file, ",", parser -> read(file, labels, parser));
  }

  private static LabelSetsFile read(Path file, List<String> labels, CSVParser parser) {
    Iterator<CSVRecord> records = parser.iterator();
    if (!records.hasNext()) {
      throw UserError.forFile(file, "is empty, expected a header line: " + PATH + ","
          + String.join(",", labels));
    }
    List<String> header = records.next().toList();
    String at = file + " line " + parser.getCurrentLineNumber();
    for (String name : header) {
      if (!name.equals(PATH) && !labels.contains(name)) {
        throw new UserError(at + ": header column '" + name + "' is neither " + PATH
            + " nor a label of dataset.images.labels " + labels);
      }
      if (header.indexOf(name) != header.lastIndexOf(name)) {
        throw new UserError(at + ": header names column '" + name + "' twice");
      }
    }
    int pathColumn = header.indexOf(PATH);
    if (pathColumn < 0) {
      throw new UserError(at + ": header has no column '" + PATH + "' (the image's path"
          + " relative to its folder)");
    }
    int[] labelColumns = new int[labels.size()];
    for (int j = 0; j < labelColumns.length; j++) {
      labelColumns[j] = header.indexOf(labels.get(j));
      if (labelColumns[j] < 0) {
        throw new UserError(at + ": header has no column '" + labels.get(j) + "' (a label of"
            + " dataset.images.labels; every label needs its 0/1 column)");
      }
    }
    Map<String, Integer> masks = new LinkedHashMap<>();
    Map<String, Integer> lines = new LinkedHashMap<>();
    while (records.hasNext()) {
      CSVRecord row = records.next();
      int line = (int) parser.getCurrentLineNumber();
      String where = file + " line " + line;
      if (row.size() != header.size()) {
        throw new UserError(where + ": " + row.size() + " fields, expected " + header.size());
      }
      String path = normalised(row.get(pathColumn));
      if (path.isEmpty()) {
        throw new UserError(where + ": no path in column '" + PATH + "'");
      }
      Integer first = lines.putIfAbsent(path, line);
      if (first != null) {
        throw new UserError(where + ": '" + path + "' is listed twice (first on line " + first
            + "); every image is listed exactly once");
      }
      int mask = 0;
      for (int j = 0; j < labelColumns.length; j++) {
        String value = row.get(labelColumns[j]);
        if (value.equals("1")) {
          mask |= 1 << j;
        } else if (!value.equals("0")) {
          throw new UserError(where + ": column '" + labels.get(j) + "': '" + value
              + "' is not 0 or 1 (whether the label applies to the image)");
        }
      }
      masks.put(path, mask);
    }
    if (masks.isEmpty()) {
      throw UserError.forFile(file, "lists no image after its header");
    }
    return new LabelSetsFile(file, masks, lines);
  }

  /** A path as listed, with {@code /} between folders and without a leading {@code ./}. */
  public static String normalised(String path) {
    String p = path.replace('\\', '/');
    while (p.startsWith("./")) {
      p = p.substring(2);
    }
    return p;
  }
}
