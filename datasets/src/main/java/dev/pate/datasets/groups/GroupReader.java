package dev.pate.datasets.groups;

import dev.pate.datasets.csv.CsvColumn;
import dev.pate.datasets.csv.CsvFile;
import dev.pate.datasets.csv.CsvSchema;
import dev.pate.datasets.images.ImageFolders;
import dev.pate.files.UserError;
import dev.pate.files.npy.NpyData;
import dev.pate.files.npy.NpyReader;
import java.io.IOException;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Reads each private record's group from one of the {@link GroupSource}s. Every problem is one
 * line naming the file and line, entry or config key and what was expected: a record without a
 * group (a missing value, an empty line), a group that is not declared, a folder without a group.
 * The lengths against the private data and the groups without a record are checked by {@link
 * GroupMembership#groupsOf}.
 */
public final class GroupReader {
  /** The config key of a group column, named in messages. */
  public static final String COLUMN_KEY = "privacy.groups.source.column";

  /** The config key of a per-record file. */
  public static final String FILE_KEY = "privacy.groups.source.file";

  /** The config key of the folders rule. */
  public static final String FOLDERS_KEY = "privacy.groups.source.folders";

  /** The config key of simulated groups. */
  public static final String DRAW_KEY = "privacy.groups.source.draw";

  private GroupReader() {}

  /**
   * Groups drawn for the first {@code records} positions of the private file ({@link
   * GroupDraw}): simulated consent, for studies.
   *
   * @param proportions each group's share, by name, in any order; every declared group once
   * @param seed the run's seed
   */
  public static GroupMembership drawn(Map<String, Double> proportions, long seed, int records,
      List<String> names) {
    if (!proportions.keySet().equals(new java.util.HashSet<>(names))) {
      throw new UserError(DRAW_KEY + ": proportions for " + proportions.keySet()
          + ", expected one for each declared group " + names);
    }
    GroupDraw draw = new GroupDraw(seed, names.stream().map(proportions::get).toList());
    return new GroupMembership(names, draw.groups(records), DRAW_KEY);
  }

  /**
   * The groups in column {@code column} of the private CSV file, one per record.
   *
   * @throws UserError naming the file and line of a record whose value is missing or not a
   *     declared group, or naming {@link #COLUMN_KEY} if the column is a feature
   */
  public static GroupMembership fromColumn(CsvFile privateFile, CsvSchema schema, String column,
      List<String> names) {
    CsvColumn values = CsvColumn.read(privateFile, schema, column, COLUMN_KEY);
    int[] groups = new int[values.values().size()];
    for (int r = 0; r < groups.length; r++) {
      String value = values.values().get(r);
      if (value.isEmpty() || schema.isMissing(value)) {
        throw new UserError(values.where(r) + ": column '" + column + "' has no group ('"
            + value + "'); every private record needs one of the groups " + names);
      }
      String where = values.where(r) + ": column '" + column + "'";
      groups[r] = groupIndex(value, names, () -> where);
    }
    return new GroupMembership(names, groups, privateFile.path().toString());
  }

  /**
   * The groups in a per-record file: a 1-dimensional integer {@code .npy} of group indices (in
   * the order the groups are declared), or a text file (any other name, e.g. {@code .csv}) with
   * one group name per line and no header.
   *
   * @throws UserError naming the file and the entry or line at fault
   */
  public static GroupMembership fromRecordFile(Path file, List<String> names) {
    if (file.getFileName() != null
        && file.getFileName().toString().toLowerCase(Locale.ROOT).endsWith(".npy")) {
      return fromNpy(file, names);
    }
    List<String> lines;
    try {
      lines = Files.readAllLines(file, StandardCharsets.UTF_8);
    } catch (CharacterCodingException e) {
      throw UserError.forFile(file, "is not UTF-8 text, expected one group name per line", e);
    } catch (IOException e) {
      throw UserError.unreadable(file, e);
    }
    int[] groups = new int[lines.size()];
    for (int r = 0; r < groups.length; r++) {
      String value = unquoted(lines.get(r).strip());
      String line = "line " + (r + 1);
      if (value.isEmpty()) {
        throw new UserError(file, line, "no group; expected one group name per private record,"
            + " one of " + names);
      }
      groups[r] = groupIndex(value, names, () -> file + ", " + line);
    }
    return new GroupMembership(names, groups, file.toString());
  }

  private static GroupMembership fromNpy(Path file, List<String> names) {
    NpyData data;
    try {
      data = NpyReader.read(file);
    } catch (IOException e) {
      throw UserError.unreadable(file, e);
    }
    if (data.shape().length != 1 || !data.integerType()) {
      throw new UserError(file, "header", "dtype '" + data.descr() + "' of shape "
          + data.shapeText() + "; expected a 1-dimensional integer array, one group index per"
          + " private record");
    }
    double[] values = data.values();
    int[] groups = new int[values.length];
    for (int r = 0; r < groups.length; r++) {
      if (values[r] < 0 || values[r] >= names.size()) {
        throw new UserError(file, "entry " + r, "group index " + (long) values[r] + " is not a"
            + " declared group; expected 0.." + (names.size() - 1) + " for " + names);
      }
      groups[r] = (int) values[r];
    }
    return new GroupMembership(names, groups, file.toString());
  }

  /**
   * The groups of a folder of labelled images: each image's group is its class folder's in
   * {@code groupOfFolder}.
   *
   * @throws UserError naming {@link #FOLDERS_KEY} for a folder without a group, a folder named in
   *     the rule that is not a class folder, or a group that is not declared
   */
  public static GroupMembership fromFolders(Path folder, List<String> classes,
      Map<String, String> groupOfFolder, List<String> names) {
    int[] groupOfFolderIndex = new int[classes.size()];
    for (Map.Entry<String, String> rule : groupOfFolder.entrySet()) {
      if (!classes.contains(rule.getKey())) {
        throw new UserError(FOLDERS_KEY + "." + rule.getKey() + ": '" + rule.getKey()
            + "' is not a class folder; expected one of " + classes);
      }
      groupOfFolderIndex[classes.indexOf(rule.getKey())] = groupIndex(rule.getValue(), names,
          () -> FOLDERS_KEY + "." + rule.getKey());
    }
    List<String> classFolders = ImageFolders.classFolderOfEachImage(folder, classes,
        "the private set");
    int[] groups = new int[classFolders.size()];
    for (int r = 0; r < groups.length; r++) {
      String name = classFolders.get(r);
      if (!groupOfFolder.containsKey(name)) {
        throw new UserError(FOLDERS_KEY + ": class folder '" + name + "' of " + folder
            + " has no group; every private image needs one: map '" + name + "' to one of "
            + names);
      }
      groups[r] = groupOfFolderIndex[classes.indexOf(name)];
    }
    return new GroupMembership(names, groups, folder + " (" + FOLDERS_KEY + ")");
  }

  private static int groupIndex(String value, List<String> names,
      java.util.function.Supplier<String> where) {
    int g = names.indexOf(value);
    if (g < 0) {
      throw new UserError(where.get() + ": group '" + value + "' is not declared; expected one"
          + " of " + names + " (privacy.groups.budgets)");
    }
    return g;
  }

  /** A CSV field quoted with {@code "}, as spreadsheet programs write, without its quotes. */
  private static String unquoted(String value) {
    return value.length() >= 2 && value.startsWith("\"") && value.endsWith("\"")
        ? value.substring(1, value.length() - 1).strip() : value;
  }
}
