package dev.pate.datasets.csv;

import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * What {@link CsvInspector} inferred about a CSV file (and optionally the public file that goes
 * with it): a proposal for a {@link CsvSchema}, to be reviewed by a person.
 *
 * @param file the inspected (private) file
 * @param delimiter the field separator
 * @param skipLines leading lines that do not look like the rest (junk, comments)
 * @param header whether the first record looks like a header
 * @param records data records read
 * @param ragged records whose field count differs from the first record's
 * @param columns one profile per column, in file order
 * @param missing the missing-value markers that occur (e.g. {@code ?}, empty)
 * @param labelCandidates columns with few distinct values, most likely label first
 * @param classes the distinct values of the first candidate, sorted
 * @param publicFile the public file, when given
 * @param publicSkipLines its leading lines to skip
 * @param publicRecords its data records
 * @param labelSuffix a suffix the public file's labels carry and the private file's do not
 */
public record CsvProfile(
    Path file,
    String delimiter,
    int skipLines,
    boolean header,
    int records,
    int ragged,
    List<ColumnProfile> columns,
    List<String> missing,
    List<String> labelCandidates,
    List<String> classes,
    Optional<Path> publicFile,
    OptionalInt publicSkipLines,
    OptionalInt publicRecords,
    Optional<String> labelSuffix) {

  public CsvProfile {
    Objects.requireNonNull(file, "file");
    Objects.requireNonNull(delimiter, "delimiter");
    columns = List.copyOf(columns);
    missing = List.copyOf(missing);
    labelCandidates = List.copyOf(labelCandidates);
    classes = List.copyOf(classes);
    Objects.requireNonNull(publicFile, "publicFile");
    Objects.requireNonNull(publicSkipLines, "publicSkipLines");
    Objects.requireNonNull(publicRecords, "publicRecords");
    Objects.requireNonNull(labelSuffix, "labelSuffix");
  }

  /** The column names, in file order. */
  public List<String> columnNames() {
    return columns.stream().map(ColumnProfile::name).toList();
  }

  /** The names of the columns of {@code kind}, the label candidate excluded. */
  public List<String> columnsOf(ColumnProfile.Kind kind) {
    Optional<String> label = labelCandidates.stream().findFirst();
    return columns.stream()
        .filter(c -> c.kind() == kind && !label.equals(Optional.of(c.name())))
        .map(ColumnProfile::name)
        .toList();
  }
}
