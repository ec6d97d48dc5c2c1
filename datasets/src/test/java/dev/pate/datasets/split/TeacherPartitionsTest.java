package dev.pate.datasets.split;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pate.datasets.Dataset;
import dev.pate.datasets.ImageDataset;
import java.util.Arrays;
import java.util.BitSet;
import java.util.Random;
import java.util.function.UnaryOperator;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class TeacherPartitionsTest {
  private static final ImageDataset PRIVATE = Toy.dataset("toy/train", 1003);

  @Test
  void partitionsCoverEveryExampleOnceWithSizesWithinOne() {
    Random random = new Random(31);
    for (int trial = 0; trial < 100; trial++) {
      int teachers = 1 + random.nextInt(60);
      int size = teachers + random.nextInt(20 * teachers);
      long seed = random.nextLong();
      TeacherPartitions parts = TeacherPartitions.split(Toy.dataset("toy/train", size), teachers,
          seed);
      String context = "teachers " + teachers + ", size " + size + ", seed " + seed;

      assertEquals(teachers, parts.count(), context);
      assertEquals(size, parts.examplesUsed(), context);
      BitSet seen = new BitSet();
      int min = Integer.MAX_VALUE;
      int max = 0;
      for (int t = 0; t < teachers; t++) {
        int[] indices = parts.indices(t);
        assertEquals(indices.length, parts.size(t), context);
        min = Math.min(min, indices.length);
        max = Math.max(max, indices.length);
        for (int i : indices) {
          assertFalse(seen.get(i), "index " + i + " given to two teachers; " + context);
          seen.set(i);
        }
      }
      assertEquals(size, seen.cardinality(), context);
      assertTrue(max - min <= 1, "sizes from " + min + " to " + max + "; " + context);
    }
  }

  @Test
  void everyTeacherGetsOnePositionOfEachFullBlock() {
    TeacherPartitions parts = TeacherPartitions.split(PRIVATE, 10, 42L);
    for (int t = 0; t < parts.count(); t++) {
      int[] blocks = Arrays.stream(parts.positions(t)).map(p -> p / 10).toArray();
      // Positions 1000..1002 are a partial block: three teachers get one of them.
      int[] expected = IntStream.range(0, blocks.length).toArray();
      assertArrayEquals(expected, blocks, "teacher " + t);
    }
  }

  @Test
  void sameSeedSamePartitionsOtherSeedOthers() {
    TeacherPartitions a = TeacherPartitions.split(PRIVATE, 7, 2024L);
    TeacherPartitions b = TeacherPartitions.split(PRIVATE, 7, 2024L);
    TeacherPartitions c = TeacherPartitions.split(PRIVATE, 7, 2025L);
    for (int t = 0; t < 7; t++) {
      assertArrayEquals(a.indices(t), b.indices(t));
    }
    assertFalse(Arrays.equals(a.indices(0), c.indices(0)));
  }

  @Test
  void partitionsAreShuffledNotContiguousRangesNorStrides() {
    TeacherPartitions parts = TeacherPartitions.split(PRIVATE, 10, 1L);
    int[] first = parts.positions(0);
    assertTrue(first[first.length - 1] - first[0] > first.length, "looks like a plain range");
    boolean strided = IntStream.range(0, parts.count()).allMatch(
        t -> Arrays.stream(parts.positions(t)).map(p -> p % 10).distinct().count() == 1);
    assertFalse(strided, "every teacher has one offset in all blocks: blocks are not shuffled");
  }

  @Test
  void examplesAreInIncreasingPositionOrderWhateverTheViewsOrder() {
    int[] reversed = IntStream.range(0, PRIVATE.size()).map(i -> PRIVATE.size() - 1 - i).toArray();
    Dataset backwards = PRIVATE.subset("toy/train/backwards", reversed);
    TeacherPartitions forward = TeacherPartitions.split(PRIVATE, 6, 8L);
    TeacherPartitions backward = TeacherPartitions.split(backwards, 6, 8L);
    for (int t = 0; t < 6; t++) {
      int[] positions = backward.positions(t);
      int[] sorted = positions.clone();
      Arrays.sort(sorted);
      assertArrayEquals(sorted, positions, "teacher " + t);
      assertArrayEquals(forward.positions(t), positions, "teacher " + t);
    }
  }

  @Test
  void teacherViewsHoldThePartitionsExamples() {
    TeacherPartitions parts = TeacherPartitions.split(PRIVATE, 4, 9L);
    Dataset teacher = parts.teacher(2);
    int[] indices = parts.indices(2);
    assertEquals("toy/train/teacher-2", teacher.name());
    assertEquals(indices.length, teacher.size());
    for (int k = 0; k < indices.length; k++) {
      assertEquals(PRIVATE.exampleId(indices[k]), teacher.exampleId(k));
      assertEquals(PRIVATE.label(indices[k]), teacher.label(k));
      assertEquals(PRIVATE.sourceIndex(indices[k]), parts.positions(2)[k]);
    }
    assertEquals(4, parts.teachers().size());
  }

  /** Positions 0..maxTotal-1 of the file, counted before dropped rows; each teacher's share. */
  @Test
  void maxTotalKeepsThePositionsBelowItCountedBeforeDroppedRows() {
    PrivateFile file = PrivateFile.of(200).droppedAt(3).droppedAt(40).droppedAt(120);
    // 98: positions 0..99 but the dropped 3 and 40.
    assertLimited(file, 6, PartitionLimits.NONE.withMaxTotal(100), 98,
        all -> Arrays.stream(all).filter(p -> p < 100).toArray());
  }

  @Test
  void maxPerTeacherKeepsEachTeachersFirstPositions() {
    PrivateFile file = PrivateFile.of(300).droppedAt(0).droppedAt(1).droppedAt(2);
    assertLimited(file, 10, PartitionLimits.NONE.withMaxPerTeacher(25), 250,
        all -> Arrays.copyOf(all, 25));
  }

  /**
   * Under {@code limits}, {@code used} examples are dealt out and each teacher's positions are
   * {@code expected} of its positions without limits.
   */
  private static void assertLimited(PrivateFile file, int teachers, PartitionLimits limits,
      int used, UnaryOperator<int[]> expected) {
    TeacherPartitions all = TeacherPartitions.split(file.dataset(), teachers, 4L);
    TeacherPartitions limited = TeacherPartitions.split(file.dataset(), teachers, 4L, limits);
    assertEquals(used, limited.examplesUsed(), limits.toString());
    for (int t = 0; t < teachers; t++) {
      assertArrayEquals(expected.apply(all.positions(t)), limited.positions(t), "teacher " + t);
    }
  }

  @Test
  void rejectsImpossibleTeacherCounts() {
    IllegalArgumentException zero =
        assertThrows(IllegalArgumentException.class, () -> TeacherPartitions.split(PRIVATE, 0, 1L));
    assertEquals("teachers.count: 0 is not >= 1", zero.getMessage());

    IllegalArgumentException tooMany =
        assertThrows(
            IllegalArgumentException.class, () -> TeacherPartitions.split(PRIVATE, 1004, 1L));
    assertEquals(
        "teachers.count: 1004 teachers but only 1003 private examples", tooMany.getMessage());

    IllegalArgumentException capped =
        assertThrows(
            IllegalArgumentException.class,
            () -> TeacherPartitions.split(PRIVATE, 20, 1L, PartitionLimits.NONE.withMaxTotal(10)));
    assertEquals(
        "teachers.count: 20 teachers but only 10 private examples (maxTotal 10)",
        capped.getMessage());

    assertThrows(IllegalArgumentException.class, () -> new PartitionLimits(0, 5));
    assertThrows(IllegalArgumentException.class, () -> new PartitionLimits(5, 0));
  }

  @Test
  void rejectsATeacherWhosePositionsWereAllDropped() {
    // Two teachers, three records: one teacher also has position 2; drop the other's in block 0.
    TeacherAssignment assignment = new TeacherAssignment(6L, 2);
    int teacher = 1 - assignment.teacherOf(2);
    int position = assignment.teacherOf(0) == teacher ? 0 : 1;
    PrivateFile file = PrivateFile.of(3).droppedAt(position);
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> TeacherPartitions.split(file.dataset(), 2, 6L));
    assertEquals("teachers.count: 2 teachers but teacher " + teacher + " gets none of the 2"
        + " private examples: a teacher gets one position of each block of 2 positions, and none"
        + " of teacher " + teacher + "'s holds a kept record", e.getMessage());
  }

  @Test
  void rejectsTwoExamplesAtOnePosition() {
    Dataset twice = PRIVATE.subset("toy/train/twice", new int[] {0, 1, 2, 1});
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> TeacherPartitions.split(twice, 1, 1L));
    assertEquals("privateSet: position 1 occurs twice in toy/train/twice; teachers are assigned"
        + " by position, so positions must be distinct", e.getMessage());
  }

  @Test
  void everyTeacherMayGetExactlyOneExample() {
    TeacherPartitions parts = TeacherPartitions.split(PRIVATE, 1003, 5L);
    for (int t = 0; t < parts.count(); t++) {
      assertEquals(1, parts.size(t));
    }
  }
}
