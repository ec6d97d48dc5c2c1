package dev.pate.aggregator.multilabel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pate.files.UserError;
import dev.pate.files.npy.NpyWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The (queries, teachers, labels) 0/1 vote file. */
class MultiLabelVoteFileTest {
  @TempDir Path dir;

  @Test
  void roundTripsEveryTeachersVoteVector() throws Exception {
    List<MultiLabelVotes> votes = List.of(
        new MultiLabelVotes(3, new int[] {0b101, 0b000}),
        new MultiLabelVotes(3, new int[] {0b111, 0b010}));
    Path file = dir.resolve("v.npy");
    MultiLabelVoteFile.write(file, votes);
    assertEquals(votes, MultiLabelVoteFile.read(file));
  }

  @Test
  void readsFloatVotesInCOrder() throws Exception {
    // Query 0: teacher 0 votes label 1; teacher 1 votes labels 0 and 1.
    double[] values = {0, 1, 1, 1};
    java.nio.ByteBuffer data = java.nio.ByteBuffer.allocate(32)
        .order(java.nio.ByteOrder.LITTLE_ENDIAN);
    for (double v : values) {
      data.putDouble(v);
    }
    Path file = dir.resolve("f.npy");
    Files.write(file, NpyWriter.npy("<f8", false, "(1, 2, 2)", data.array()));
    assertEquals(List.of(new MultiLabelVotes(2, new int[] {0b10, 0b11})),
        MultiLabelVoteFile.read(file));
  }

  @Test
  void namesTheFileAndTheElementOrShapeThatIsWrong() throws Exception {
    Path twoD = dir.resolve("two-d.npy");
    Files.write(twoD, NpyWriter.npy("|u1", false, "(2, 2)", new byte[4]));
    UserError shape = assertThrows(UserError.class, () -> MultiLabelVoteFile.read(twoD));
    assertTrue(shape.getMessage().contains("two-d.npy") && shape.getMessage().contains("shape"),
        shape.getMessage());
    Path notBinary = dir.resolve("three.npy");
    Files.write(notBinary, NpyWriter.npy("|u1", false, "(1, 1, 2)", new byte[] {1, 3}));
    UserError vote = assertThrows(UserError.class, () -> MultiLabelVoteFile.read(notBinary));
    assertTrue(vote.getMessage().contains("[0, 0, 1]"), vote.getMessage());
  }
}
