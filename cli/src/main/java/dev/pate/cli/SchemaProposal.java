package dev.pate.cli;

import dev.pate.config.ConfigWriter;
import dev.pate.datasets.csv.ColumnProfile;
import dev.pate.datasets.csv.CsvProfile;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * What {@code pate inspect} prints: a commented run config whose {@code dataset} block describes
 * the inspected CSV file as inferred, with a table of the columns, for a person to review. It loads
 * as a run config as it is (given the public file).
 */
final class SchemaProposal {
  private SchemaProposal() {}

  /**
   * A run name from the private file's name ({@code adult.data} gives {@code adult-data}): the
   * characters a name may hold, starting with a letter or digit.
   */
  static String runName(Path file) {
    String name = file.getFileName().toString().replaceAll("[^A-Za-z0-9._-]+", "-")
        .replace('.', '-').replaceAll("^[^A-Za-z0-9]+", "");
    name = name.substring(0, Math.min(name.length(), 100));
    return name.isEmpty() ? "csv-run" : name;
  }

  static String yaml(CsvProfile p, String command) {
    StringBuilder b = new StringBuilder();
    b.append("# Proposed by `").append(command).append("` from ").append(p.records())
        .append(" records of ").append(p.file().getFileName());
    p.publicRecords().ifPresent(n -> b.append(" and ").append(n).append(" of ")
        .append(p.publicFile().orElseThrow().getFileName()));
    b.append(".\n# Every line is a guess: check the column kinds, the label and the classes before"
        + " running.\n");
    b.append("# PRIVATE: the counts and values below are raw statistics of ")
        .append(p.file().getFileName()).append(", not privacy-protected; keep this output with"
            + " the data owner.\n");
    if (p.ragged() > 0) {
      b.append("# WARNING: ").append(p.ragged()).append(" records have another number of fields"
          + " than the first one; a run stops at the first of them.\n");
    }
    b.append("#\n# ").append(String.format(Locale.ROOT, "%-20s %-12s %9s %8s  %s", "column",
        "kind", "distinct", "missing", "range or most frequent values")).append('\n');
    for (ColumnProfile c : p.columns()) {
      b.append("# ").append(String.format(Locale.ROOT, "%-20s %-12s %9s %8d  %s", c.name(),
          c.kind().name().toLowerCase(Locale.ROOT),
          c.distinct() + (c.distinctCapped() ? "+" : ""), c.missing(), summary(c)))
          .append('\n');
    }
    if (!p.labelCandidates().isEmpty()) {
      b.append("# label candidates (few distinct values): ")
          .append(String.join(", ", p.labelCandidates())).append('\n');
    }
    String label = p.labelCandidates().isEmpty() ? null : p.labelCandidates().get(0);
    b.append("name: ").append(runName(p.file()))
        .append("  # runs go to runs/<name>/<UTC timestamp>/\n");
    b.append("dataset:\n");
    b.append("  name: csv\n");
    int pool = p.publicRecords().orElse(0) * 3 / 5;
    b.append("  query_pool: ").append(pool > 0 ? Integer.toString(pool) : "9000")
        .append("  # the first query_pool kept rows of public_file; the rest are held out\n");
    b.append("  csv:\n");
    b.append("    private_file: ").append(path(p.file())).append('\n');
    if (p.publicFile().isPresent()) {
      b.append("    public_file: ").append(path(p.publicFile().get())).append('\n');
    } else {
      b.append("    public_file: null  # REQUIRED: the public CSV (queries and evaluation); run"
          + " inspect with --public to check it\n");
    }
    b.append("    private_skip_lines: ").append(p.skipLines()).append('\n');
    b.append("    public_skip_lines: ").append(p.publicSkipLines().orElse(0)).append('\n');
    b.append("    columns: ").append(p.header() ? "header" : list(p.columnNames())).append('\n');
    b.append("    delimiter: ").append(ConfigWriter.scalar(p.delimiter())).append('\n');
    if (label == null) {
      b.append("    label: null  # REQUIRED: no column has few enough distinct values\n");
      b.append("    classes: []  # REQUIRED\n");
    } else {
      b.append("    label: ").append(ConfigWriter.scalar(label)).append('\n');
      b.append("    classes: ").append(list(p.classes())).append('\n');
    }
    b.append("    strip_label_suffix: ")
        .append(p.labelSuffix().map(ConfigWriter::scalar).orElse("null")).append('\n');
    b.append("    categorical: ").append(list(p.columnsOf(ColumnProfile.Kind.CATEGORICAL)))
        .append('\n');
    b.append("    numeric: ").append(list(p.columnsOf(ColumnProfile.Kind.NUMERIC))).append('\n');
    b.append("    ignored: ").append(list(p.columnsOf(ColumnProfile.Kind.IGNORED)))
        .append("  # ids and free text\n");
    b.append("    missing: ").append(list(p.missing())).append('\n');
    b.append("    missing_policy: drop  # or category: keep the rows\n");
    b.append("    scaling: standard\n");
    b.append("teachers:\n  network:\n    architecture: mlp  # tables have no pixels: dense layers"
        + " only\n    dense: []\n");
    b.append("aggregator:\n  queries: ").append(Math.min(100, pool > 0 ? pool : 100))
        .append("  # at most dataset.query_pool\n");
    b.append("student:\n  network:\n    architecture: mlp\n    dense: [32]\n");
    return b.toString();
  }

  private static String summary(ColumnProfile c) {
    if (c.kind() == ColumnProfile.Kind.NUMERIC) {
      return number(c.min()) + " .. " + number(c.max());
    }
    String values = String.join(", ", c.frequent());
    return values.length() > 60 ? values.substring(0, 57) + "..." : values;
  }

  private static String number(double x) {
    return x == Math.rint(x) && Math.abs(x) < 1e15 ? Long.toString((long) x) : Double.toString(x);
  }

  private static String list(List<String> values) {
    return values.stream().map(ConfigWriter::scalar).collect(Collectors.joining(", ", "[", "]"));
  }

  private static String path(Path file) {
    return ConfigWriter.scalar(file.toString());
  }
}
