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
import org.junit.jupiter.api.Test;

class TeacherPartitionsTest {
  private static final ImageDataset PRIVATE = Toy.dataset("toy/train", 1003);

  @Test
  void partitionsCoverEveryExampleOnceWithSizesWithinOne() {
    TeacherPartitions parts = TeacherPartitions.split(PRIVATE, 10, 42L);

    assertEquals(10, parts.count());
    assertEquals(1003, parts.examplesUsed());
    BitSet seen = new BitSet();
    int min = Integer.MAX_VALUE;
    int max = 0;
    for (int t = 0; t < parts.count(); t++) {
      int[] indices = parts.indices(t);
      assertEquals(indices.length, parts.size(t));
      min = Math.min(min, indices.length);
      max = Math.max(max, indices.length);
      for (int i : indices) {
        assertFalse(seen.get(i), "index " + i + " given to two teachers");
        seen.set(i);
      }
    }
    assertEquals(1003, seen.cardinality());
    assertTrue(max - min <= 1, "sizes from " + min + " to " + max);
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
  void partitionsAreShuffledNotContiguousRanges() {
    int[] first = TeacherPartitions.split(PRIVATE, 10, 1L).indices(0);
    int[] sorted = first.clone();
    Arrays.sort(sorted);
    assertTrue(sorted[sorted.length - 1] - sorted[0] > first.length, "looks like a plain range");
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
    }
    assertEquals(4, parts.teachers().size());
  }

  @Test
  void limitsCapExamplesPerTeacherAndInTotal() {
    TeacherPartitions perTeacher =
        TeacherPartitions.split(PRIVATE, 10, 3L, PartitionLimits.NONE.withMaxPerTeacher(25));
    assertEquals(250, perTeacher.examplesUsed());
    assertEquals(25, perTeacher.size(9));

    TeacherPartitions total =
        TeacherPartitions.split(PRIVATE, 3, 3L, PartitionLimits.NONE.withMaxTotal(100));
    assertEquals(100, total.examplesUsed());
    assertEquals(33, total.size(0));
    assertEquals(34, total.size(2));
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
  }

  @Test
  void everyTeacherMayGetExactlyOneExample() {
    TeacherPartitions parts = TeacherPartitions.split(PRIVATE, 1003, 5L);
    for (int t = 0; t < parts.count(); t++) {
      assertEquals(1, parts.size(t));
    }
  }
}
