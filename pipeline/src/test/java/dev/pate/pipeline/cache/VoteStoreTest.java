package dev.pate.pipeline.cache;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pate.files.UserError;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A multi-label ensemble's cached votes: each teacher's label set per pool canvas, checked. */
class VoteStoreTest {

  @Test
  void multiLabelVotesRoundTripAndAMaskOutsideTheLabelsIsRefusedWithItsLine(@TempDir Path dir)
      throws IOException {
    Path file = dir.resolve("votes.csv");
    VoteStore store = VoteStore.multiLabel(file, 3, 4);
    store.write(Map.of(7, new int[] {0, 15, 9}, 2, new int[] {1, 2, 3}));
    Map<Integer, int[]> read = store.read();
    assertArrayEquals(new int[] {0, 15, 9}, read.get(7));
    assertArrayEquals(new int[] {1, 2, 3}, read.get(2));
    assertTrue(Files.readString(file).startsWith("index,teacher_0,teacher_1,teacher_2\n"));

    Files.writeString(file, Files.readString(file).replace("7,0,15,9", "7,0,16,9"));
    UserError refused = assertThrows(UserError.class, store::read);
    assertTrue(refused.getMessage().contains("line 3: label set 16 is not a bit mask over 4"
        + " labels"), refused.getMessage());
  }
}
