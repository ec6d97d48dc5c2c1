package dev.pate.pipeline.data;

import dev.pate.config.CsvConfig;
import dev.pate.datasets.csv.ColumnEncoding;
import dev.pate.datasets.csv.CsvFile;
import dev.pate.datasets.csv.CsvLabels;
import dev.pate.datasets.csv.CsvSchema;
import dev.pate.datasets.csv.NumericRange;
import dev.pate.datasets.csv.StatSource;
import dev.pate.datasets.csv.TableData;
import dev.pate.datasets.csv.TableLoader;
import dev.pate.datasets.files.DataDirectory;
import dev.pate.files.UserError;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * A CSV run's data: the config's {@code dataset.csv} block as a {@link CsvSchema}, the two files
 * located, the tables loaded, and the report's account of how they were read and encoded.
 */
public final class CsvData {
  private CsvData() {}

  static RunData load(CsvConfig csv, int queryPool, DataDirectory dataDirectory) {
    CsvSchema schema = schema(csv);
    CsvFile privateFile = new CsvFile(dataDirectory.resolveFile(csv.privateFile()),
        csv.privateSkipLines());
    CsvFile publicFile = new CsvFile(dataDirectory.resolveFile(csv.publicFile()),
        csv.publicSkipLines());
    Optional<CsvFile> evalFile = csv.evalFile().map(f -> new CsvFile(
        dataDirectory.resolveFile(f), csv.evalSkipLines()));
    TableData data = TableLoader.load(schema, privateFile, publicFile, evalFile, queryPool);
    Map<String, Integer> unseenPrivate = new LinkedHashMap<>(data.unseen().get("private"));
    return new RunData("csv", data.privateSet(), data.publicSplit(), null, report(data, schema),
        new RunData.PrivateTable(data.privateFile(), unseenPrivate),
        new RunData.Encoding(schema, data.encoding()), null);
  }

  /**
   * The schema of {@code csv}; its checks across keys (a column in two roles, a vocabulary of a
   * column that is not categorical) fail as one line naming the key.
   */
  public static CsvSchema schema(CsvConfig csv) {
    Map<String, NumericRange> ranges = new LinkedHashMap<>();
    try {
      csv.ranges().forEach((column, r) -> ranges.put(column, new NumericRange(r.get(0), r.get(1))));
      CsvLabels labels = csv.multiLabel() ? new CsvLabels.MultiHot(csv.labels())
          : new CsvLabels.OneClass(csv.label().orElseThrow(), csv.classes(),
              csv.stripLabelSuffix());
      return new CsvSchema(csv.columns(), csv.delimiter(), labels, csv.categorical(),
          csv.numeric(), csv.ignored(), csv.missing(), csv.missingPolicy(), csv.scaling(),
          csv.vocabularies(), ranges);
    } catch (IllegalArgumentException e) {
      throw new UserError("dataset.csv." + e.getMessage(), e);
    }
  }

  private static TablesReport report(TableData data, CsvSchema schema) {
    List<TablesReport.EncodedColumn> columns = new ArrayList<>();
    for (ColumnEncoding column : data.encoding().columns()) {
      String source = column.source().name().toLowerCase(Locale.ROOT).replace('_', ' ');
      if (column instanceof ColumnEncoding.Numeric n) {
        columns.add(new TablesReport.EncodedColumn(n.column(), "numeric", n.method(), source,
            n.center(), n.scale(), null, null));
      } else if (column instanceof ColumnEncoding.Categorical c) {
        Map<String, Integer> unseen = new LinkedHashMap<>();
        data.unseen().forEach((split, counts) -> {
          if (!split.equals("private")) { // the private split's counts are private figures
            unseen.put(split, counts.get(c.column()));
          }
        });
        List<String> categories = new ArrayList<>(c.categories());
        if (c.missingSlot()) {
          categories.add("(missing)");
        }
        columns.add(new TablesReport.EncodedColumn(c.column(), "categorical", "one-hot", source,
            null, null, categories, unseen));
      }
    }
    String fittedOn = "the first " + data.encoding().poolRows() + " kept rows of "
        + data.publicFile().file() + " (the public query pool); statistics marked 'schema' are"
        + " fixed in the config; no statistic comes from private data";
    boolean anyFitted = data.encoding().columns().stream()
        .anyMatch(c -> c.source() == StatSource.PUBLIC_POOL);
    var encoding = new TablesReport.Encoding(anyFitted ? fittedOn : "the schema alone",
        data.encoding().poolRows(), data.encoding().featureCount(),
        schema.missingPolicy().name().toLowerCase(Locale.ROOT), columns);
    return new TablesReport(data.publicFile(), data.evalFile().orElse(null), encoding);
  }
}
