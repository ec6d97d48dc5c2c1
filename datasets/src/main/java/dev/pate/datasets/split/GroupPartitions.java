package dev.pate.datasets.split;

import dev.pate.datasets.Dataset;
import dev.pate.files.DpPreconditions;
import dev.pate.files.UserError;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.OptionalInt;
import java.util.function.Supplier;

/**
 * The private set dealt out to the teachers when records belong to privacy groups (individualized
 * PATE, Boenisch et al., PoPETs 2023), by position like {@link TeacherPartitions}, in one of two
 * ways:
 *
 * <ul>
 *   <li>{@link #upsampled upsampled}: {@code n} teachers; the record at position {@code p} of group
 *       {@code g} goes to {@code c_g} distinct teachers, the first {@code c_g} of position {@code
 *       p}'s order ({@link CopyOrder}), whose first teacher is the one {@link TeacherAssignment}
 *       gives it. With {@code c_g = 1} for every group these are exactly {@link TeacherPartitions}.
 *   <li>{@link #perGroup per group}: {@code n_g} teachers for group {@code g}, numbered group by
 *       group (group 0's first); the record at position {@code p} of group {@code g} goes to
 *       teacher {@code offset_g + TeacherAssignment(seed, n_g).teacherOf(p)}, so each teacher
 *       learns from one group only ({@link #groupOf(int)}). The counts {@code n_g} are given (public
 *       configuration), never derived from the group sizes, which are private.
 * </ul>
 *
 * <p>Stability, under the neighbour relation of {@link dev.pate.datasets.split} (the record at one
 * position replaced, now also by one of another group, or one record appended or removed at the
 * end): a record's teachers depend only on the seed, the teacher counts, its position and its
 * group. Upsampled: a record changing from group {@code g} to {@code h} changes at most {@code
 * max(c_g, c_h)} teachers' partitions (the orders are nested), one appended or removed changes its
 * {@code c_g}. Per group: a record changing group changes one teacher of {@code g} and one of
 * {@code h}; within its group, one teacher. {@link PartitionLimits} keep this, as for {@link
 * TeacherPartitions}. {@link GroupCoverage} re-checks the dealing at run time.
 */
public final class GroupPartitions extends DealtPartitions {
  private final List<String> groupNames;
  private final int[] groupOfIndex;
  private final int[] copies;
  private final int[] teacherGroup;
  private final PartitionLimits limits;

  private GroupPartitions(Dataset privateSet, long seed, List<String> groupNames,
      int[] groupOfIndex, int[] copies, int[] teacherGroup, int[][] partitions,
      PartitionLimits limits) {
    super(privateSet, seed, partitions);
    this.groupNames = groupNames;
    this.groupOfIndex = groupOfIndex;
    this.copies = copies;
    this.teacherGroup = teacherGroup;
    this.limits = limits;
  }

  /**
   * Upsampled partitions: {@code teachers} teachers, each record of group {@code g} in {@code
   * copies[g]} of them.
   *
   * @param groupOfIndex the group of each example of {@code privateSet}, by index
   * @param groupNames the groups' names, for messages; group {@code g} is {@code
   *     groupNames.get(g)}
   * @param copies {@code c_g} of each group, each in {@code 1..teachers}
   * @throws IllegalArgumentException if the arrays do not fit together, a copy count is out of
   *     range or two examples share a position
   * @throws UserError naming {@code teachers.count} if a teacher would get no example
   */
  public static GroupPartitions upsampled(Dataset privateSet, int[] groupOfIndex,
      List<String> groupNames, int teachers, int[] copies, long seed, PartitionLimits limits) {
    checkGroups(privateSet, groupOfIndex, groupNames, copies, "copies");
    DpPreconditions.checkAtLeast(teachers, 1, "teachers");
    for (int g = 0; g < copies.length; g++) {
      DpPreconditions.checkAtLeast(copies[g], 1, "copies of group " + groupNames.get(g));
      DpPreconditions.checkAtLeast(teachers, copies[g],
          "teachers (at least the copies of group " + groupNames.get(g) + ")");
    }
    CopyOrder order = new CopyOrder(seed, teachers);
    List<List<Long>> entries = emptyLists(teachers);
    int[] chosen = new int[teachers];
    for (int i = 0; i < privateSet.size(); i++) {
      int position = privateSet.sourceIndex(i);
      if (position >= limits.maxTotal()) {
        continue;
      }
      int c = copies[groupOfIndex[i]];
      order.teachersOf(position, c, chosen);
      for (int k = 0; k < c; k++) {
        entries.get(chosen[k]).add((long) position << 32 | i);
      }
    }
    int[][] partitions = new int[teachers][];
    for (int t = 0; t < teachers; t++) {
      int teacher = t;
      partitions[t] = firstPositions(entries.get(t), limits, privateSet, () ->
          "teachers.count: " + teachers + " teachers but teacher " + teacher + gone(limits)
              + " gets none of the private examples (upsampled: a record of group g is in c_g"
              + " teachers)");
    }
    int[] none = new int[teachers];
    Arrays.fill(none, -1);
    return new GroupPartitions(privateSet, seed, List.copyOf(groupNames), groupOfIndex.clone(),
        copies.clone(), none, partitions, limits);
  }

  /**
   * Partitions per group: {@code teachersPerGroup[g]} teachers learn from group {@code g}'s
   * records only.
   *
   * @param teachersPerGroup {@code n_g} of each group, each at least 1: public, from the config
   * @throws IllegalArgumentException if the arrays do not fit together or two examples share a
   *     position
   * @throws UserError naming {@code privacy.groups.teachers.<group>} if one of the group's
   *     teachers would get no example
   */
  public static GroupPartitions perGroup(Dataset privateSet, int[] groupOfIndex,
      List<String> groupNames, int[] teachersPerGroup, long seed, PartitionLimits limits) {
    checkGroups(privateSet, groupOfIndex, groupNames, teachersPerGroup, "teachersPerGroup");
    int groups = teachersPerGroup.length;
    int[] offsets = new int[groups + 1];
    TeacherAssignment[] assignments = new TeacherAssignment[groups];
    for (int g = 0; g < groups; g++) {
      DpPreconditions.checkAtLeast(teachersPerGroup[g], 1,
          "teachers of group " + groupNames.get(g));
      offsets[g + 1] = Math.addExact(offsets[g], teachersPerGroup[g]);
      assignments[g] = new TeacherAssignment(seed, teachersPerGroup[g]);
    }
    int teachers = offsets[groups];
    int[] teacherGroup = new int[teachers];
    for (int g = 0; g < groups; g++) {
      Arrays.fill(teacherGroup, offsets[g], offsets[g + 1], g);
    }
    List<List<Long>> entries = emptyLists(teachers);
    for (int i = 0; i < privateSet.size(); i++) {
      int position = privateSet.sourceIndex(i);
      if (position >= limits.maxTotal()) {
        continue;
      }
      int g = groupOfIndex[i];
      entries.get(offsets[g] + assignments[g].teacherOf(position)).add((long) position << 32 | i);
    }
    int[][] partitions = new int[teachers][];
    for (int t = 0; t < teachers; t++) {
      int g = teacherGroup[t];
      int local = t - offsets[g];
      partitions[t] = firstPositions(entries.get(t), limits, privateSet, () ->
          "privacy.groups.teachers." + groupNames.get(g) + ": " + teachersPerGroup[g]
              + " teachers but teacher " + local + " of group '" + groupNames.get(g) + "'"
              + gone(limits) + " gets none of the group's records; give the group fewer"
              + " teachers");
    }
    return new GroupPartitions(privateSet, seed, List.copyOf(groupNames), groupOfIndex.clone(),
        null, teacherGroup, partitions, limits);
  }

  private static String gone(PartitionLimits limits) {
    return limits.maxTotal() == Integer.MAX_VALUE ? ""
        : " (dataset.private_limit " + limits.maxTotal() + ")";
  }

  private static void checkGroups(Dataset privateSet, int[] groupOfIndex, List<String> groupNames,
      int[] perGroup, String perGroupName) {
    Objects.requireNonNull(privateSet, "privateSet");
    Objects.requireNonNull(groupNames, "groupNames");
    if (groupOfIndex.length != privateSet.size()) {
      throw new IllegalArgumentException("groupOfIndex: " + groupOfIndex.length
          + " groups for " + privateSet.size() + " examples");
    }
    if (perGroup.length != groupNames.size()) {
      throw new IllegalArgumentException(perGroupName + ": " + perGroup.length
          + " values for " + groupNames.size() + " groups");
    }
    for (int i = 0; i < groupOfIndex.length; i++) {
      if (groupOfIndex[i] < 0 || groupOfIndex[i] >= groupNames.size()) {
        throw new IllegalArgumentException("groupOfIndex[" + i + "]: " + groupOfIndex[i]
            + " is not a group in 0.." + (groupNames.size() - 1));
      }
    }
  }

  private static List<List<Long>> emptyLists(int teachers) {
    List<List<Long>> lists = new ArrayList<>(teachers);
    for (int t = 0; t < teachers; t++) {
      lists.add(new ArrayList<>());
    }
    return lists;
  }

  /** A teacher's indices by position, within the limits; a teacher without any is an error. */
  private static int[] firstPositions(List<Long> entries, PartitionLimits limits,
      Dataset privateSet, Supplier<String> noneMessage) {
    if (entries.isEmpty()) {
      throw new UserError(noneMessage.get());
    }
    return PartitionIndices.firstPositions(entries.stream().mapToLong(Long::longValue).toArray(),
        limits.maxPerTeacher(), privateSet);
  }

  /** Distinct private examples dealt out: an upsampled record counts once. */
  @Override
  public int examplesUsed() {
    java.util.BitSet used = new java.util.BitSet(privateSet().size());
    for (int t = 0; t < count(); t++) {
      for (int index : partitions.indices(t)) {
        used.set(index);
      }
    }
    return used.cardinality();
  }

  /** The limits the partitions were drawn within. */
  public PartitionLimits limits() {
    return limits;
  }

  /** The groups' names; group {@code g} is element {@code g}. */
  public List<String> groupNames() {
    return groupNames;
  }

  /** Whether records were upsampled (else teachers are per group). */
  public boolean upsampled() {
    return copies != null;
  }

  /** The group of example {@code index} of {@link #privateSet()}. */
  public int groupOfExample(int index) {
    return groupOfIndex[Objects.checkIndex(index, groupOfIndex.length)];
  }

  /**
   * How many teachers a record of group {@code group} is dealt to: {@code c_g} when upsampled, 1
   * per group.
   */
  public int copies(int group) {
    Objects.checkIndex(group, groupNames.size());
    return copies == null ? 1 : copies[group];
  }

  /**
   * The group teacher {@code teacher} learns from (whose weight its vote carries) when teachers
   * are per group; empty when upsampled (every teacher learns from every group).
   */
  public OptionalInt groupOf(int teacher) {
    int g = teacherGroup[Objects.checkIndex(teacher, teacherGroup.length)];
    return g < 0 ? OptionalInt.empty() : OptionalInt.of(g);
  }

}
