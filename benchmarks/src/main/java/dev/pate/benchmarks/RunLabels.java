package dev.pate.benchmarks;

import dev.pate.datasets.Dataset;
import dev.pate.datasets.csv.CsvRecords;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import org.apache.commons.csv.CSVRecord;

/**
 * A finished run's answered queries read back from its labels.csv onto the pool of a config's
 * public split, for the benchmarks that retrain from them.
 *
 * @param answered the answered pool images, in labels.csv's order
 * @param labels the run's noisy label of each, or its true label when asked for
 */
record RunLabels(Dataset answered, int[] labels) {
  /**
   * Reads {@code run}/labels.csv against {@code pool}; with {@code trueLabels} the same queries'
   * true labels instead (a diagnosis on public labels: the run's noisy labels are what it
   * released; the validation or held-out examples' labels are never among them).
   */
  static RunLabels read(Path run, Dataset pool, boolean trueLabels) {
    Path file = run.resolve("labels.csv");
    // Unanswered queries (an empty noisy label, Confident-GNMax) are left out.
    List<String[]> rows = CsvRecords.read(file, ",", parser -> parser.stream().skip(1)
        .map(CSVRecord::values).filter(f -> !f[1].isEmpty()).toList());
    // labels.csv names each query by its source index (a table row's CSV record number).
    Map<Integer, Integer> positionOf = pool.positionsBySourceIndex();
    int[] positions = rows.stream().mapToInt(f -> {
      Integer position = positionOf.get(Integer.parseInt(f[0]));
      if (position == null) {
        throw new IllegalArgumentException(file + ": index " + f[0]
            + " is not in this config's query pool; was its dataset section overridden?");
      }
      return position;
    }).toArray();
    int labelColumn = trueLabels ? 2 : 1;
    int[] labels = rows.stream().mapToInt(f -> {
      if (f[labelColumn].isEmpty()) {
        throw new IllegalArgumentException(file + ": index " + f[0]
            + " has no true label (an unlabelled pool), so true labels cannot apply");
      }
      return Integer.parseInt(f[labelColumn]);
    }).toArray();
    Dataset answered = pool.subset("answered", positions);
    requireSameImages(file, rows, answered);
    return new RunLabels(answered, labels);
  }

  /** The first {@code count} answers (all of them if there are fewer). */
  RunLabels first(int count) {
    int kept = Math.min(count, labels.length);
    return new RunLabels(answered.subset("answered", IntStream.range(0, kept).toArray()),
        Arrays.copyOf(labels, kept));
  }

  /**
   * labels.csv names each query by its index in the public source (a pool image's position there,
   * since the pool is the source's first images); the labels would silently land on other images if
   * this config split the public data otherwise, so every true label the run wrote is checked
   * against the image the index now finds.
   */
  private static void requireSameImages(Path file, List<String[]> rows, Dataset answered) {
    for (int i = 0; i < rows.size(); i++) {
      String written = rows.get(i)[2];
      if (answered.sourceIndex(i) != Integer.parseInt(rows.get(i)[0]) || (!written.isEmpty()
          && (!answered.isLabelled(i) || answered.label(i) != Integer.parseInt(written)))) {
        throw new IllegalArgumentException(file + ": the row of index " + rows.get(i)[0]
            + " does not name the same image in this config's public split (true_label "
            + written + "); was the run's dataset section changed by an override?");
      }
    }
  }
}
