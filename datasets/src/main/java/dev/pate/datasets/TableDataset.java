package dev.pate.datasets;

import java.util.List;
import java.util.Objects;

/**
 * An immutable set of table rows (labelled, or {@link Dataset#UNLABELLED} in a public pool) whose
 * features are already encoded as floats (numbers scaled, categories one-hot; see {@link
 * dev.pate.datasets.csv.TableEncoding}).
 *
 * <p>Features are kept in one {@code float[]} of {@code rows * featureCount} values (Adult: 30000
 * rows of ~100 features, 12 MB); {@link #subset} and {@link #range} return views that share it, as
 * {@link ImageDataset} does. The {@link #sourceIndex} of a row is its record number in the CSV
 * file (0-based, counting every data record after skipped lines and the header, dropped or not),
 * so ids and the {@code index} column of votes.csv and labels.csv point back into the file.
 */
public final class TableDataset implements Dataset {
  private final String name;
  private final String source;
  private final List<String> featureNames;
  private final int numClasses;

  /** Encoded features of every row, shared by all views. */
  private final float[] features;

  /** Label of every row, shared by all views. */
  private final int[] labels;

  /** Record number in the source file of every row, shared by all views. */
  private final int[] records;

  private final Positions positions;

  private TableDataset(
      String name,
      String source,
      List<String> featureNames,
      int numClasses,
      float[] features,
      int[] labels,
      int[] records,
      Positions positions) {
    this.name = name;
    this.source = source;
    this.featureNames = featureNames;
    this.numClasses = numClasses;
    this.features = features;
    this.labels = labels;
    this.records = records;
    this.positions = positions;
  }

  /**
   * Takes ownership of the arrays without copying them; the caller must not touch them again.
   *
   * @param source identifies the source file; becomes every example's {@link ExampleId#split()}
   * @param name display name of the whole table, e.g. the file name
   * @param featureNames one name per encoded feature, e.g. {@code "workclass=Private"}
   * @param features {@code labels.length * featureNames.size()} floats, row-major
   * @param labels class of each row, in {@code 0..numClasses-1}, or {@link #UNLABELLED}
   * @param records record number of each row in the source file, strictly increasing
   */
  public static TableDataset wrap(
      String source,
      String name,
      List<String> featureNames,
      int numClasses,
      float[] features,
      int[] labels,
      int[] records) {
    Objects.requireNonNull(name, "name");
    new ExampleId(source, 0); // validates the source name with the rules of the ids it will make
    List<String> names = List.copyOf(featureNames);
    if (names.isEmpty()) {
      throw new IllegalArgumentException("featureNames: empty, a table needs at least one feature");
    }
    if (numClasses < 1) {
      throw new IllegalArgumentException("numClasses: " + numClasses + " is not >= 1");
    }
    if (features.length != (long) labels.length * names.size()) {
      throw new IllegalArgumentException("features: length " + features.length + " is not "
          + labels.length + " rows * " + names.size() + " features");
    }
    if (records.length != labels.length) {
      throw new IllegalArgumentException(
          "records: " + records.length + " record numbers for " + labels.length + " rows");
    }
    for (int i = 0; i < labels.length; i++) {
      if (labels[i] != UNLABELLED && (labels[i] < 0 || labels[i] >= numClasses)) {
        throw new IllegalArgumentException("labels: label " + labels[i] + " at row " + i
            + " is not in 0.." + (numClasses - 1) + " nor UNLABELLED");
      }
      if (records[i] < 0 || (i > 0 && records[i] <= records[i - 1])) {
        throw new IllegalArgumentException(
            "records: " + records[i] + " at row " + i + " is not > the previous record number");
      }
    }
    return new TableDataset(name, source, names, numClasses, features, labels, records,
        Positions.all(labels.length));
  }

  @Override
  public String name() {
    return name;
  }

  @Override
  public String source() {
    return source;
  }

  @Override
  public int size() {
    return positions.size();
  }

  @Override
  public int numClasses() {
    return numClasses;
  }

  @Override
  public int label(int index) {
    return labels[positions.row(index)];
  }

  /** The record number of example {@code index} in the source CSV file. */
  @Override
  public int sourceIndex(int index) {
    return records[positions.row(index)];
  }

  @Override
  public int featureCount() {
    return featureNames.size();
  }

  /** Name of each encoded feature, in order, e.g. {@code ["age", "workclass=Private", ...]}. */
  public List<String> featureNames() {
    return featureNames;
  }

  @Override
  public void featuresAsFloats(int index, float[] dst, int offset) {
    int width = featureNames.size();
    Objects.checkFromIndexSize(offset, width, dst.length);
    System.arraycopy(features, positions.row(index) * width, dst, offset, width);
  }

  @Override
  public TableDataset subset(String name, int[] indices) {
    Objects.requireNonNull(name, "name");
    return new TableDataset(name, source, featureNames, numClasses, features, labels, records,
        positions.subset(indices, this.name));
  }

  @Override
  public String toString() {
    return name + " (" + size() + " rows of " + featureCount() + " features, " + numClasses
        + " classes)";
  }
}
