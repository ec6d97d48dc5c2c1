package dev.pate.study;

import dev.pate.datasets.csv.CsvRecords;
import dev.pate.files.UserError;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.apache.commons.csv.CSVRecord;

/**
 * The student's validation accuracy at each setting and seed of a finished single-label study,
 * read from its results.csv ({@link ResultsCsv}): what {@link PairedComparison} compares. A setting
 * is the values of the study's swept keys (the columns between {@code point} and {@code seed}),
 * labelled by the keys whose value varies among the points read ({@code key=value key=value});
 * the others are {@link #common}. Repeats of a point are averaged.
 *
 * @param file the results.csv read
 * @param common the swept keys with one value in every point read, and that value
 * @param settings the settings read, in the file's order
 */
public record ValidationScores(Path file, Map<String, String> common, List<Setting> settings) {

  /**
   * One setting of a study.
   *
   * @param label its values of the keys that vary among the points read, or {@link #ONE_SETTING}
   * @param values its value of every swept key
   * @param bySeed its validation accuracy at each seed (the mean of a point's repeats)
   */
  public record Setting(String label, Map<String, String> values, Map<Long, Double> bySeed) {
    public Setting {
      values = Collections.unmodifiableMap(new LinkedHashMap<>(values));
      bySeed = Collections.unmodifiableMap(new TreeMap<>(bySeed));
    }
  }

  /** The label of the one setting of points whose swept values are all {@link #common}. */
  public static final String ONE_SETTING = "its one setting";

  public ValidationScores {
    common = Collections.unmodifiableMap(new LinkedHashMap<>(common));
    settings = List.copyOf(settings);
  }

  /** A point read: its swept values, seed and validation accuracy. */
  private record Point(Map<String, String> values, long seed, double accuracy) {}

  /**
   * Reads {@code study} (a study folder, or its results.csv), keeping the points whose swept
   * values match every filter ({@code key=value}; numbers compare as numbers, so {@code 1}
   * matches {@code 1.0}).
   *
   * @throws UserError if the file is missing or is not a single-label study's, a filter names a
   *     key the study did not sweep or matches no point, or a kept point has no validation
   *     accuracy
   */
  public static ValidationScores read(Path study, List<String> filters) {
    Path file = Files.isDirectory(study) ? study.resolve("results.csv") : study;
    if (!Files.isRegularFile(file)) {
      throw UserError.forFile(file, "no such file: a finished study folder has a results.csv"
          + " (pate sweep writes it when its points are done)");
    }
    List<Point> points = points(file, filters);
    Map<String, String> common = new LinkedHashMap<>(points.get(0).values());
    points.forEach(p -> common.entrySet().removeIf(e -> !e.getValue().equals(
        p.values().get(e.getKey()))));
    Map<Map<String, String>, Map<Long, List<Double>>> repeats = new LinkedHashMap<>();
    points.forEach(p -> repeats.computeIfAbsent(p.values(), v -> new TreeMap<>())
        .computeIfAbsent(p.seed(), seed -> new ArrayList<>()).add(p.accuracy()));
    List<Setting> settings = new ArrayList<>();
    repeats.forEach((values, bySeed) -> {
      String label = values.entrySet().stream().filter(e -> !common.containsKey(e.getKey()))
          .map(e -> e.getKey() + "=" + e.getValue()).collect(Collectors.joining(" "));
      Map<Long, Double> means = new TreeMap<>();
      bySeed.forEach((seed, accuracies) -> means.put(seed,
          accuracies.stream().mapToDouble(Double::doubleValue).average().orElseThrow()));
      settings.add(new Setting(label.isEmpty() ? ONE_SETTING : label, values, means));
    });
    return new ValidationScores(file, common, settings);
  }

  private static List<Point> points(Path file, List<String> filters) {
    return CsvRecords.read(file, ",", csv -> points(file, filters, csv.iterator()));
  }

  private static List<Point> points(Path file, List<String> filters, Iterator<CSVRecord> rows) {
    if (!rows.hasNext()) {
      throw UserError.forFile(file, "is empty: no header line");
    }
    List<String> header = rows.next().toList();
    int seedColumn = header.indexOf(ResultsCsv.SEED);
    int validationColumn = header.indexOf(ResultsCsv.VALIDATION);
    if (header.indexOf(ResultsCsv.POINT) != 0 || seedColumn < 0 || validationColumn < 0) {
      throw new UserError(file, "header", "expected a single-label study's results.csv ("
          + ResultsCsv.POINT + ", the swept keys, " + ResultsCsv.SEED + ", ..., "
          + ResultsCsv.VALIDATION + ", ...)");
    }
    List<String> swept = header.subList(1, seedColumn);
    // Each filter's column, found once: a swept key's column is 1 + its place among them.
    Map<Integer, String> wanted = new LinkedHashMap<>();
    filters(file, filters, swept).forEach((key, value) -> wanted.put(1 + swept.indexOf(key),
        value));
    List<Point> points = new ArrayList<>();
    while (rows.hasNext()) {
      CSVRecord row = rows.next();
      String line = "line " + row.getRecordNumber();
      if (row.size() != header.size()) {
        throw new UserError(file, line, row.size() + " fields; the header has " + header.size());
      }
      if (!wanted.entrySet().stream().allMatch(w -> same(row.get(w.getKey()), w.getValue()))) {
        continue;
      }
      String accuracy = row.get(validationColumn);
      if (accuracy.isBlank()) {
        throw new UserError(file, line, ResultsCsv.VALIDATION + " is empty: the point had no validation"
            + " split (dataset.validation) or no student, and settings are chosen on"
            + " validation only");
      }
      Map<String, String> values = new LinkedHashMap<>();
      for (int k = 0; k < swept.size(); k++) {
        values.put(swept.get(k), row.get(k + 1));
      }
      points.add(new Point(values, seed(file, line, row.get(seedColumn)),
          accuracy(file, line, accuracy)));
    }
    if (points.isEmpty()) {
      throw UserError.forFile(file, filters.isEmpty() ? "no points"
          : "no point has " + String.join(" ", filters));
    }
    return points;
  }

  private static Map<String, String> filters(Path file, List<String> filters, List<String> swept) {
    Map<String, String> wanted = new LinkedHashMap<>();
    for (String filter : filters) {
      int equals = filter.indexOf('=');
      String key = equals < 0 ? filter : filter.substring(0, equals).trim();
      if (equals < 0 || !swept.contains(key)) {
        throw UserError.forFile(file, "'" + filter + "': expected key=value with a key the study"
            + " swept (" + (swept.isEmpty() ? "it swept only seeds" : String.join(", ", swept))
            + ")");
      }
      wanted.put(key, filter.substring(equals + 1).trim());
    }
    return wanted;
  }

  /** A cell equals a filter's value: as text, or as numbers when both are. */
  private static boolean same(String cell, String value) {
    if (cell.equals(value)) {
      return true;
    }
    try {
      return Double.parseDouble(cell) == Double.parseDouble(value);
    } catch (NumberFormatException e) {
      return false;
    }
  }

  private static long seed(Path file, String line, String text) {
    try {
      return Long.parseLong(text.strip());
    } catch (NumberFormatException e) {
      throw new UserError(file, line, "seed '" + text + "' is not a whole number");
    }
  }

  private static double accuracy(Path file, String line, String text) {
    try {
      double accuracy = Double.parseDouble(text);
      if (accuracy >= 0 && accuracy <= 1) {
        return accuracy;
      }
    } catch (NumberFormatException e) {
      // said below
    }
    throw new UserError(file, line, ResultsCsv.VALIDATION + " '" + text + "' is not an accuracy in [0, 1]");
  }
}
