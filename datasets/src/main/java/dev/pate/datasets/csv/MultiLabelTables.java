package dev.pate.datasets.csv;

import dev.pate.datasets.multilabel.MultiLabelTable;
import java.util.Objects;
import java.util.Optional;

/**
 * A multi-label CSV run's data ({@link TableLoader#loadMultiLabel}): the encoded private rows with
 * their record numbers, the public rows cut into the query pool and the held-out set (or the
 * evaluation file's rows), the encoding fitted on the pool, and what reading each file found.
 *
 * @param privateRows the private file's kept rows, encoded, with their label sets
 * @param privateRecords each private row's record number in its file (counting dropped rows): the
 *     position a teacher is chosen by
 * @param pool the first kept rows of the public file, every one with its label set
 * @param heldOut the public file's rows after the pool, or the evaluation file's
 * @param encoding how rows became features, fitted on the pool or fixed in the schema
 * @param privateFile what reading the private file found (private statistics)
 * @param publicFile what reading the public file found
 * @param evalFile what reading the evaluation file found, if the held-out rows have one
 */
public record MultiLabelTables(MultiLabelTable privateRows, int[] privateRecords,
    MultiLabelTable pool, MultiLabelTable heldOut, TableEncoding encoding,
    FileSummary privateFile, FileSummary publicFile, Optional<FileSummary> evalFile) {

  public MultiLabelTables {
    Objects.requireNonNull(privateRows, "privateRows");
    privateRecords = privateRecords.clone();
    Objects.requireNonNull(pool, "pool");
    Objects.requireNonNull(heldOut, "heldOut");
    Objects.requireNonNull(encoding, "encoding");
    Objects.requireNonNull(privateFile, "privateFile");
    Objects.requireNonNull(publicFile, "publicFile");
    Objects.requireNonNull(evalFile, "evalFile");
    if (privateRecords.length != privateRows.size()) {
      throw new IllegalArgumentException("privateRecords: " + privateRecords.length
          + " for " + privateRows.size() + " rows");
    }
  }

  @Override
  public int[] privateRecords() {
    return privateRecords.clone();
  }
}
