package dev.pate.datasets.csv;

import dev.pate.datasets.ExampleId;
import dev.pate.datasets.TableDataset;
import dev.pate.datasets.multilabel.MultiLabelTable;
import dev.pate.datasets.split.PublicSplit;
import dev.pate.files.UserError;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Loads a CSV run's private and public tables: reads the files ({@link CsvReader}), fits the
 * encoding on the public pool only ({@link TableEncoding}), encodes every row and splits the public
 * rows into pool and held-out set (or takes the held-out rows from an evaluation file of their
 * own). The pool may be unlabelled; the private and held-out rows are labelled.
 */
public final class TableLoader {
  private TableLoader() {}

  /** {@link #load(CsvSchema, CsvFile, CsvFile, Optional, int)} without an evaluation file. */
  public static TableData load(CsvSchema schema, CsvFile privateFile, CsvFile publicFile,
      int poolSize) {
    return load(schema, privateFile, publicFile, Optional.empty(), poolSize);
  }

  /**
   * Reads the files, fits the encoding on the pool and encodes every row. A public row whose label
   * is missing (a missing-value marker, or empty) is kept in the pool as {@link
   * dev.pate.datasets.Dataset#UNLABELLED}: the teachers label the pool. The held-out rows (the
   * evaluation file's, or the public file's after the pool) must all be labelled. Private rows
   * without a label are dropped and counted, as before: a teacher cannot learn from them.
   *
   * @param evalFile the held-out rows' own file; empty: the public file's rows after the pool
   * @param poolSize the first {@code poolSize} kept rows of the public file are the query pool
   *     (with an evaluation file, all of them if it keeps fewer)
   * @throws UserError for any problem with the files, naming the file and line or record: an
   *     unlabelled held-out row, or a public file that keeps no more than {@code poolSize} rows
   *     and has no evaluation file beside it
   */
  public static TableData load(CsvSchema schema, CsvFile privateFile, CsvFile publicFile,
      Optional<CsvFile> evalFile, int poolSize) {
    if (schema.multiLabel()) {
      throw new IllegalArgumentException("schema: multi-label; use loadMultiLabel");
    }
    Tables tables = read(schema, privateFile, publicFile, evalFile, poolSize);
    RawTable publicRows = tables.publicRows();
    Optional<RawTable> evalRows = tables.evalRows();
    int pool = tables.poolRows().rows();
    RawTable poolRows = tables.poolRows();
    RawTable heldOut = tables.heldOut();
    RawTable privateRows = tables.privateRows();
    TableEncoding encoding = tables.encoding();

    TableEncoding.Encoded privateEncoded = encoding.encode(privateRows);
    Map<String, Map<String, Integer>> unseen = new LinkedHashMap<>();
    unseen.put("private", privateEncoded.unseen());
    unseen.put("pool", encoding.encode(poolRows).unseen());
    TableEncoding.Encoded heldOutEncoded = encoding.encode(heldOut);
    unseen.put("held_out", heldOutEncoded.unseen());

    TableDataset privateSet = dataset(privateRows, privateEncoded, encoding, schema);
    TableDataset publicSet = dataset(publicRows, encoding.encode(publicRows), encoding, schema);
    PublicSplit split;
    if (evalRows.isPresent()) {
      TableDataset evalSet = dataset(heldOut, heldOutEncoded, encoding, schema);
      split = new PublicSplit(publicSet.range(publicSet.name() + "/pool", 0, pool),
          evalSet.range(evalSet.name() + "/holdout", 0, evalSet.size()));
    } else {
      split = PublicSplit.of(publicSet, poolSize);
    }
    return new TableData(privateSet, split, encoding, privateRows.summary(),
        publicRows.summary(), evalRows.map(RawTable::summary), unseen);
  }

  /**
   * Reads the files of a multi-label table (a {@link CsvLabels.MultiHot} schema), fits the encoding
   * on the pool as {@link #load} does, and encodes every row. Every row of the pool and the
   * held-out set must have its label set (the pool's are public, for the report to score the
   * answers with); a private row with a missing value in a label column is dropped and counted,
   * as a single-label row without its label is.
   *
   * @throws UserError for any problem with the files, naming the file and line or record
   */
  public static MultiLabelTables loadMultiLabel(CsvSchema schema, CsvFile privateFile,
      CsvFile publicFile, Optional<CsvFile> evalFile, int poolSize) {
    if (!schema.multiLabel()) {
      throw new IllegalArgumentException("schema: single-label; use load");
    }
    Tables tables = read(schema, privateFile, publicFile, evalFile, poolSize);
    RawTable poolRows = tables.poolRows();
    for (int r = 0; r < poolRows.rows(); r++) {
      if (poolRows.labels()[r] == CsvReader.NO_LABEL) {
        throw UserError.forFile(publicFile.path(), "record " + poolRows.records()[r]
            + " (counting from 0 after the skipped lines and the header) has no label set (a"
            + " label column is empty or missing); a multi-label run's query pool must be"
            + " labelled too: its label sets score the released answers in the report");
      }
    }
    TableEncoding encoding = tables.encoding();
    List<String> labels = schema.labels().columns();
    return new MultiLabelTables(
        table(tables.privateRows(), encoding, labels, tables.privateRows().name()),
        tables.privateRows().records(),
        table(poolRows, encoding, labels, poolRows.name() + "/pool"),
        table(tables.heldOut(), encoding, labels, tables.heldOut().name() + "/holdout"),
        encoding, tables.privateRows().summary(), tables.publicRows().summary(),
        tables.evalRows().map(RawTable::summary));
  }

  private static MultiLabelTable table(RawTable rows, TableEncoding encoding,
      List<String> labels, String name) {
    List<List<String>> ids = new ArrayList<>(rows.rows());
    for (int r = 0; r < rows.rows(); r++) {
      ids.add(List.of(new ExampleId(rows.source(), rows.records()[r]).toString()));
    }
    return new MultiLabelTable(name, encoding.featureNames(), encoding.encode(rows).features(),
        rows.labels(), labels, ids);
  }

  /** The files of a table read, the pool cut from the public rows, the encoding fitted. */
  private record Tables(RawTable privateRows, RawTable publicRows, RawTable poolRows,
      RawTable heldOut, Optional<RawTable> evalRows, TableEncoding encoding) {}

  private static Tables read(CsvSchema schema, CsvFile privateFile, CsvFile publicFile,
      Optional<CsvFile> evalFile, int poolSize) {
    if (poolSize < 1) {
      throw new IllegalArgumentException("poolSize: " + poolSize + " is not >= 1");
    }
    RawTable publicRows = CsvReader.readUnlabelled(publicFile, schema);
    if (evalFile.isEmpty() && poolSize >= publicRows.rows()) {
      throw UserError.forFile(publicFile.path(), "keeps " + publicRows.rows()
          + " rows, not more than the query pool of " + poolSize
          + "; nothing would be left for the held-out evaluation set (lower the query pool, or"
          + " give dataset.csv.eval_file)");
    }
    Optional<RawTable> evalRows = evalFile.map(f -> CsvReader.readUnlabelled(f, schema));
    int pool = Math.min(poolSize, publicRows.rows());
    RawTable poolRows = publicRows.rows(0, pool);
    RawTable heldOut = evalRows.orElseGet(() -> publicRows.rows(pool, publicRows.rows()));
    requireLabelled(heldOut, evalFile.orElse(publicFile), evalFile.isPresent());
    RawTable privateRows = CsvReader.read(privateFile, schema);
    return new Tables(privateRows, publicRows, poolRows, heldOut, evalRows,
        TableEncoding.fit(schema, poolRows));
  }

  /** Refuses a held-out row without a label, naming the file and its record number. */
  private static void requireLabelled(RawTable heldOut, CsvFile file, boolean ownFile) {
    for (int r = 0; r < heldOut.rows(); r++) {
      if (heldOut.labels()[r] == CsvReader.NO_LABEL) {
        throw UserError.forFile(file.path(), "record " + heldOut.records()[r]
            + " (counting from 0 after the skipped lines and the header) has no label; "
            + (ownFile ? "the evaluation file's rows" : "the held-out rows (the kept rows after"
                + " the first dataset.query_pool)") + " must be labelled, only the query pool"
            + " may be unlabelled");
      }
    }
  }

  /**
   * Reads {@code file} as {@code schema} says and encodes its rows with {@code encoding}, fitted
   * before and kept as it is: what a released model's input goes through. Rows whose label is
   * missing are kept (label -1); rows with another missing value are dropped under the schema's
   * {@code drop} policy and counted.
   *
   * @throws UserError for any problem with the file
   */
  public static EncodedRows encode(CsvSchema schema, CsvFile file, TableEncoding encoding) {
    RawTable rows = CsvReader.readUnlabelled(file, schema);
    TableEncoding.Encoded encoded = encoding.encode(rows);
    return new EncodedRows(encoded.features(), encoding.featureCount(), rows.records(),
        rows.labels(), rows.summary(), encoded.unseen(), encoded.firstUnseen());
  }

  private static TableDataset dataset(RawTable rows, TableEncoding.Encoded encoded,
      TableEncoding encoding, CsvSchema schema) {
    return TableDataset.wrap(rows.source(), rows.name(), encoding.featureNames(),
        schema.classes().size(), encoded.features(), rows.labels(), rows.records());
  }
}
