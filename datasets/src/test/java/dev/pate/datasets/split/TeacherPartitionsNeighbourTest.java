package dev.pate.datasets.split;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * PATE's accounting assumes that neighbouring private datasets give all teachers but one the same
 * partition, so that at most one vote moves. Neighbours differ in the record at one position of
 * the private file (replaced by any record, also one dropped for a missing value), or by a record
 * appended or removed at the end. Each test draws sizes, teacher counts, seeds and the position
 * at random (from a fixed seed, so a failure is reproducible) and compares partitions as sets of
 * file positions.
 */
class TeacherPartitionsNeighbourTest {
  private static final int TRIALS = 300;

  private static final Limits NO_LIMITS = (teachers, random) -> PartitionLimits.NONE;

  @Test
  void replacingARecordChangesNoPartition() {
    forRandomFiles(NO_LIMITS, (file, random) -> {
      int position = keptPosition(file, random);
      return new Change(file.replaced(position), -1);
    });
  }

  @Test
  void replacingARecordByADroppedRowChangesOnlyItsTeacher() {
    forRandomFiles(NO_LIMITS, (file, random) -> {
      int position = keptPosition(file, random);
      return new Change(file.droppedAt(position), position);
    });
  }

  @Test
  void appendingARecordChangesOnlyItsTeacher() {
    forRandomFiles(NO_LIMITS, (file, random) -> new Change(file.appended(), file.records()));
  }

  @Test
  void removingTheLastRecordChangesOnlyItsTeacher() {
    forRandomFiles(NO_LIMITS, (file, random) -> new Change(file.withoutLast(), file.records() - 1));
  }

  /** A change at or after the limit changes nothing; one before it changes only its teacher. */
  @Test
  void aLimitOnTheTotalKeepsNeighboursNeighbours() {
    forRandomFiles(
        (teachers, random) ->
            PartitionLimits.NONE.withMaxTotal(2 * teachers + random.nextInt(6 * teachers + 20)),
        anyChange());
  }

  /** The changed teacher may also gain or lose its next position, but no other teacher moves. */
  @Test
  void aLimitPerTeacherChangesAtMostOneTeacher() {
    forRandomFiles(
        (teachers, random) -> PartitionLimits.NONE.withMaxPerTeacher(1 + random.nextInt(6)),
        anyChange());
  }

  /** The limits of one trial, drawn for its teacher count. */
  private interface Limits {
    PartitionLimits draw(int teachers, Random random);
  }

  /** One change of a file: the neighbour and the position that differs ({@code -1}: none). */
  private record Change(PrivateFile neighbour, int position) {}

  private interface Changer {
    Change apply(PrivateFile file, Random random);
  }

  /** Any of the four changes, chosen at random. */
  private static Changer anyChange() {
    return (file, random) -> {
      int position = keptPosition(file, random);
      return switch (random.nextInt(4)) {
        case 0 -> new Change(file.replaced(position), -1);
        case 1 -> new Change(file.droppedAt(position), position);
        case 2 -> new Change(file.appended(), file.records());
        default -> new Change(file.withoutLast(), file.records() - 1);
      };
    };
  }

  /**
   * For {@value #TRIALS} random files (two blocks or more, some rows after the first two blocks
   * dropped, so that every teacher keeps an example whatever one change does), checks that
   * {@code changer}'s neighbour gives the same partitions but at most one, which differs only by
   * the changed position if that is below {@code maxTotal} (with a per-teacher limit it may also
   * gain or lose the teacher's next position).
   */
  private static void forRandomFiles(Limits drawLimits, Changer changer) {
    Random random = new Random(20240519L);
    for (int trial = 0; trial < TRIALS; trial++) {
      int teachers = 1 + random.nextInt(30);
      PartitionLimits limits = drawLimits.draw(teachers, random);
      int records = 2 * teachers + 1 + random.nextInt(8 * teachers + 40);
      PrivateFile file = PrivateFile.of(records);
      for (int p = 2 * teachers; p < records - 1; p++) {
        if (random.nextInt(10) == 0) {
          file = file.droppedAt(p);
        }
      }
      long seed = random.nextLong();
      Change change = changer.apply(file, random);
      String context = "teachers " + teachers + ", records " + records + ", seed " + seed
          + ", limits " + limits + ", changed position " + change.position();
      List<Set<Integer>> before = positions(TeacherPartitions.split(file.dataset(), teachers,
          seed, limits));
      List<Set<Integer>> after = positions(TeacherPartitions.split(change.neighbour().dataset(),
          teachers, seed, limits));
      int visible = change.position() < limits.maxTotal() ? change.position() : -1;
      assertNeighbours(before, after, visible, limits.maxPerTeacher() == Integer.MAX_VALUE,
          context);
    }
  }

  /** A kept position of {@code file}, at random. */
  private static int keptPosition(PrivateFile file, Random random) {
    while (true) {
      int p = random.nextInt(file.records());
      if (!file.dropped().get(p)) {
        return p;
      }
    }
  }

  /** Each teacher's examples as the set of their positions in the private file. */
  private static List<Set<Integer>> positions(TeacherPartitions partitions) {
    List<Set<Integer>> sets = new ArrayList<>();
    for (int t = 0; t < partitions.count(); t++) {
      sets.add(Arrays.stream(partitions.positions(t)).boxed().collect(Collectors.toSet()));
    }
    return sets;
  }

  /**
   * All partitions but at most one are equal; when {@code strict}, the one that differs differs
   * exactly by {@code position} (and none differs when {@code position} is {@code -1}).
   */
  private static void assertNeighbours(List<Set<Integer>> before, List<Set<Integer>> after,
      int position, boolean strict, String context) {
    assertEquals(before.size(), after.size(), context);
    List<Integer> changed = new ArrayList<>();
    for (int t = 0; t < before.size(); t++) {
      if (!before.get(t).equals(after.get(t))) {
        changed.add(t);
      }
    }
    assertTrue(changed.size() <= 1, "teachers " + changed + " changed; " + context);
    if (!strict) {
      return;
    }
    if (position < 0) {
      assertEquals(List.of(), changed, context);
      return;
    }
    BitSet difference = new BitSet();
    for (int t : changed) {
      before.get(t).forEach(difference::flip);
      after.get(t).forEach(difference::flip);
    }
    BitSet expected = new BitSet();
    expected.set(position);
    assertEquals(expected, difference, context);
  }
}
