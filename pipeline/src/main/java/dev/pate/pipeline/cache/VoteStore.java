package dev.pate.pipeline.cache;

import dev.pate.files.AtomicFiles;
import dev.pate.files.UserError;
import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVPrinter;
import org.apache.commons.csv.CSVRecord;

/**
 * {@code votes.csv} of a cached ensemble: {@code index,count_0,...,count_K-1}, one row per public
 * image the ensemble has voted on, by the image's index in the test set, sorted. Rewritten whole
 * and atomically when votes are added. A multi-label ensemble's ({@link #multiLabel}) has one
 * column per teacher instead, {@code index,teacher_0,...,teacher_T-1}, each teacher's label set as
 * a bit mask, by the canvas's position in the pool.
 */
final class VoteStore {
  private final Path file;
  private final String column;
  private final int width;
  private final RowCheck check;

  /** What a row's values must satisfy beyond being non-negative integers. */
  @FunctionalInterface
  private interface RowCheck {
    /** The problem with {@code values}, or null. */
    String problem(int[] values);
  }

  VoteStore(Path file, int numClasses, int teachers) {
    this(file, "count", numClasses, counts -> {
      int sum = Arrays.stream(counts).sum();
      return sum == teachers ? null
          : "counts sum to " + sum + ", not the " + teachers + " teachers' votes";
    });
  }

  private VoteStore(Path file, String column, int width, RowCheck check) {
    this.file = file;
    this.column = column;
    this.width = width;
    this.check = check;
  }

  /** The store of a multi-label ensemble of {@code teachers} voting over {@code labels} labels. */
  static VoteStore multiLabel(Path file, int teachers, int labels) {
    return new VoteStore(file, "teacher", teachers, masks -> {
      for (int mask : masks) {
        if (mask >= 1 << labels) {
          return "label set " + mask + " is not a bit mask over " + labels + " labels";
        }
      }
      return null;
    });
  }

  /** The saved votes by image index; empty if there are none yet. */
  Map<Integer, int[]> read() {
    Map<Integer, int[]> votes = new TreeMap<>();
    if (!Files.exists(file)) {
      return votes;
    }
    CSVFormat format = CSVFormat.DEFAULT.builder().setHeader().setSkipHeaderRecord(true).build();
    try (Reader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
      var parser = format.parse(in);
      if (!parser.getHeaderNames().equals(header())) {
        throw corrupt(1, "header " + parser.getHeaderNames() + " is not " + header());
      }
      for (CSVRecord row : parser) {
        votes.put(index(row), counts(row));
      }
    } catch (IOException e) {
      throw new UserError("cannot read " + file + ": " + e.getMessage(), e);
    }
    return votes;
  }

  /** Replaces the file with {@code votes}. */
  void write(Map<Integer, int[]> votes) {
    StringBuilder text = new StringBuilder();
    try (CSVPrinter out = new CSVPrinter(text, CSVFormat.DEFAULT.builder()
        .setHeader(header().toArray(String[]::new)).setRecordSeparator('\n').build())) {
      for (Map.Entry<Integer, int[]> entry : new TreeMap<>(votes).entrySet()) {
        List<Object> row = new ArrayList<>();
        row.add(entry.getKey());
        Arrays.stream(entry.getValue()).forEach(row::add);
        out.printRecord(row);
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot format votes for " + file, e);
    }
    AtomicFiles.writeString(file, text.toString());
  }

  private List<String> header() {
    List<String> names = new ArrayList<>(List.of("index"));
    for (int c = 0; c < width; c++) {
      names.add(column + "_" + c);
    }
    return names;
  }

  private int index(CSVRecord row) {
    try {
      int index = Integer.parseInt(row.get(0));
      if (index < 0) {
        throw corrupt(row.getRecordNumber() + 1, "index " + index + " is negative");
      }
      return index;
    } catch (NumberFormatException e) {
      throw corrupt(row.getRecordNumber() + 1, "index '" + row.get(0) + "' is not an integer");
    }
  }

  private int[] counts(CSVRecord row) {
    long line = row.getRecordNumber() + 1;
    if (row.size() != width + 1) {
      throw corrupt(line, row.size() + " fields, expected " + (width + 1));
    }
    int[] values = new int[width];
    for (int c = 0; c < width; c++) {
      try {
        values[c] = Integer.parseInt(row.get(c + 1));
      } catch (NumberFormatException e) {
        throw corrupt(line, column + " '" + row.get(c + 1) + "' is not an integer");
      }
      if (values[c] < 0) {
        throw corrupt(line, column + " " + values[c] + " is negative");
      }
    }
    String problem = check.problem(values);
    if (problem != null) {
      throw corrupt(line, problem);
    }
    return values;
  }

  private UserError corrupt(long line, String problem) {
    return new UserError(file + " line " + line + ": " + problem + " (the cached votes were"
        + " changed; delete the file and they are computed again)");
  }
}
