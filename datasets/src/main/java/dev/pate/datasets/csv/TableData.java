package dev.pate.datasets.csv;

import dev.pate.datasets.TableDataset;
import dev.pate.datasets.split.PublicSplit;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * A CSV run's data: the encoded private table, the public table split into pool and held-out rows,
 * the encoding and what reading found.
 *
 * @param privateSet the private file's kept rows, encoded
 * @param publicSplit the public file's kept rows, encoded: the first rows are the query pool (whose
 *     labels may be missing), the rest, or the evaluation file's rows, held out
 * @param encoding how rows became features, fitted on the pool or fixed in the schema
 * @param privateFile what reading the private file found (private statistics: for the data owner)
 * @param publicFile what reading the public file found
 * @param evalFile what reading the evaluation file found, if the held-out rows have one
 * @param unseen per split ({@code private}, {@code pool}, {@code held_out}) and categorical column,
 *     the rows whose category is not in the vocabulary
 */
public record TableData(
    TableDataset privateSet,
    PublicSplit publicSplit,
    TableEncoding encoding,
    FileSummary privateFile,
    FileSummary publicFile,
    Optional<FileSummary> evalFile,
    Map<String, Map<String, Integer>> unseen) {

  public TableData {
    Objects.requireNonNull(privateSet, "privateSet");
    Objects.requireNonNull(publicSplit, "publicSplit");
    Objects.requireNonNull(encoding, "encoding");
    Objects.requireNonNull(privateFile, "privateFile");
    Objects.requireNonNull(publicFile, "publicFile");
    Objects.requireNonNull(evalFile, "evalFile");
    unseen = Collections.unmodifiableMap(new LinkedHashMap<>(unseen));
  }
}
