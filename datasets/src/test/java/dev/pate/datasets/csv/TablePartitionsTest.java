package dev.pate.datasets.csv;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.pate.datasets.split.TeacherPartitions;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Read through the CSV loader, a record that becomes a dropped row (a missing value under {@code
 * missing_policy: drop}) changes one teacher's partition only, by that record: the loader's record
 * numbers count dropped rows, and teachers are assigned by record number.
 */
class TablePartitionsTest {
  private static final int RECORDS = 90;
  private static final int TEACHERS = 7;
  private static final int CHANGED = 41;

  @TempDir Path dir;

  private static String[] rows(int missingAt) {
    String[] lines = new String[RECORDS + 1];
    lines[0] = "age,job,id,y";
    for (int r = 0; r < RECORDS; r++) {
      String age = r == missingAt ? "?" : String.valueOf(20 + r % 50);
      lines[r + 1] = age + "," + (r % 2 == 0 ? "clerk" : "driver") + "," + r + ","
          + (r % 3 == 0 ? "yes" : "no");
    }
    return lines;
  }

  private TeacherPartitions partitions(String name, int missingAt) {
    Path privateFile = CsvFiles.write(dir, name, rows(missingAt));
    Path publicFile = CsvFiles.write(dir, "public.csv", rows(-1));
    TableData data = TableLoader.load(CsvFiles.schema(), new CsvFile(privateFile, 0),
        new CsvFile(publicFile, 0), 60);
    return TeacherPartitions.split(data.privateSet(), TEACHERS, 12L);
  }

  @Test
  void aRecordDroppedForAMissingValueChangesOnlyItsTeacherByItsPosition() {
    TeacherPartitions full = partitions("private.csv", -1);
    TeacherPartitions dropped = partitions("neighbour.csv", CHANGED);
    assertEquals(RECORDS - 1, dropped.privateSet().size());

    int[] changed = IntStream.range(0, TEACHERS)
        .filter(t -> !Arrays.equals(full.positions(t), dropped.positions(t))).toArray();
    assertEquals(1, changed.length, "teachers " + Arrays.toString(changed) + " changed");
    int[] without = Arrays.stream(full.positions(changed[0])).filter(p -> p != CHANGED).toArray();
    assertArrayEquals(without, dropped.positions(changed[0]));
  }
}
