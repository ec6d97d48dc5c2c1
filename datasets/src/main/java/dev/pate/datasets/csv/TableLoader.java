package dev.pate.datasets.csv;

import dev.pate.datasets.DataException;
import dev.pate.datasets.TableDataset;
import dev.pate.datasets.split.PublicSplit;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Loads a CSV run's private and public tables: reads both files ({@link CsvReader}), fits the
 * encoding on the public pool only ({@link TableEncoding}), encodes every row and splits the public
 * rows into pool and held-out set.
 */
public final class TableLoader {
  private TableLoader() {}

  /**
   * @param poolSize the first {@code poolSize} kept rows of the public file are the query pool, the
   *     rest are held out for evaluation
   * @throws DataException for any problem with the files, or if the public file keeps no more than
   *     {@code poolSize} rows
   */
  public static TableData load(CsvSchema schema, CsvFile privateFile, CsvFile publicFile,
      int poolSize) {
    if (poolSize < 1) {
      throw new IllegalArgumentException("poolSize: " + poolSize + " is not >= 1");
    }
    RawTable publicRows = CsvReader.read(publicFile, schema);
    if (poolSize >= publicRows.rows()) {
      throw DataException.forFile(publicFile.path(), "keeps " + publicRows.rows()
          + " rows, not more than the query pool of " + poolSize
          + "; nothing would be left for the held-out evaluation set (lower the query pool)");
    }
    RawTable privateRows = CsvReader.read(privateFile, schema);
    RawTable pool = publicRows.rows(0, poolSize);
    RawTable heldOut = publicRows.rows(poolSize, publicRows.rows());
    TableEncoding encoding = TableEncoding.fit(schema, pool);

    TableEncoding.Encoded privateEncoded = encoding.encode(privateRows);
    TableEncoding.Encoded publicEncoded = encoding.encode(publicRows);
    Map<String, Map<String, Integer>> unseen = new LinkedHashMap<>();
    unseen.put("private", privateEncoded.unseen());
    unseen.put("pool", encoding.encode(pool).unseen());
    unseen.put("held_out", encoding.encode(heldOut).unseen());

    TableDataset privateSet = dataset(privateRows, privateEncoded, encoding, schema);
    TableDataset publicSet = dataset(publicRows, publicEncoded, encoding, schema);
    return new TableData(privateSet, PublicSplit.of(publicSet, poolSize), encoding,
        privateRows.summary(), publicRows.summary(), unseen);
  }

  /**
   * Reads {@code file} as {@code schema} says and encodes its rows with {@code encoding}, fitted
   * before and kept as it is: what a released model's input goes through. Rows whose label is
   * missing are kept (label -1); rows with another missing value are dropped under the schema's
   * {@code drop} policy and counted.
   *
   * @throws DataException for any problem with the file
   */
  public static EncodedRows encode(CsvSchema schema, CsvFile file, TableEncoding encoding) {
    RawTable rows = CsvReader.readUnlabelled(file, schema);
    TableEncoding.Encoded encoded = encoding.encode(rows);
    return new EncodedRows(encoded.features(), encoding.featureCount(), rows.records(),
        rows.labels(), rows.summary(), encoded.unseen());
  }

  private static TableDataset dataset(RawTable rows, TableEncoding.Encoded encoded,
      TableEncoding encoding, CsvSchema schema) {
    return TableDataset.wrap(rows.source(), rows.name(), encoding.featureNames(),
        schema.classes().size(), encoded.features(), rows.labels(), rows.records());
  }
}
