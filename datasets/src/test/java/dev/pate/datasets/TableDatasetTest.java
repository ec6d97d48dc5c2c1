package dev.pate.datasets;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;

class TableDatasetTest {
  /** 5 rows of 2 features (row r: r, -r), records 10, 11, 13, 17, 20 (gaps: dropped rows). */
  private static TableDataset table() {
    float[] features = new float[10];
    for (int r = 0; r < 5; r++) {
      features[2 * r] = r;
      features[2 * r + 1] = -r;
    }
    return TableDataset.wrap("/data/t.csv", "t.csv", List.of("a", "b=x"), 3, features,
        new int[] {0, 1, 2, 0, 1}, new int[] {10, 11, 13, 17, 20});
  }

  @Test
  void rowsKeepTheirFeaturesLabelsAndFileRecordsThroughViews() {
    TableDataset t = table();
    assertEquals(5, t.size());
    assertEquals(2, t.featureCount());
    TableDataset view = t.subset("t.csv/teacher-0", new int[] {4, 2});
    Dataset nested = view.range("t.csv/teacher-0/last", 1, 2);
    assertEquals(new ExampleId("/data/t.csv", 13), nested.exampleId(0));
    assertEquals(2, nested.label(0));
    float[] row = new float[3];
    nested.featuresAsFloats(0, row, 1);
    assertArrayEquals(new float[] {0, 2, -2}, row);
    float[] batch = new float[4];
    view.featuresAsFloats(0, 2, batch, 0);
    assertArrayEquals(new float[] {4, -4, 2, -2}, batch);
    assertArrayEquals(new int[] {1, 2}, view.labels());
    assertArrayEquals(new int[] {0, 1, 1}, view.labelHistogram());
    assertEquals(20, view.sourceIndex(0));
  }

  @Test
  void aRowIsFoundAgainByItsRecordNumberNotItsPosition() {
    // Records 10, 11, 13, 17, 20: record 13 is the third row, whatever was dropped before it.
    assertEquals(java.util.Map.of(10, 0, 11, 1, 13, 2, 17, 3, 20, 4),
        table().positionsBySourceIndex());
    assertEquals(java.util.Map.of(20, 0, 13, 1),
        table().subset("view", new int[] {4, 2}).positionsBySourceIndex());
  }

  @Test
  void badInputIsRefusedNamingTheParameter() {
    IllegalArgumentException ragged = assertThrows(IllegalArgumentException.class,
        () -> TableDataset.wrap("s", "s", List.of("a"), 2, new float[3], new int[2], new int[2]));
    assertEquals("features: length 3 is not 2 rows * 1 features", ragged.getMessage());
    IllegalArgumentException unordered = assertThrows(IllegalArgumentException.class,
        () -> TableDataset.wrap("s", "s", List.of("a"), 2, new float[2], new int[2],
            new int[] {3, 3}));
    assertEquals("records: 3 at row 1 is not > the previous record number",
        unordered.getMessage());
    assertThrows(IllegalArgumentException.class,
        () -> TableDataset.wrap("s", "s", List.of("a"), 2, new float[1], new int[] {2},
            new int[] {0}));
    assertThrows(IndexOutOfBoundsException.class, () -> table().subset(new int[] {5}));
  }
}
