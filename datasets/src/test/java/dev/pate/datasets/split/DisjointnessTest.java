package dev.pate.datasets.split;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pate.datasets.Dataset;
import dev.pate.datasets.ImageDataset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class DisjointnessTest {
  private static final ImageDataset TRAIN = Toy.dataset("toy/train", 500);
  private static final ImageDataset TEST = Toy.dataset("toy/test", 100);

  @Test
  void properSplitsPassAndEveryExampleIsCounted() {
    TeacherPartitions parts = TeacherPartitions.split(TRAIN, 8, 11L);
    PublicSplit publicSplit = PublicSplit.of(TEST, 90);
    // Same indices in different source splits are different examples.
    assertEquals(600, Disjointness.verify(parts, publicSplit));
  }

  @Test
  void theValidationSplitIsCheckedToo() {
    TeacherPartitions parts = TeacherPartitions.split(TRAIN, 8, 11L);
    PublicSplit split = PublicSplit.of(TEST, 90).withValidation(10);
    assertEquals(600, Disjointness.verify(parts, split));
    PublicSplit leaky = new PublicSplit(split.pool(), split.holdout(),
        TEST.range("toy/test/validation", 75, 85));
    IllegalStateException e =
        assertThrows(IllegalStateException.class, () -> Disjointness.verify(parts, leaky));
    assertTrue(e.getMessage().contains("example toy/test#75 is in both toy/test/pool and"
        + " toy/test/validation"), e.getMessage());
  }

  @Test
  void overlapBetweenTeachersIsCaught() {
    TeacherPartitions parts = TeacherPartitions.split(TRAIN, 4, 11L);
    List<Dataset> teachers = new ArrayList<>(parts.teachers());
    int stolen = parts.indices(1)[5];
    int[] grown = Arrays.copyOf(parts.indices(3), parts.size(3) + 1);
    grown[grown.length - 1] = stolen;
    teachers.set(3, TRAIN.subset("toy/train/teacher-3", grown));
    PublicSplit publicSplit = PublicSplit.of(TEST, 90);

    IllegalStateException e =
        assertThrows(
            IllegalStateException.class,
            () -> Disjointness.verify(teachers, publicSplit.pool(), publicSplit.holdout()));

    assertEquals(
        "disjointness violated: example toy/train#"
            + stolen
            + " is in both toy/train/teacher-1 and toy/train/teacher-3; teacher partitions and"
            + " public data must not share examples",
        e.getMessage());
  }

  @Test
  void teacherDataInThePublicPoolIsCaught() {
    TeacherPartitions parts = TeacherPartitions.split(TRAIN, 2, 11L);
    ImageDataset leakyPool = TRAIN.range("toy/train/pool", 0, 50);
    PublicSplit honest = PublicSplit.of(TEST, 90);

    IllegalStateException e =
        assertThrows(
            IllegalStateException.class,
            () -> Disjointness.verify(parts.teachers(), leakyPool, honest.holdout()));

    assertTrue(e.getMessage().contains(" and toy/train/pool;"), e.getMessage());
  }

  @Test
  void poolOverlappingHoldoutIsCaught() {
    ImageDataset pool = TEST.range("toy/test/pool", 0, 60);
    ImageDataset holdout = TEST.range("toy/test/holdout", 50, 100);
    IllegalStateException e =
        assertThrows(
            IllegalStateException.class, () -> Disjointness.verify(List.of(), pool, holdout));
    assertEquals(
        "disjointness violated: example toy/test#50 is in both toy/test/pool and"
            + " toy/test/holdout; teacher partitions and public data must not share examples",
        e.getMessage());
  }

  @Test
  void duplicateWithinOneGroupIsCaught() {
    ImageDataset twice = TRAIN.subset("toy/train/teacher-0", new int[] {3, 4, 3});
    IllegalStateException e =
        assertThrows(IllegalStateException.class, () -> Disjointness.verify(List.of(twice)));
    assertEquals(
        "disjointness violated: example toy/train#3 is twice in toy/train/teacher-0; teacher"
            + " partitions and public data must not share examples",
        e.getMessage());
  }
}
