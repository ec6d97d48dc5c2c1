package dev.pate.datasets.split;

import dev.pate.datasets.TableDataset;
import java.util.Arrays;
import java.util.BitSet;
import java.util.List;

/**
 * A private CSV file as the partitioner sees it, for neighbour tests: one label per record (its
 * single feature is derived from the label, so another label is another record) and the records
 * dropped for a missing value, which keep their position but are not in the dataset.
 *
 * @param labels the label of the record at each position of the file, in {@code 0..9}
 * @param dropped the positions whose record was dropped
 */
record PrivateFile(int[] labels, BitSet dropped) {
  static final String SOURCE = "/data/private.csv";

  PrivateFile {
    labels = labels.clone();
    dropped = (BitSet) dropped.clone();
  }

  /** A file of {@code records} records with labels {@code position % 10}, none dropped. */
  static PrivateFile of(int records) {
    int[] labels = new int[records];
    Arrays.setAll(labels, p -> p % 10);
    return new PrivateFile(labels, new BitSet());
  }

  int records() {
    return labels.length;
  }

  /** This file with the record at {@code position} replaced by another, kept record. */
  PrivateFile replaced(int position) {
    int[] changed = labels.clone();
    changed[position] = (changed[position] + 1) % 10;
    BitSet kept = (BitSet) dropped.clone();
    kept.clear(position);
    return new PrivateFile(changed, kept);
  }

  /** This file with the record at {@code position} replaced by one dropped for a missing value. */
  PrivateFile droppedAt(int position) {
    BitSet more = (BitSet) dropped.clone();
    more.set(position);
    return new PrivateFile(labels, more);
  }

  /** This file with one more (kept) record at the end. */
  PrivateFile appended() {
    int[] longer = Arrays.copyOf(labels, labels.length + 1);
    longer[labels.length] = 7;
    return new PrivateFile(longer, dropped);
  }

  /** This file without its last record. */
  PrivateFile withoutLast() {
    int last = labels.length - 1;
    return new PrivateFile(Arrays.copyOf(labels, last), dropped.get(0, last));
  }

  /** The kept records as the loader gives them: record numbers count the dropped ones. */
  TableDataset dataset() {
    int kept = labels.length - dropped.get(0, labels.length).cardinality();
    int[] keptLabels = new int[kept];
    int[] records = new int[kept];
    float[] features = new float[kept];
    int row = 0;
    for (int p = 0; p < labels.length; p++) {
      if (!dropped.get(p)) {
        keptLabels[row] = labels[p];
        records[row] = p;
        features[row] = labels[p] / 10f;
        row++;
      }
    }
    return TableDataset.wrap(SOURCE, "private.csv", List.of("x"), 10, features, keptLabels,
        records);
  }
}
