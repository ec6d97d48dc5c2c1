package dev.pate.datasets.groups;

import dev.pate.datasets.Dataset;
import dev.pate.files.UserError;
import java.util.List;
import java.util.Objects;

/**
 * The group of every record of the private file, by position (the record number counting rows
 * dropped for a missing value, or the image index). Group membership is private data: nothing
 * here prints how many records a group has; only an error to the operator may say that a group
 * has none.
 */
public final class GroupMembership {
  private final List<String> names;
  private final int[] groupOfPosition;
  private final String source;

  /**
   * @param names the declared groups, in order
   * @param groupOfPosition the group index of each record of the private file
   * @param source what the groups were read from, for messages (a file, or a config key)
   */
  GroupMembership(List<String> names, int[] groupOfPosition, String source) {
    this.names = List.copyOf(names);
    this.groupOfPosition = groupOfPosition.clone();
    this.source = Objects.requireNonNull(source, "source");
    for (int p = 0; p < groupOfPosition.length; p++) {
      Objects.checkIndex(groupOfPosition[p], names.size());
    }
  }

  /** The declared groups' names, in order. */
  public List<String> names() {
    return names;
  }

  /** Number of records the source gives a group to. */
  public int records() {
    return groupOfPosition.length;
  }

  /** The group index of the record at {@code position} of the private file. */
  public int groupOf(int position) {
    return groupOfPosition[Objects.checkIndex(position, groupOfPosition.length)];
  }

  /**
   * The group of each example of {@code privateSet}, by index, for {@link
   * dev.pate.datasets.split.GroupPartitions}; checks, before any teacher trains, that the source
   * gives a group to exactly the records of the private file and that every declared group has a
   * record among the examples the teachers get.
   *
   * @param recordsInFile the number of records of the private file, counting dropped rows
   * @throws UserError one line naming the source: a per-record source shorter or longer than the
   *     private file, or a declared group no example belongs to
   */
  public int[] groupsOf(Dataset privateSet, int recordsInFile) {
    if (groupOfPosition.length != recordsInFile) {
      throw new UserError(source + ": groups for " + groupOfPosition.length + " records, but the"
          + " private data has " + recordsInFile + "; expected one group per private record, in"
          + " the private file's order");
    }
    int[] groups = new int[privateSet.size()];
    boolean[] present = new boolean[names.size()];
    for (int i = 0; i < groups.length; i++) {
      int position = privateSet.sourceIndex(i);
      if (position >= groupOfPosition.length) {
        throw new UserError(source + ": no group for record " + position + " of the private data"
            + " (groups are given for " + groupOfPosition.length + " records)");
      }
      groups[i] = groupOfPosition[position];
      present[groups[i]] = true;
    }
    for (int g = 0; g < names.size(); g++) {
      if (!present[g]) {
        throw new UserError(source + ": group '" + names.get(g) + "' is declared"
            + " (privacy.groups.budgets) but no private record used for training belongs to it;"
            + " every declared group needs a record");
      }
    }
    return groups;
  }
}
