package dev.pate.aggregator.votes;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class VoteMatrixTest {
  private static final VoteMatrix M =
      VoteMatrix.of(new double[][] {{1, 2}, {3, 4}, {5, 6}, {7, 8.5}});

  @Test
  void halfOpenRowSelection() {
    assertEquals(VoteMatrix.of(new double[][] {{3, 4}, {5, 6}}), M.rows(1, 3));
    assertEquals(M, M.select(RowSelection.parse(":")));
    assertEquals(M.rows(2, 4), M.select(RowSelection.parse("2:")));
    assertEquals(M.rows(0, 1), M.select(RowSelection.parse(" :1 ")));
    assertEquals("1:3", RowSelection.parse("1:3").toString());
  }

  @Test
  void selectionErrors() {
    assertMessage("rows: 2:9 is out of range for 4 queries",
        () -> M.select(RowSelection.parse("2:9")));
    assertMessage("rows: 2:2 selects no queries", () -> M.rows(2, 2));
    assertMessage("rows: end 1 is before start 3", () -> RowSelection.parse("3:1"));
    assertMessage("rows: '5' is not of the form A:B", () -> RowSelection.parse("5"));
    assertMessage("rows: '-1' in '-1:3' is not a non-negative integer",
        () -> RowSelection.parse("-1:3"));
    assertMessage("indices: entry 1 is 4, expected 0 <= index < 4", () -> M.rows(new int[] {0, 4}));
  }

  @Test
  void indexSelectionKeepsOrderAndRepeats() {
    VoteMatrix picked = M.rows(new int[] {3, 0, 3});
    assertArrayEquals(new double[] {7, 8.5}, picked.row(0));
    assertArrayEquals(new double[] {1, 2}, picked.row(1));
    assertEquals(3, picked.queries());
  }

  @Test
  void validatesCounts() {
    assertMessage("votes: row 1 has 3 counts, expected 2",
        () -> VoteMatrix.of(new double[][] {{1, 2}, {1, 2, 3}}));
    assertMessage("votes: row 0, class 1: negative count",
        () -> VoteMatrix.of(new double[][] {{1, -2}}));
    assertMessage("votes: row 0, class 0: NaN",
        () -> VoteMatrix.of(new double[][] {{Double.NaN, 2}}));
    assertMessage("votes: row 0, class 0: Infinity",
        () -> VoteMatrix.of(new double[][] {{Double.POSITIVE_INFINITY, 2}}));
    assertMessage("votes: 1 class(es) per row, expected at least 2",
        () -> VoteMatrix.of(new double[][] {{1}}));
    assertMessage("votes: no queries", () -> VoteMatrix.of(new double[0][]));
  }

  @Test
  void isImmutableAndDescribesItself() {
    double[][] rows = {{1, 2}, {3, 4}};
    VoteMatrix m = VoteMatrix.of(rows);
    rows[0][0] = 100;
    m.row(0)[0] = 100;
    assertEquals(1, m.count(0, 0));
    assertEquals(7, m.rowSum(1));
    assertEquals(7, m.maxRowSum());
    assertTrue(m.integral());
    assertTrue(!M.integral());
    assertEquals("VoteMatrix[4 queries x 2 classes]", M.toString());
  }

  private static void assertMessage(String prefix, Runnable r) {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, r::run);
    assertTrue(e.getMessage().startsWith(prefix), e.getMessage());
  }
}
