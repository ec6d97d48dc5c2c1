package dev.pate.aggregator.groups;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class WeightedVotesTest {
  @Test
  void eachTeacherCountsItsWeight() {
    assertArrayEquals(new int[] {1 + 3, 0, 2},
        WeightedVotes.counts(new int[] {0, 2, 0}, new int[] {1, 2, 3}, 3));
  }

  @Test
  void badVotesAndWeightsAreRefused() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> WeightedVotes.counts(new int[] {0, 3}, new int[] {1, 1}, 3));
    assertTrue(e.getMessage().startsWith("votes[1]: 3"), e.getMessage());
    assertThrows(IllegalArgumentException.class,
        () -> WeightedVotes.counts(new int[] {0, 1}, new int[] {1, 0}, 3));
    assertThrows(IllegalArgumentException.class,
        () -> WeightedVotes.counts(new int[] {0, 1}, new int[] {1}, 3));
    assertThrows(IllegalArgumentException.class,
        () -> WeightedVotes.counts(new int[] {0, 0}, new int[] {Integer.MAX_VALUE, 1}, 2));
  }
}
