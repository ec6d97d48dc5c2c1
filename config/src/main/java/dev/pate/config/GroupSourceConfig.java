package dev.pate.config;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Where each private record's privacy group is read from (YAML block {@code
 * privacy.groups.source}): exactly one of a column of the private CSV file, a per-record file, a
 * group for each class folder of the private images, or groups drawn at random in stated
 * proportions (simulated consent, for studies) ({@link GroupChecks} says so).
 *
 * @param column a column of dataset.csv's private file holding each record's group name
 * @param file a file with one group per private record, by position
 * @param folders the group of each class folder of dataset.images.private_dir
 * @param draw each group's share of the records, drawn by position (simulated consent)
 */
public record GroupSourceConfig(Optional<String> column, Optional<Path> file,
    Optional<Map<String, String>> folders, Optional<Map<String, Double>> draw) {

  private static final TextType NAME =
      new TextType(Pattern.compile("[^\\r\\n]+"), "a non-empty name without line breaks");

  static final Key<GroupSourceConfig, String> COLUMN =
      Key.nullable(
          "column",
          NAME,
          "the column of the private CSV file (dataset.name csv) holding each record's group"
              + " name; it is not a feature: list it in dataset.csv.ignored",
          GroupSourceConfig::column);

  static final Key<GroupSourceConfig, Path> FILE =
      Key.nullable(
          "file",
          PathType.data(),
          "a file with one group per record of the private data, in its order: a 1-dimensional"
              + " integer .npy (the index of the group in privacy.groups.budgets, from 0) or a"
              + " text/CSV file with one group name per line, no header; any dataset",
          GroupSourceConfig::file);

  static final Key<GroupSourceConfig, Map<String, String>> FOLDERS =
      Key.nullable(
          "folders",
          new MapType<>("class folder", NAME),
          "the group of each class folder of dataset.images.private_dir, e.g. {minors: strict,"
              + " adults: standard}; every class folder needs one",
          GroupSourceConfig::folders);

  static final Key<GroupSourceConfig, Map<String, Double>> DRAW =
      Key.nullable(
          "draw",
          new MapType<>("group", NumberType.number().strictlyBetween(0, 1)),
          "simulated consent, for studies on data without a group column: each group's share,"
              + " e.g. {strict: 0.34, standard: 0.43, open: 0.23}, summing to 1; each record's"
              + " group is drawn from the run's seed and its position only (stable under the"
              + " neighbour relation); not a property of the records",
          GroupSourceConfig::draw);

  static final Section<GroupSourceConfig> SECTION =
      Section.of(
          "source",
          "where each private record's group is read from: exactly one of column, file, folders,"
              + " draw",
          List.of(COLUMN, FILE, FOLDERS, DRAW),
          v -> new GroupSourceConfig(v.find(COLUMN), v.find(FILE), v.find(FOLDERS),
              v.find(DRAW)));

  public GroupSourceConfig {
    java.util.Objects.requireNonNull(column, "column");
    java.util.Objects.requireNonNull(file, "file");
    folders = java.util.Objects.requireNonNull(folders, "folders").map(m ->
        java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(m)));
    draw = java.util.Objects.requireNonNull(draw, "draw").map(m ->
        java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(m)));
  }

  /** No source given. */
  static GroupSourceConfig none() {
    return new GroupSourceConfig(Optional.empty(), Optional.empty(), Optional.empty(),
        Optional.empty());
  }

  /** How many of the three sources are given. */
  int given() {
    return (column.isPresent() ? 1 : 0) + (file.isPresent() ? 1 : 0)
        + (folders.isPresent() ? 1 : 0) + (draw.isPresent() ? 1 : 0);
  }
}
