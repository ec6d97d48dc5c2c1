package dev.pate.datasets.split;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pate.datasets.Dataset;
import dev.pate.datasets.TableDataset;
import dev.pate.files.UserError;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

class GroupPartitionsTest {
  private static final List<String> NAMES = List.of("strict", "standard", "open");

  @Test
  void oneCopyPerRecordGivesTodaysPartitions() {
    Random random = new Random(11);
    int compared = 0;
    for (int trial = 0; trial < 100; trial++) {
      int records = 20 + random.nextInt(300);
      int teachers = 1 + random.nextInt(12);
      long seed = random.nextLong();
      PrivateFile file = randomFile(records, random);
      TableDataset data = file.dataset();
      PartitionLimits limits = random.nextBoolean() ? PartitionLimits.NONE
          : new PartitionLimits(1 + random.nextInt(40), records / 2 + random.nextInt(records));
      TeacherPartitions plain;
      try {
        plain = TeacherPartitions.split(data, teachers, seed, limits);
      } catch (IllegalArgumentException e) {
        continue; // a teacher without examples; compared where today's split succeeds
      }
      GroupPartitions grouped = GroupPartitions.upsampled(data, randomGroups(data, random),
          NAMES, teachers, new int[] {1, 1, 1}, seed, limits);
      assertEquals(teachers, grouped.count());
      for (int t = 0; t < teachers; t++) {
        assertArrayEquals(plain.indices(t), grouped.indices(t), "teacher " + t);
      }
      compared++;
    }
    assertTrue(compared > 50, compared + " of 100 trials compared");
  }

  @Test
  void anUpsampledRecordIsInItsCopiesDistinctTeachersFirstItsOwn() {
    Random random = new Random(12);
    for (int trial = 0; trial < 50; trial++) {
      int teachers = 3 + random.nextInt(8);
      TableDataset data = PrivateFile.of(40 + random.nextInt(200)).dataset();
      int[] groups = randomGroups(data, random);
      int[] copies = {1, 1 + random.nextInt(teachers), teachers};
      long seed = random.nextLong();
      GroupPartitions partitions =
          GroupPartitions.upsampled(data, groups, NAMES, teachers, copies, seed,
              PartitionLimits.NONE);
      List<Set<Integer>> holders = holders(partitions, data.size());
      TeacherAssignment own = new TeacherAssignment(seed, teachers);
      for (int i = 0; i < data.size(); i++) {
        assertEquals(copies[groups[i]], holders.get(i).size(), "example " + i);
        assertTrue(holders.get(i).contains(own.teacherOf(data.sourceIndex(i))));
      }
      assertTrue(partitions.upsampled());
      assertFalse(partitions.groupOf(0).isPresent());
      assertEquals(countPairs(partitions), GroupCoverage.verify(partitions, emptyPublic()));
    }
  }

  @Test
  void aPositionsTeachersAreNestedAcrossCopyCounts() {
    Random random = new Random(13);
    int teachers = 9;
    CopyOrder order = new CopyOrder(random.nextLong(), teachers);
    int[] all = new int[teachers];
    int[] fewer = new int[teachers];
    for (int position = 0; position < 500; position++) {
      order.teachersOf(position, teachers, all);
      assertEquals(teachers, java.util.Arrays.stream(all).distinct().count());
      int c = 1 + random.nextInt(teachers);
      order.teachersOf(position, c, fewer);
      for (int k = 0; k < c; k++) {
        assertEquals(all[k], fewer[k], "position " + position + ", copy " + k);
      }
    }
  }

  @Test
  void moreCopiesThanTeachersIsABug() {
    TableDataset data = PrivateFile.of(30).dataset();
    assertThrows(IllegalArgumentException.class, () -> GroupPartitions.upsampled(data,
        new int[30], NAMES, 4, new int[] {5, 1, 1}, 1, PartitionLimits.NONE));
  }

  @Test
  void perGroupTeachersLearnFromTheirGroupOnly() {
    Random random = new Random(14);
    for (int trial = 0; trial < 50; trial++) {
      TableDataset data = PrivateFile.of(200 + random.nextInt(200)).dataset();
      int[] groups = randomGroups(data, random);
      int[] perGroup = {1 + random.nextInt(5), 1 + random.nextInt(5), 1 + random.nextInt(5)};
      long seed = random.nextLong();
      GroupPartitions partitions =
          GroupPartitions.perGroup(data, groups, NAMES, perGroup, seed, PartitionLimits.NONE);
      assertEquals(perGroup[0] + perGroup[1] + perGroup[2], partitions.count());
      int offset = 0;
      for (int g = 0; g < 3; g++) {
        TeacherAssignment assignment = new TeacherAssignment(seed, perGroup[g]);
        for (int t = offset; t < offset + perGroup[g]; t++) {
          assertEquals(g, partitions.groupOf(t).getAsInt());
          for (int i : partitions.indices(t)) {
            assertEquals(g, groups[i]);
            assertEquals(t - offset, assignment.teacherOf(data.sourceIndex(i)));
          }
        }
        offset += perGroup[g];
      }
      assertEquals(data.size(), GroupCoverage.verify(partitions, emptyPublic()));
    }
  }

  @Test
  void aGroupTeacherWithoutExamplesIsAnErrorNamingTheGroup() {
    TableDataset data = PrivateFile.of(30).dataset();
    int[] groups = new int[30];
    groups[0] = 1;
    groups[1] = 2;
    UserError e = assertThrows(UserError.class, () -> GroupPartitions.perGroup(data, groups,
        NAMES, new int[] {3, 2, 1}, 5, PartitionLimits.NONE));
    assertTrue(e.getMessage().startsWith("privacy.groups.teachers.standard: 2 teachers but"
        + " teacher "), e.getMessage());
    assertTrue(e.getMessage().contains("group 'standard'"), e.getMessage());
    assertFalse(e.getMessage().contains("\n"));
  }

  @Test
  void anUpsampledTeacherWithoutExamplesIsAnErrorNamingTheCount() {
    TableDataset data = PrivateFile.of(3).dataset();
    UserError e = assertThrows(UserError.class, () -> GroupPartitions.upsampled(data,
        new int[3], NAMES, 8, new int[] {1, 1, 1}, 5, PartitionLimits.NONE));
    assertTrue(e.getMessage().startsWith("teachers.count: 8 teachers but teacher "),
        e.getMessage());
  }

  @Test
  void coverageRefusesPrivateExamplesInThePublicData() {
    TableDataset data = PrivateFile.of(40).dataset();
    GroupPartitions partitions = GroupPartitions.upsampled(data, new int[40], NAMES, 4,
        new int[] {2, 1, 1}, 3, PartitionLimits.NONE);
    PublicSplit leaky = new PublicSplit(data.range("pool", 0, 5), data.range("held", 5, 10));
    IllegalStateException e = assertThrows(IllegalStateException.class,
        () -> GroupCoverage.verify(partitions, leaky));
    assertTrue(e.getMessage().contains("disjointness violated"), e.getMessage());
  }

  @Test
  void coverageAllowsFewerCopiesOnlyUnderAPerTeacherCap() {
    TableDataset data = PrivateFile.of(60).dataset();
    int[] groups = new int[60];
    java.util.Arrays.fill(groups, 2);
    PartitionLimits cap = PartitionLimits.NONE.withMaxPerTeacher(5).withMaxTotal(50);
    GroupPartitions partitions =
        GroupPartitions.upsampled(data, groups, NAMES, 6, new int[] {1, 1, 3}, 3, cap);
    for (int t = 0; t < 6; t++) {
      assertEquals(5, partitions.size(t));
      for (int position : partitions.positions(t)) {
        assertTrue(position < 50);
      }
    }
    assertEquals(30, GroupCoverage.verify(partitions, emptyPublic()));
  }

  static List<Set<Integer>> holders(GroupPartitions partitions, int size) {
    List<Set<Integer>> holders = new ArrayList<>();
    for (int i = 0; i < size; i++) {
      holders.add(new HashSet<>());
    }
    for (int t = 0; t < partitions.count(); t++) {
      for (int i : partitions.indices(t)) {
        holders.get(i).add(t);
      }
    }
    return holders;
  }

  private static int countPairs(GroupPartitions partitions) {
    int pairs = 0;
    for (int t = 0; t < partitions.count(); t++) {
      pairs += partitions.size(t);
    }
    return pairs;
  }

  private static int[] randomGroups(Dataset data, Random random) {
    int[] groups = new int[data.size()];
    for (int i = 0; i < groups.length; i++) {
      groups[i] = random.nextInt(3);
    }
    return groups;
  }

  private static PrivateFile randomFile(int records, Random random) {
    int[] labels = new int[records];
    BitSet dropped = new BitSet();
    for (int p = 0; p < records; p++) {
      labels[p] = random.nextInt(10);
      if (random.nextInt(10) == 0) {
        dropped.set(p);
      }
    }
    dropped.clear(0);
    return new PrivateFile(labels, dropped);
  }

  /** Public data from another source: shares nothing with the private set. */
  static PublicSplit emptyPublic() {
    Dataset other = Toy.dataset("public", 4);
    return new PublicSplit(other.range("pool", 0, 2), other.range("held", 2, 4));
  }
}
