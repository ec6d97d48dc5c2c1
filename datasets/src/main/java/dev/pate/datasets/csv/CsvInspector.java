package dev.pate.datasets.csv;

import dev.pate.files.UserError;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import java.util.TreeSet;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;

/**
 * Infers a schema proposal from a CSV file: delimiter, junk lines at the top, header, column kinds,
 * missing-value markers, label candidates and classes, and (given the public file) a suffix its
 * labels carry. The guesses are heuristics for a person to review, never used unreviewed: {@code
 * pate inspect} prints them as YAML to edit.
 */
public final class CsvInspector {
  /** Distinct values tracked per column; beyond this a column is high-cardinality anyway. */
  public static final int MAX_TRACKED = 1000;

  /** Lines looked at to choose the delimiter and count junk lines. */
  private static final int SAMPLE_LINES = 200;

  /** Values commonly meaning "missing". */
  private static final List<String> MISSING_TOKENS =
      List.of("", "?", "NA", "N/A", "na", "n/a", "NaN", "nan", "null", "NULL", "None", "-");

  private static final List<String> DELIMITERS = List.of(",", ";", "\t", "|");

  /** Most distinct values a label candidate may have. */
  private static final int MAX_CLASSES = 20;

  private CsvInspector() {}

  /**
   * Profiles {@code file} (and {@code publicFile}, when present, with the same delimiter).
   *
   * @param delimiter the delimiter to use instead of guessing one
   * @param names column names to use instead of the header or {@code column_<k>}
   * @throws UserError if a file is missing, empty or not UTF-8 text
   */
  public static CsvProfile inspect(Path file, Optional<Path> publicFile,
      Optional<String> delimiter, Optional<List<String>> names) {
    List<String> sample = sampleLines(file);
    String chosen = delimiter.orElseGet(() -> guessDelimiter(sample));
    int skip = junkLines(sample, chosen);
    Scan scan = scan(file, chosen, skip);
    boolean header = names.isEmpty() && looksLikeHeader(scan);
    List<String> columnNames = names.orElseGet(() -> header ? scan.first
        : defaultNames(scan.first.size()));
    if (columnNames.size() != scan.first.size()) {
      throw UserError.forFile(file, "has " + scan.first.size() + " columns but "
          + columnNames.size() + " names were given");
    }
    List<ColumnProfile> columns = new ArrayList<>();
    for (int c = 0; c < columnNames.size(); c++) {
      columns.add(scan.profile(c, columnNames.get(c), header, MISSING_TOKENS));
    }
    List<String> candidates = labelCandidates(columns);
    List<String> classes = candidates.isEmpty() ? List.of()
        : scan.distinctValues(columnNames.indexOf(candidates.get(0)), header);
    Set<String> missing = new LinkedHashSet<>();
    for (String token : MISSING_TOKENS) {
      if (scan.occurs(token, header)) {
        missing.add(token);
      }
    }

    OptionalInt publicSkip = OptionalInt.empty();
    OptionalInt publicRecords = OptionalInt.empty();
    Optional<String> suffix = Optional.empty();
    if (publicFile.isPresent()) {
      int publicJunk = junkLines(sampleLines(publicFile.get()), chosen);
      Scan publicScan = scan(publicFile.get(), chosen, publicJunk);
      publicSkip = OptionalInt.of(publicJunk);
      publicRecords = OptionalInt.of(publicScan.records(header));
      if (!candidates.isEmpty()) {
        suffix = labelSuffix(classes,
            publicScan.distinctValues(columnNames.indexOf(candidates.get(0)), header));
      }
    }
    return new CsvProfile(file, chosen, skip, header, scan.records(header), scan.ragged,
        columns, List.copyOf(missing), candidates, classes, publicFile, publicSkip,
        publicRecords, suffix);
  }

  /** The first {@link #SAMPLE_LINES} physical lines. */
  private static List<String> sampleLines(Path file) {
    List<String> lines = new ArrayList<>();
    try (BufferedReader in = CsvText.open(file)) {
      for (String line; lines.size() < SAMPLE_LINES && (line = in.readLine()) != null; ) {
        lines.add(line);
      }
    } catch (IOException e) {
      throw UserError.forFile(file, CsvText.describe(e), e);
    }
    if (lines.stream().allMatch(String::isBlank)) {
      throw UserError.forFile(file, "is empty");
    }
    return lines;
  }

  /** The delimiter that splits the sample into the most consistent number (> 1) of fields. */
  private static String guessDelimiter(List<String> sample) {
    String best = ",";
    double bestScore = 0;
    for (String delimiter : DELIMITERS) {
      List<Integer> counts = fieldCounts(sample, delimiter);
      int mode = mode(counts);
      if (mode < 2) {
        continue;
      }
      double share = counts.stream().filter(n -> n == mode).count() / (double) counts.size();
      double score = share * 1000 + mode; // consistency first, then more fields
      if (score > bestScore) {
        bestScore = score;
        best = delimiter;
      }
    }
    return best;
  }

  /** Leading lines (at most 10) whose field count is not the usual one. */
  private static int junkLines(List<String> sample, String delimiter) {
    List<Integer> counts = new ArrayList<>();
    for (String line : sample) {
      counts.add(line.isBlank() ? -1 : fieldCount(line, delimiter));
    }
    int mode = mode(counts.stream().filter(n -> n >= 0).toList());
    int junk = 0;
    while (junk < Math.min(10, counts.size() - 1) && counts.get(junk) != mode) {
      junk++;
    }
    return junk;
  }

  private static List<Integer> fieldCounts(List<String> sample, String delimiter) {
    return sample.stream().filter(l -> !l.isBlank()).map(l -> fieldCount(l, delimiter)).toList();
  }

  private static int fieldCount(String line, String delimiter) {
    try (CSVParser parser = CsvText.format(delimiter).parse(new StringReader(line))) {
      List<CSVRecord> records = parser.getRecords();
      return records.isEmpty() ? 0 : records.get(0).size();
    } catch (IOException | UncheckedIOException e) {
      return 1; // an unterminated quote on this line alone: count it as one field
    }
  }

  private static int mode(List<Integer> values) {
    Map<Integer, Integer> counts = new HashMap<>();
    values.forEach(v -> counts.merge(v, 1, Integer::sum));
    return counts.entrySet().stream()
        .max(Map.Entry.<Integer, Integer>comparingByValue()
            .thenComparing(Map.Entry.comparingByKey()))
        .map(Map.Entry::getKey)
        .orElse(0);
  }

  /**
   * A first record is a header when its values are distinct non-numbers that do not recur in their
   * columns, and some column below it is numeric or it shares no value with the rows below.
   */
  private static boolean looksLikeHeader(Scan scan) {
    List<String> first = scan.first;
    if (first.stream().anyMatch(v -> v.isEmpty() || CsvText.isNumber(v))
        || new TreeSet<>(first).size() != first.size() || scan.records(true) == 0) {
      return false;
    }
    boolean numericBelow = false;
    for (int c = 0; c < first.size(); c++) {
      if (scan.counts.get(c).getOrDefault(first.get(c), 0) > 1) {
        return false; // the value recurs below: it is data
      }
      numericBelow |= scan.numbers[c] > 0
          && scan.numbers[c] == scan.records(true) - scan.missingBelowFirst(c, MISSING_TOKENS);
    }
    return numericBelow || first.stream().allMatch(v -> v.matches("[A-Za-z_][\\w .-]*"));
  }

  private static List<String> defaultNames(int count) {
    List<String> names = new ArrayList<>();
    for (int c = 1; c <= count; c++) {
      names.add("column_" + c);
    }
    return names;
  }

  /**
   * Columns with 2 to {@value #MAX_CLASSES} distinct values; a column named like a label, then the
   * last column, come first.
   */
  private static List<String> labelCandidates(List<ColumnProfile> columns) {
    List<String> labelNames = List.of("label", "class", "target", "y", "income", "outcome");
    String last = columns.get(columns.size() - 1).name();
    return columns.stream()
        .filter(c -> c.distinct() >= 2 && c.distinct() <= MAX_CLASSES && !c.distinctCapped())
        .map(ColumnProfile::name)
        .sorted(Comparator.comparing((String n) ->
                !labelNames.contains(n.toLowerCase(Locale.ROOT)))
            .thenComparing(n -> !n.equals(last)))
        .toList();
  }

  /**
   * The one suffix that turns every public label that is not a class into a class (Adult: {@code
   * >50K.} into {@code >50K}), if there is one. An empty label (an unlabelled pool row) says
   * nothing about it.
   */
  static Optional<String> labelSuffix(List<String> classes, List<String> publicLabels) {
    TreeSet<String> suffixes = new TreeSet<>();
    for (String label : publicLabels) {
      if (label.isEmpty() || classes.contains(label)) {
        continue;
      }
      Optional<String> suffix = classes.stream().filter(label::startsWith)
          .map(c -> label.substring(c.length())).filter(s -> !s.isEmpty())
          .min(Comparator.comparingInt(String::length));
      if (suffix.isEmpty()) {
        return Optional.empty();
      }
      suffixes.add(suffix.get());
    }
    return suffixes.size() == 1 ? Optional.of(suffixes.first()) : Optional.empty();
  }

  private static Scan scan(Path file, String delimiter, int skip) {
    Scan scan = new Scan();
    try (BufferedReader in = CsvText.open(file)) {
      CsvText.skipLines(in, skip, file);
      try (CSVParser parser = CsvText.format(delimiter).parse(in)) {
        for (CSVRecord record : parser) {
          scan.add(record.toList());
        }
      }
    } catch (IOException | UncheckedIOException e) {
      throw UserError.forFile(file, CsvText.describe(e), e);
    }
    if (scan.first == null) {
      throw UserError.forFile(file, "has no records");
    }
    return scan;
  }

  /** Per-column counts over all records with the first record's field count. */
  private static final class Scan {
    List<String> first;
    final List<Map<String, Integer>> counts = new ArrayList<>();
    final List<Boolean> capped = new ArrayList<>();
    int[] numbers;
    double[] min;
    double[] max;
    int total;
    int ragged;

    void add(List<String> values) {
      if (first == null) {
        first = values;
        numbers = new int[values.size()];
        min = new double[values.size()];
        max = new double[values.size()];
        Arrays.fill(min, Double.POSITIVE_INFINITY);
        Arrays.fill(max, Double.NEGATIVE_INFINITY);
        for (int c = 0; c < values.size(); c++) {
          counts.add(new HashMap<>());
          capped.add(false);
        }
      }
      if (values.size() != first.size()) {
        ragged++;
        return;
      }
      total++;
      boolean isFirst = total == 1;
      for (int c = 0; c < values.size(); c++) {
        String v = values.get(c);
        Map<String, Integer> column = counts.get(c);
        if (column.containsKey(v) || column.size() < MAX_TRACKED) {
          column.merge(v, 1, Integer::sum);
        } else {
          capped.set(c, true);
        }
        if (!isFirst && CsvText.isNumber(v)) {
          double x = Double.parseDouble(v);
          numbers[c]++;
          min[c] = Math.min(min[c], x);
          max[c] = Math.max(max[c], x);
        }
      }
    }

    /** Data records: all records, less the header. */
    int records(boolean header) {
      return header ? total - 1 : total;
    }

    /** Missing markers in column {@code c}, the first record excluded. */
    int missingBelowFirst(int c, List<String> tokens) {
      int n = 0;
      for (String token : tokens) {
        n += counts.get(c).getOrDefault(token, 0);
      }
      return tokens.contains(first.get(c)) ? n - 1 : n;
    }

    boolean occurs(String token, boolean header) {
      for (int c = 0; c < counts.size(); c++) {
        int n = counts.get(c).getOrDefault(token, 0);
        if (header && first.get(c).equals(token)) {
          n--;
        }
        if (n > 0) {
          return true;
        }
      }
      return false;
    }

    /** The column's distinct values (header and missing markers excluded), sorted. */
    List<String> distinctValues(int c, boolean header) {
      TreeSet<String> values = new TreeSet<>(counts.get(c).keySet());
      values.removeAll(MISSING_TOKENS);
      if (header && counts.get(c).get(first.get(c)) == 1) {
        values.remove(first.get(c));
      }
      return List.copyOf(values);
    }

    ColumnProfile profile(int c, String name, boolean header, List<String> tokens) {
      Map<String, Integer> values = new HashMap<>(counts.get(c));
      if (header) {
        values.merge(first.get(c), -1, Integer::sum);
        values.values().removeIf(n -> n <= 0);
      }
      int missing = 0;
      for (String token : tokens) {
        Integer n = values.remove(token);
        missing += n == null ? 0 : n;
      }
      // The first record's numbers were not counted (it may be a header): count them here.
      int numeric = numbers[c] + (!header && CsvText.isNumber(first.get(c)) ? 1 : 0);
      double lo = min[c];
      double hi = max[c];
      if (!header && CsvText.isNumber(first.get(c))) {
        double x = Double.parseDouble(first.get(c));
        lo = Math.min(lo, x);
        hi = Math.max(hi, x);
      }
      int present = records(header) - missing;
      ColumnProfile.Kind kind;
      if (present > 0 && numeric == present) {
        kind = ColumnProfile.Kind.NUMERIC;
      } else if (capped.get(c) || (values.size() > 100 && values.size() > present / 2)) {
        kind = ColumnProfile.Kind.IGNORED;
      } else {
        kind = ColumnProfile.Kind.CATEGORICAL;
      }
      List<String> frequent = values.entrySet().stream()
          .sorted(Map.Entry.<String, Integer>comparingByValue().reversed()
              .thenComparing(Map.Entry.comparingByKey()))
          .limit(5).map(Map.Entry::getKey).toList();
      boolean isNumeric = kind == ColumnProfile.Kind.NUMERIC;
      return new ColumnProfile(name, kind, values.size(), capped.get(c), missing,
          isNumeric ? lo : Double.NaN, isNumeric ? hi : Double.NaN, frequent);
    }
  }
}
