package dev.pate.datasets.csv;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pate.datasets.split.Disjointness;
import dev.pate.datasets.split.TeacherPartitions;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Table rows are identified by file and record, so the run-time disjointness check works. */
class TableDisjointnessTest {
  @TempDir Path dir;

  private static String[] rows(int n) {
    String[] lines = new String[n + 1];
    lines[0] = "age,job,id,y";
    for (int r = 1; r <= n; r++) {
      lines[r] = (20 + r) + "," + (r % 2 == 0 ? "clerk" : "driver") + "," + r + ","
          + (r % 3 == 0 ? "yes" : "no");
    }
    return lines;
  }

  @Test
  void separateFilesAreDisjoint() {
    Path privateFile = CsvFiles.write(dir, "private.csv", rows(40));
    Path publicFile = CsvFiles.write(dir, "public.csv", rows(20));
    TableData data = TableLoader.load(CsvFiles.schema(), new CsvFile(privateFile, 0),
        new CsvFile(publicFile, 0), 15);
    TeacherPartitions parts = TeacherPartitions.split(data.privateSet(), 4, 3);
    assertEquals(60, Disjointness.verify(parts, data.publicSplit()));
  }

  @Test
  void theSameFileAsPrivateAndPublicDataIsCaught() {
    Path file = CsvFiles.write(dir, "both.csv", rows(40));
    // Reached through another path: the id is the real path, so this is still caught.
    Path sameFile = dir.resolve(".").resolve("both.csv");
    TableData data = TableLoader.load(CsvFiles.schema(), new CsvFile(file, 0),
        new CsvFile(sameFile, 0), 30);
    TeacherPartitions parts = TeacherPartitions.split(data.privateSet(), 4, 3);
    IllegalStateException e = assertThrows(IllegalStateException.class,
        () -> Disjointness.verify(parts, data.publicSplit()));
    assertTrue(e.getMessage().startsWith("disjointness violated: example "), e.getMessage());
  }
}
