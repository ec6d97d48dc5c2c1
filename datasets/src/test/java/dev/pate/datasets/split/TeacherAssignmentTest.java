package dev.pate.datasets.split;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The assignment is the function its Javadoc specifies, checked against independent sources. */
class TeacherAssignmentTest {
  @Test
  void blockSeedsAreSplitMix64Outputs() {
    // The first outputs of SplitMix64 from state 0, the reference implementation's test vector.
    assertEquals(0xE220A8397B1DCDAFL, TeacherAssignment.blockSeed(0, 0));
    assertEquals(0x6E789E6AA1B965F4L, TeacherAssignment.blockSeed(0, 1));
    assertEquals(0x06C45D188009454FL, TeacherAssignment.blockSeed(0, 2));
  }

  @Test
  void eachBlockIsAFisherYatesShuffleDrivenByJavaUtilRandom() {
    Random random = new Random(5);
    for (int trial = 0; trial < 200; trial++) {
      int teachers = 1 + random.nextInt(300);
      long seed = random.nextLong();
      int block = random.nextInt(1000);
      // Collections.shuffle swaps element i-1 with element nextInt(i), for i = size down to 2.
      List<Integer> expected = new ArrayList<>();
      for (int t = 0; t < teachers; t++) {
        expected.add(t);
      }
      Collections.shuffle(expected, new Random(TeacherAssignment.blockSeed(seed, block)));
      int[] pi = new TeacherAssignment(seed, teachers).permutation(block);
      assertArrayEquals(expected.stream().mapToInt(Integer::intValue).toArray(), pi,
          "teachers " + teachers + ", seed " + seed + ", block " + block);
    }
  }

  @Test
  void teacherOfAPositionIsItsBlocksPermutationAtItsOffset() {
    TeacherAssignment assignment = new TeacherAssignment(99L, 7);
    for (int position = 0; position < 70; position++) {
      assertEquals(assignment.permutation(position / 7)[position % 7],
          assignment.teacherOf(position));
    }
  }

  @Test
  void badArgumentsAreRefusedNamingTheParameter() {
    assertEquals("teachers.count: 0 is not >= 1",
        assertThrows(IllegalArgumentException.class, () -> new TeacherAssignment(1, 0))
            .getMessage());
    TeacherAssignment assignment = new TeacherAssignment(1, 3);
    assertEquals("position: -1 is not >= 0",
        assertThrows(IllegalArgumentException.class, () -> assignment.teacherOf(-1))
            .getMessage());
    assertEquals("block: -2 is not >= 0",
        assertThrows(IllegalArgumentException.class, () -> assignment.permutation(-2))
            .getMessage());
  }
}
