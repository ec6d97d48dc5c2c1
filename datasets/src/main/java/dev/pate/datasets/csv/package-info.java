/**
 * CSV tables as private and public data, read with Apache Commons CSV.
 *
 * <ul>
 *   <li>{@link dev.pate.datasets.csv.CsvSchema}: how to read a table (columns or header,
 *       delimiter, label and classes, categorical, numeric and ignored columns, missing-value
 *       markers and what to do with them) and how to encode it (scaling, fixed vocabularies and
 *       ranges).
 *   <li>{@link dev.pate.datasets.csv.CsvReader}: reads a file; anything the schema does not allow
 *       (a ragged row, a non-number in a numeric column, an unknown label, an empty file, broken
 *       quoting, text that is not UTF-8) is a one-line {@link dev.pate.files.UserError}
 *       naming the file and line; dropped rows are counted in a {@link
 *       dev.pate.datasets.csv.FileSummary}.
 *   <li>{@link dev.pate.datasets.csv.TableEncoding}: numbers scaled and categories one-hot, with
 *       statistics from the public pool or the schema, never from private data; unseen categories
 *       are all zeros and counted.
 *   <li>{@link dev.pate.datasets.csv.TableLoader}: both files read, the encoding fitted, rows
 *       encoded into {@link dev.pate.datasets.TableDataset}s, the public rows split into pool and
 *       held-out set.
 *   <li>{@link dev.pate.datasets.csv.CsvInspector}: a schema proposal inferred from a file, for
 *       {@code pate inspect}.
 * </ul>
 */
package dev.pate.datasets.csv;
